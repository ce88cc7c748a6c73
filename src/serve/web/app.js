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
