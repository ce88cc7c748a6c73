#pragma once
// The stylesheet and script of `crowns serve`, compiled into the binary: nothing is read
// from disk or fetched from elsewhere. Phone first (360 px), up to a desktop's width;
// light and dark by the phone's setting.

#include <string_view>

namespace crowns::serve {

inline constexpr std::string_view kStylesheet = R"css(
:root { color-scheme: light dark; --bg: #fff; --fg: #111; --muted: #555; --line: #d0d0d0;
  --accent: #0b5cad; --lead: #fff1b8; --bad: #b42318; --good: #1a7f37; --box: #f4f4f4; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121212; --fg: #eee; --muted: #aaa; --line: #3a3a3a; --accent: #7ab8ff;
    --lead: #3b3414; --bad: #ff8a80; --good: #7bd88f; --box: #1d1d1d; } }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.4;
  font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
nav { display: flex; gap: .25rem; overflow-x: auto;
  padding: .4rem .5rem; background: var(--bg); border-bottom: 1px solid var(--line); }
nav a { padding: .45rem .7rem; border-radius: .5rem; color: var(--accent);
  text-decoration: none; white-space: nowrap; }
nav a[aria-current] { background: var(--accent); color: var(--bg); }
main { max-width: 60rem; margin: 0 auto; padding: .75rem; }
h1 { font-size: 1.35rem; margin: .25rem 0; overflow-wrap: anywhere; }
h1 small, h2 small { color: var(--muted); font-weight: normal; font-size: .8em; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
p { margin: .35rem 0; overflow-wrap: anywhere; }
a { color: var(--accent); }
.meta, .key { color: var(--muted); font-size: .9rem; }
.live { color: var(--muted); font-size: .85rem; }
.live.on::before { content: "● "; color: var(--good); }
.next { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .5rem;
  margin: .75rem 0; }
.next > div { background: var(--box); border: 1px solid var(--line); border-radius: .6rem;
  padding: .45rem .65rem; min-width: 0; }
.next span { display: block; color: var(--muted); font-size: .8rem; }
.next b { display: block; font-size: 1.3rem; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.next small { color: var(--muted); font-size: .8rem; font-weight: normal; }
@media (min-width: 40rem) { .next { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.result { font-size: 1.15rem; font-weight: bold; margin: .75rem 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .35rem .5rem; text-align: right; border-bottom: 1px solid var(--line);
  white-space: nowrap; }
th { font-size: .85rem; color: var(--muted); font-weight: 600; }
.name { text-align: left; max-width: 11rem; overflow: hidden; text-overflow: ellipsis; }
table.standings { width: 100%; margin: .5rem 0 1rem; font-size: 1.1rem; }
table.standings td.name { max-width: 0; width: 100%; }
table.standings .total { font-weight: bold; }
table.standings em { font-style: normal; font-size: .75rem; background: var(--accent);
  color: var(--bg); border-radius: .3rem; padding: .05rem .35rem; vertical-align: middle; }
tr.lead td { background: var(--lead); }
.scroll { overflow-x: auto; max-width: 100%; border: 1px solid var(--line); border-radius: .5rem; }
table.rounds th:first-child, table.rounds td:first-child { position: sticky; left: 0;
  background: var(--bg); }
table.rounds td { vertical-align: top; }
table.rounds th.name { max-width: 6.5rem; }
table.rounds .run { display: block; color: var(--muted); font-size: .75rem; }
table.rounds td.out { font-weight: bold; color: var(--good); }
table.rounds abbr { text-decoration: none; }
ul.games { list-style: none; padding: 0; margin: 0; }
ul.games li { border-bottom: 1px solid var(--line); padding: .5rem 0; overflow-wrap: anywhere; }
ul.games a { text-decoration: none; }
.pager { margin: 1rem 0; border: 0; flex-wrap: wrap; align-items: center; padding: 0; }
table.board { width: 100%; }
form { background: var(--box); border: 1px solid var(--line); border-radius: .6rem;
  padding: .75rem; margin: .75rem 0; }
form h2 { margin-top: 0; }
.seat { display: grid; grid-template-columns: minmax(0, 1fr) 8.5rem auto; gap: .5rem;
  align-items: center; padding: .3rem 0; }
.seat .who { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
input[type=text], select { font: inherit; width: 100%; padding: .45rem .5rem; border-radius: .4rem;
  border: 1px solid var(--line); background: var(--bg); color: var(--fg); min-height: 2.6rem; }
label.out { font-size: .85rem; white-space: nowrap; }
input[type=radio], input[type=checkbox] { width: 1.2rem; height: 1.2rem; vertical-align: middle; }
button { font: inherit; padding: .6rem 1rem; border-radius: .5rem; border: 0; min-height: 2.75rem;
  background: var(--accent); color: var(--bg); margin-top: .5rem; }
button.quiet { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
.message { margin: .5rem 0; padding: .5rem .75rem; border-radius: .5rem; }
.message.error, p.error { color: var(--bad); border: 1px solid var(--bad); }
.message.ok { color: var(--good); border: 1px solid var(--good); }
.message:empty { display: none; }
code { overflow-wrap: anywhere; }
)css";

inline constexpr std::string_view kScript = R"js(
'use strict';
(() => {
  const body = document.body;
  const card = document.getElementById('card');
  if (!card) return;
  const live = document.getElementById('live');
  const entry = document.getElementById('entry');
  const token = body.dataset.token || '';
  const follow = body.dataset.follow || '';
  let state = null;
  try { state = JSON.parse(document.getElementById('state').textContent); } catch (e) { state = null; }

  const el = (tag, props, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  };

  const setLive = (on, text) => { live.className = on ? 'live on' : 'live'; live.textContent = text; };
  const source = new EventSource('/events' + (follow ? '?game=' + encodeURIComponent(follow) : ''));
  source.addEventListener('open', () => setLive(true, 'Live: updates by itself.'));
  source.addEventListener('error', () => setLive(false, 'Connection lost: reconnecting…'));
  source.addEventListener('card', (event) => {
    const data = JSON.parse(event.data);
    card.innerHTML = data.html;
    body.dataset.version = String(data.version);
    state = data.state;
    if (entry) renderEntry();
  });

  if (!entry) return;
  const message = el('p', { className: 'message', role: 'status' });
  let shownKey = '';

  const post = async (path, form) => {
    const fields = new URLSearchParams(new FormData(form));
    message.className = 'message';
    message.textContent = 'Sending…';
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'X-Crowns-Token': token, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
      const data = await response.json();
      if (!response.ok) {
        message.className = 'message error';
        message.textContent = data.error || ('refused (' + response.status + ')');
        return false;
      }
      message.className = 'message ok';
      message.textContent = data.message;
      return true;
    } catch (e) {
      message.className = 'message error';
      message.textContent = 'Not sent: the server cannot be reached.';
      return false;
    }
  };

  // The value a recorded cell shows in the edit form: its cards, "out", or its points.
  const cellValue = (round, name) => {
    if (round.hands && round.hands[name]) return round.hands[name];
    if (round.went_out === name) return 'out';
    return String(round.scores[name]);
  };

  const hidden = (name, value) => el('input', { type: 'hidden', name, value: String(value) });

  const roundForm = () => {
    const next = state.next;
    const form = el('form', { id: 'round-form' });
    form.append(el('h2', {}, 'Record round ' + next.round + ' ',
      el('small', {}, next.cards + ' cards · ' + next.wild + 's wild')));
    form.append(hidden('game', state.id), hidden('round', next.round));
    form.append(el('p', { className: 'meta' }, 'Points, out, or the cards left (7h 8h jk). ' +
      next.dealer + ' deals, ' + next.starts + ' starts.'));
    state.players.forEach((name, seat) => {
      const input = el('input', { type: 'text', name: 'v' + seat, autocomplete: 'off',
        autocapitalize: 'off', spellcheck: false, placeholder: 'pts or cards' });
      input.setAttribute('aria-label', name + ': points or cards left');
      const out = el('input', { type: 'radio', name: 'out', value: String(seat) });
      form.append(el('div', { className: 'seat' }, el('span', { className: 'who', title: name }, name),
        input, el('label', { className: 'out' }, out, ' out')));
    });
    form.append(el('label', {}, el('input', { type: 'checkbox', name: 'force', value: '1' }),
      ' accept an unusual value (--force)'));
    form.append(el('div', {}, el('button', { type: 'submit' }, 'Record round ' + next.round)));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (await post('/api/round', form)) {
        form.reset();
        renderEntry();
      }
    });
    return form;
  };

  const editForm = () => {
    const form = el('form', { id: 'edit-form' });
    form.append(el('h2', {}, 'Correct a round'));
    form.append(hidden('game', state.id));
    const pick = el('select', { name: 'round' });
    pick.setAttribute('aria-label', 'round');
    for (const r of state.rounds) pick.append(el('option', { value: String(r.round) }, 'Round ' + r.round));
    pick.value = String(state.rounds.length);
    form.append(pick);
    const inputs = state.players.map((name, seat) => {
      const input = el('input', { type: 'text', name: 'v' + seat, autocomplete: 'off',
        autocapitalize: 'off', spellcheck: false });
      input.setAttribute('aria-label', name + ': corrected value');
      form.append(el('div', { className: 'seat' }, el('span', { className: 'who', title: name }, name),
        input, el('span')));
      return input;
    });
    const fill = () => {
      const round = state.rounds[Number(pick.value) - 1];
      state.players.forEach((name, seat) => { inputs[seat].value = cellValue(round, name); });
    };
    pick.addEventListener('change', fill);
    fill();
    form.append(el('label', {}, el('input', { type: 'checkbox', name: 'force', value: '1' }),
      ' accept an unusual value (--force)'));
    form.append(el('div', {}, el('button', { type: 'submit' }, 'Save the correction')));
    form.addEventListener('submit', async (event) => { event.preventDefault(); await post('/api/edit', form); });
    return form;
  };

  const undoForm = () => {
    const form = el('form', { id: 'undo-form' });
    form.append(hidden('game', state.id));
    form.append(el('button', { type: 'submit', className: 'quiet' }, 'Undo the last change of game ' + state.id));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (window.confirm('Undo the last change of game ' + state.id + '?')) await post('/api/undo', form);
    });
    return form;
  };

  const typing = () => [...entry.querySelectorAll('#round-form input[type=text]')].some((i) => i.value !== '');

  function renderEntry() {
    const key = state ? [state.id, state.status, state.rounds.length, JSON.stringify(state.rounds)].join('|') : '';
    if (key === shownKey) return;
    // A round recorded elsewhere while this form is half typed: keep what was typed; the
    // server refuses it if its round is already in, with the reason.
    if (shownKey !== '' && typing()) return;
    shownKey = key;
    entry.replaceChildren(message);
    entry.hidden = false;
    if (!state) { entry.append(el('p', {}, 'No game to score: start one with crowns new.')); return; }
    if (state.status === 'active') entry.append(roundForm());
    if (state.rounds.length > 0) entry.append(editForm());
    entry.append(undoForm());
  }
  renderEntry();
})();
)js";

// A page served from before a change (marked by the note #updating, which loads this): asks
// for the page again (HEAD, no body) every second and reloads it once the server says it is
// fresh (X-Crowns-Fresh: yes).
inline constexpr std::string_view kUpdatingScript = R"js(
'use strict';
(() => {
  const note = document.getElementById('updating');
  if (!note) return;
  const look = async () => {
    try {
      const response = await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
      if (response.ok && response.headers.get('X-Crowns-Fresh') === 'yes') {
        note.textContent = 'Updated: loading the new page…';
        location.reload();
        return;
      }
    } catch (e) {
      // The server is away for a moment: look again.
    }
    setTimeout(look, 1000);
  };
  setTimeout(look, 1000);
})();
)js";

}  // namespace crowns::serve
