'use strict';
// The live scorecard (every page with #card) and the scorekeeper's forms (#entry, on the
// page opened with the scorekeeper's link). Every write carries what the person saw: the
// round the form showed, the round a correction was based on (was=), the change an undo
// names (change=); the server refuses (409) when it is no longer so, and the form redraws
// from the state it sends back, keeping what was typed.
(() => {
  const body = document.body;
  const card = document.getElementById('card');
  if (!card) return;
  const live = document.getElementById('live');
  const entry = document.getElementById('entry');
  const token = body.dataset.token || '';
  const follow = body.dataset.follow || '';
  let state = null;
  try {
    state = JSON.parse(document.getElementById('state').textContent);
  } catch (e) {
    state = null;
  }
  let restarted = false;

  const el = (tag, props, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  };

  const setLive = (on, text) => {
    live.className = on ? 'live on' : 'live';
    live.textContent = text;
  };

  // The server restarted with a fresh token: this page can no longer write. Say so at
  // once, in place of the forms, instead of refusing every save.
  const showRestarted = (text) => {
    restarted = true;
    live.className = 'live gone';
    live.textContent = 'Not live: the server was restarted.';
    if (entry) entry.replaceChildren(el('p', { className: 'message error', role: 'alert' }, text));
  };
  const checkKeeper = async () => {
    if (!token) return;
    try {
      const response = await fetch('/api/keeper', { headers: { 'X-Crowns-Token': token }, cache: 'no-store' });
      if (response.status === 403) showRestarted((await response.json()).error);
    } catch (e) {
      // Away for a moment: the stream's next open asks again.
    }
  };

  const source = new EventSource('/events' + (follow ? '?game=' + encodeURIComponent(follow) : ''));
  source.addEventListener('open', () => {
    if (!restarted) setLive(true, 'Live: updates by itself.');
    checkKeeper();
  });
  source.addEventListener('error', () => {
    if (!restarted) setLive(false, 'Connection lost: reconnecting…');
  });
  source.addEventListener('card', (event) => {
    const data = JSON.parse(event.data);
    card.innerHTML = data.html;
    body.dataset.version = String(data.version);
    state = data.state;
    if (entry) renderEntry();
  });

  if (!entry) return;
  const message = el('p', { className: 'message', role: 'status' });

  const say = (kind, text) => {
    message.className = 'message' + (kind ? ' ' + kind : '');
    message.textContent = text;
  };

  // Sends a form; answers the server's JSON with its status. A refusal with the game's state
  // (409) redraws the forms from it; a refused token asks whether the server restarted.
  const post = async (path, form) => {
    const fields = new URLSearchParams(new FormData(form));
    say('', 'Sending…');
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'X-Crowns-Token': token, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
      const data = await response.json();
      if (!response.ok) {
        say('error', data.error || 'refused (' + response.status + ')');
        if (response.status === 403) checkKeeper();
        if (data.state !== undefined) {
          state = data.state;
          renderEntry();
        }
        return false;
      }
      say('ok', data.message);
      // The game as this write left it; the live stream follows with the card.
      if (data.state !== undefined) state = data.state;
      return true;
    } catch (e) {
      say('error', 'Not sent: the server cannot be reached.');
      return false;
    }
  };

  const hidden = (name, value) => el('input', { type: 'hidden', name, value: String(value) });
  const textInput = (name, label) => {
    const input = el('input', { type: 'text', name, autocomplete: 'off', autocapitalize: 'off', spellcheck: false });
    input.setAttribute('aria-label', label);
    return input;
  };
  const unusual = () =>
    el('label', { className: 'check' }, el('input', { type: 'checkbox', name: 'force', value: '1' }), ' accept an unusual value');
  const seatRow = (name, input, extra) =>
    el('div', { className: 'seat' }, el('span', { className: 'who', title: name }, name), input, extra || el('span'));

  // The value a recorded cell shows in the edit form: its cards, "out", or its points.
  const cellValue = (round, name) => {
    if (round.hands && round.hands[name]) return round.hands[name];
    if (round.went_out === name) return 'out';
    return String(round.scores[name]);
  };
  // A round as the server compares it (was=): points per seat, 0* for who went out.
  const cellsOf = (round) => state.players.map((name) => (round.went_out === name ? '0*' : String(round.scores[name])));

  // --- Record the next round. Kept while its round is still next; when another phone or the
  // terminal records it, redrawn for the round now next with what was typed carried over.
  const roundForm = (carried, from) => {
    const next = state.next;
    const form = el('form', { id: 'round-form' });
    form.append(el('h2', {}, 'Record round ' + next.round + ' ', el('small', {}, next.cards + ' cards · ' + next.wild + 's wild')));
    form.append(hidden('game', state.id), hidden('round', next.round));
    if (carried) {
      form.append(el('p', { className: 'message note', role: 'alert' },
        'Round ' + from + ' was recorded meanwhile. What you typed is kept below for round ' + next.round +
        ': check it before you save.'));
    }
    form.append(el('p', { className: 'meta' }, 'Points, out, or the cards left (7h 8h jk). ' +
      next.dealer + ' deals, ' + next.starts + ' starts.'));
    const inputs = state.players.map((name, seat) => {
      const input = textInput('v' + seat, name + ': points or cards left');
      input.placeholder = 'pts or cards';
      const out = el('input', { type: 'radio', name: 'out', value: String(seat) });
      if (carried) {
        input.value = carried.values[seat] || '';
        if (input.value !== '') input.classList.add('carried');
        out.checked = carried.out === String(seat);
      }
      form.append(seatRow(name, input, el('label', { className: 'out' }, out, ' out')));
      return input;
    });
    form.append(unusual());
    form.append(el('div', {}, el('button', { type: 'submit' }, 'Record round ' + next.round)));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (await post('/api/round', form)) {
        shown.round = null;
        renderEntry();
      }
    });
    const typed = () => {
      const out = form.querySelector('input[name=out]:checked');
      const values = inputs.map((i) => i.value);
      if (!out && values.every((v) => v === '')) return null;
      return { values, out: out ? out.value : '' };
    };
    return { node: form, game: state.id, round: next.round, typed };
  };

  // --- Correct a round. Once touched (a round chosen, a value typed), it keeps the round and
  // the values whatever comes in, and says what changed in that round meanwhile.
  const editForm = () => {
    const form = el('form', { id: 'edit-form' });
    form.append(el('h2', {}, 'Correct a round'));
    const was = hidden('was', '');
    form.append(hidden('game', state.id), was);
    const pick = el('select', { name: 'round' });
    pick.setAttribute('aria-label', 'round to correct');
    form.append(pick);
    const note = el('p', { className: 'message note', role: 'alert' });
    form.append(note);
    const inputs = state.players.map((name, seat) => {
      const input = textInput('v' + seat, name + ': corrected value');
      form.append(seatRow(name, input));
      return input;
    });
    form.append(unusual());
    const save = el('button', { type: 'submit' }, 'Save the correction');
    form.append(el('div', {}, save));
    const self = { node: form, game: state.id, touched: false };
    const options = () => {
      const chosen = pick.value;
      pick.replaceChildren(...state.rounds.map((r) => el('option', { value: String(r.round) }, 'Round ' + r.round)));
      if (chosen) pick.value = chosen;
    };
    const fill = () => {
      const round = state.rounds[Number(pick.value) - 1];
      state.players.forEach((name, seat) => {
        inputs[seat].value = cellValue(round, name);
        delete inputs[seat].dataset.typed;
      });
      was.value = cellsOf(round).join(',');
      note.textContent = '';
      save.disabled = false;
    };
    // The state changed: a touched form keeps its round and values, and says what changed.
    self.update = () => {
      if (!self.touched) {
        pick.value = '';
        options();
        pick.value = String(state.rounds.length);
        fill();
        return;
      }
      const chosen = Number(pick.value);
      options();
      const round = state.rounds[chosen - 1];
      if (!round) {
        note.textContent = 'Round ' + chosen + ' was undone meanwhile: there is nothing to correct.';
        save.disabled = true;
        return;
      }
      pick.value = String(chosen);
      const before = was.value.split(',');
      const now = cellsOf(round);
      const what = state.players
        .filter((name, seat) => before[seat] !== now[seat])
        .map((name) => name + ' is now ' + (round.went_out === name ? 'out' : round.scores[name]));
      if (what.length > 0) {
        // What was typed stays; the rest shows the round as it is now.
        state.players.forEach((name, seat) => {
          if (!inputs[seat].dataset.typed) inputs[seat].value = cellValue(round, name);
        });
        note.textContent = 'Round ' + chosen + ' changed meanwhile: ' + what.join(', ') + ' — your values are kept.';
        was.value = now.join(',');
      }
    };
    pick.addEventListener('change', () => {
      self.touched = true;
      fill();
    });
    form.addEventListener('input', (event) => {
      self.touched = true;
      if (event.target.type === 'text') event.target.dataset.typed = '1';
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (await post('/api/edit', form)) {
        self.touched = false;
        self.update();
      }
    });
    self.update();
    return self;
  };

  // --- Undo: names the change it removes, and sends which (the server refuses another).
  const undoForm = () => {
    const form = el('form', { id: 'undo-form' });
    const change = hidden('change', '');
    const game = hidden('game', '');
    const button = el('button', { type: 'submit', className: 'quiet' });
    form.append(game, change, button);
    const self = { node: form };
    self.update = () => {
      game.value = String(state.id);
      change.value = String(state.undo.change);
      button.textContent = state.undo.label;
      self.says = state.undo.says;
    };
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (window.confirm(self.says + '. Undo it?')) await post('/api/undo', form);
    });
    self.update();
    return self;
  };

  const shown = { round: null, edit: null, undo: null };
  // Puts the forms in the entry, moving nothing that is already in place (a field being
  // typed in keeps its focus and the phone's keyboard).
  const place = (nodes) => {
    const now = [...entry.children];
    if (now.length === nodes.length && now.every((n, i) => n === nodes[i])) return;
    entry.replaceChildren(...nodes);
  };

  function renderEntry() {
    if (restarted) return;
    entry.hidden = false;
    if (!state) {
      shown.round = shown.edit = shown.undo = null;
      place([message, el('p', {}, 'No game to score yet: start one with crowns new.')]);
      return;
    }
    if (state.status === 'active' && state.next) {
      const old = shown.round && shown.round.game === state.id ? shown.round : null;
      if (!old || old.round !== state.next.round) {
        const carried = old ? old.typed() : null;
        shown.round = roundForm(carried, old ? old.round : 0);
      }
    } else {
      shown.round = null;
    }
    if (state.rounds.length > 0) {
      if (!shown.edit || shown.edit.game !== state.id) shown.edit = editForm();
      else shown.edit.update();
    } else {
      shown.edit = null;
    }
    if (state.undo) {
      if (!shown.undo) shown.undo = undoForm();
      else shown.undo.update();
    } else {
      shown.undo = null;
    }
    place([message, ...[shown.round, shown.edit, shown.undo].filter(Boolean).map((f) => f.node)]);
  }
  renderEntry();
})();
