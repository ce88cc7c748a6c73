import { checkKeeper, connect, followTable } from './live.js';
import { body, byTable, el, page, token } from './page.js';
import { redraw, shown } from './redraw.js';

export const message = el('p', { className: 'message', role: 'status' });

export const say = (kind, text) => {
  message.className = 'message' + (kind ? ' ' + kind : '');
  message.textContent = text;
};

// A question the server asked about a write (game-forms.js, confirmThen) goes when it no
// longer applies: the round it was about is past, the form cleared, another game shown.
export const dropQuestion = () => {
  if (!page.question) return;
  page.question = null;
  say('', '');
};

// Sends a form; answers the server's JSON with its status. A refusal with the game's state
// (409) redraws the forms from it; a refused token asks whether the server restarted.
//
// Every write carries its own id (wid=), made here. A write whose answer is lost (the server
// killed mid-write, the Wi-Fi gone) is kept on this phone as it was sent and sent again, the
// same, until an answer comes: every few seconds, when the live stream connects again, and
// when the page is opened again. The server finds a write it stored already by its id and
// answers "Round 5 was saved"; it never stores one twice.
export let refusal = null;  // the last refusal's JSON (a 409 may ask to confirm)
export const PENDING = 'crowns:pending';
export let pending = null;  // { path, body, done }: the write whose answer was lost
export let retryTimer = null;
export const writeId = () => {
  const bytes = new Uint8Array(12);
  window.crypto.getRandomValues(bytes);  // offered on http:// too (randomUUID is not)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};
// The round a write still on its way was typed for (its form stays until the answer).
export const pendingRound = () => {
  if (!pending || pending.path !== '/api/round') return null;
  const fields = new URLSearchParams(pending.body);
  return page.state && fields.get('game') === String(page.state.id) ? Number(fields.get('round')) : null;
};
export const send = async (path, fields, done) => {
  let response = null;
  let data = null;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'X-Crowns-Token': token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: fields,
    });
    data = await response.json();
  } catch (e) {
    // No answer: whether it was stored is not known. Kept, and sent again as it is.
    pending = { path, body: fields.toString(), done };
    store.write(PENDING, { path, body: pending.body });
    say('error', 'No answer from the server yet: what you sent is kept on this phone and is sent ' +
      'again as soon as the server answers (it is never saved twice).');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(resend, 3000);
    return false;
  }
  const wasPending = pending !== null;
  pending = null;
  store.write(PENDING, null);
  clearTimeout(retryTimer);
  if (!response.ok) {
    refusal = data;
    say('error', data.error || 'refused (' + response.status + ')');
    if (response.status === 403) checkKeeper();
    if (data.state !== undefined) {
      page.state = data.state;
      // The table moved on meanwhile (another phone at it started its next game): this
      // page follows it there.
      if (byTable && page.state && String(page.state.id) !== page.follow) {
        followTable(page.state.id);
        connect();
      }
      redraw();
    } else if (wasPending) {
      redraw();
    }
    return false;
  }
  say('ok', data.message);
  // The game as this write left it; the live stream follows with the card.
  if (data.state !== undefined) page.state = data.state;
  // A game started (or a rematch) from this table's page is this table's game now.
  if ((path === '/api/start' || path === '/api/rematch') && page.state && byTable) {
    followTable(page.state.id);
    connect();
  }
  if (wasPending && !done && path === '/api/round') {
    // Sent again after the page was opened anew: what was typed for that round is saved.
    const sent = new URLSearchParams(fields);
    store.write(typedKey(sent.get('game'), sent.get('round')), null);
    shown.round = null;
  }
  if (wasPending) redraw();
  return true;
};
export const resend = async () => {
  if (!pending) return;
  clearTimeout(retryTimer);
  const { path, body, done } = pending;
  say('', 'Sending again…');
  if (await send(path, new URLSearchParams(body), done) && done) done();
};
export const post = async (path, form, done) => {
  const fields = form instanceof URLSearchParams ? form : new URLSearchParams(new FormData(form));
  // Every write names the state it was typed against: the game's last change this page
  // showed. The server refuses it, never applies it, once the game has moved on.
  if (page.state && page.state.change !== undefined && !fields.has('seen')) fields.set('seen', String(page.state.change));
  fields.set('wid', writeId());
  refusal = null;
  page.question = null;
  say('', 'Sending…');
  return send(path, fields, done);
};


export const hidden = (name, value) => el('input', { type: 'hidden', name, value: String(value) });
export const textInput = (name, label) => {
  const input = el('input', { type: 'text', name, autocomplete: 'off', autocapitalize: 'off', spellcheck: false });
  input.setAttribute('aria-label', label);
  return input;
};
export const unusual = () =>
  el('label', { className: 'check' }, el('input', { type: 'checkbox', name: 'force', value: '1' }), ' accept an unusual value');
export const seatRow = (name, input, extra) =>
  el('div', { className: 'seat' }, el('span', { className: 'who', title: name }, name), input, extra || el('span'));

// The value a recorded cell shows in the edit form: its cards, "out", or its points.
// A late arrival has no cell in a round before they joined.
export const seated = (round, name) => round.scores[name] !== undefined;
export const cellValue = (round, name) => {
  if (!seated(round, name)) return '';
  if (round.hands && round.hands[name]) return round.hands[name];
  if (round.went_out === name) return 'out';
  return String(round.scores[name]);
};
// A round as the server compares it (was=): points per seat, 0* for who went out.
export const cellsOf = (round) => page.state.players.map((name) => {
  if (!seated(round, name)) return '-';
  return round.went_out === name ? '0*' : String(round.scores[name]);
});

// What the scorekeeper typed into a round's form, kept in this phone's storage (by game and
// round) until it is saved or cleared: a reload, a restart of the server, the link opened
// again or the phone's browser closed lose nothing.
export const typedKey = (game, round) => 'crowns:typed:' + game + ':' + round;
export const store = {
  read: (key) => {
    try {
      return JSON.parse(window.localStorage.getItem(key) || 'null');
    } catch (e) {
      return null;
    }
  },
  write: (key, value) => {
    try {
      if (value) window.localStorage.setItem(key, JSON.stringify(value));
      else window.localStorage.removeItem(key);
    } catch (e) {
      // Storage full or refused (a private window): the form still works, unkept.
    }
  },
};

// A form of a value per player with one "out" among them (the round, the tie-break): what is
// typed is kept (`keep`) as it changes; one player goes out, so ticking one "out" unticks the
// others, and a tick can be taken back; "Clear" empties it and forgets what was kept (`key`).
export const keepTyped = (form, inputs, clear, key, keep) => {
  form.addEventListener('input', keep);
  form.addEventListener('change', (event) => {
    if (event.target.name === 'out' && event.target.checked) {
      for (const box of form.querySelectorAll('input[name=out]')) if (box !== event.target) box.checked = false;
    }
    keep();
  });
  clear.addEventListener('click', () => {
    dropQuestion();
    for (const input of inputs) {
      input.value = '';
      input.classList.remove('carried');
      input.dispatchEvent(new Event('input'));
    }
    for (const box of form.querySelectorAll('input[name=out]')) box.checked = false;
    store.write(key, null);
  });
};

export function startWrites() {
  // The stream connected again (the server is back): a write on its way goes again at once.
  document.addEventListener('crowns:open', () => { if (pending) resend(); });
  // A write whose answer was lost before this page was opened again: sent again now.
  const kept = store.read(PENDING);
  if (kept && kept.path && kept.body) {
    pending = { path: kept.path, body: kept.body, done: null };
    setTimeout(resend, 0);
  }
}
