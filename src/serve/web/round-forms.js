import { confirmThen } from './game-forms.js';
import { el, page } from './page.js';
import { picker } from './picker.js';
import { redraw, shown } from './redraw.js';
import { cellValue, cellsOf, hidden, keepTyped, post, seatRow, seated, store, textInput, typedKey, unusual } from './writes.js';

// --- Record the next round. Kept while its round is still next; when another phone or the
// terminal records it, redrawn for the round now next with what was typed carried over.
export const roundForm = (carriedFrom, from) => {
  const next = page.state.next;
  const key = typedKey(page.state.id, next.round);
  const kept = carriedFrom ? null : store.read(key);
  const carried = carriedFrom || kept;
  const form = el('form', { id: 'round-form' });
  form.append(el('h2', {}, 'Record round ' + next.round + ' ', el('small', {}, next.cards + ' cards · ' + next.wild + 's wild')));
  form.append(hidden('game', page.state.id), hidden('round', next.round));
  // Values carried over from a round another door recorded meanwhile name the round they
  // were typed for: the server asks before it records them as a copy of that round.
  let typedFor = carried ? carried.typedFor || from || next.round : next.round;
  const typedField = hidden('typed', typedFor);
  if (typedFor !== next.round) form.append(typedField);
  let note = null;
  if (carried && typedFor !== next.round) {
    note = el('p', { className: 'message note', role: 'alert' },
      'Round ' + typedFor + ' was recorded meanwhile. What you typed for it is kept below: saving it asks ' +
      'whether it is round ' + typedFor + ' again or round ' + next.round + '.');
  } else if (kept) {
    note = el('p', { className: 'message note', role: 'status' },
      'What you typed earlier on this phone for round ' + next.round + ' is back in the fields: save it, or clear it.');
  }
  if (note) form.append(note);
  form.append(el('p', { className: 'meta' }, 'Points, out, or the cards left (7h 8h jk). ' +
    next.dealer + ' deals, ' + next.starts + ' starts.'));
  const inputs = page.state.players.map((name, seat) => {
    const input = textInput('v' + seat, name + ': points or cards left');
    input.placeholder = 'pts or cards';
    const out = el('input', { type: 'checkbox', name: 'out', value: String(seat) });
    if (carried) {
      input.value = carried.values[seat] || '';
      if (input.value !== '') input.classList.add('carried');
      out.checked = carried.out === String(seat);
    }
    const cards = el('button', { type: 'button', className: 'quiet pick' }, 'cards');
    cards.setAttribute('aria-label', name + ': pick the cards left');
    cards.setAttribute('aria-expanded', 'false');
    const holder = el('div', { className: 'picked', hidden: true });
    cards.addEventListener('click', () => {
      if (!holder.firstChild) holder.append(picker(input, () => next.wild).node);
      holder.hidden = !holder.hidden;
      cards.setAttribute('aria-expanded', String(!holder.hidden));
    });
    form.append(seatRow(name, input, el('span', { className: 'tools' }, el('label', { className: 'out' }, out, ' out'), cards)), holder);
    return input;
  });
  form.append(unusual());
  const clear = el('button', { type: 'button', className: 'quiet' }, 'Clear');
  clear.setAttribute('aria-label', 'clear what is typed for round ' + next.round);
  form.append(el('div', { className: 'row' }, el('button', { type: 'submit' }, 'Record round ' + next.round), clear));
  const typed = () => {
    const out = form.querySelector('input[name=out]:checked');
    const values = inputs.map((i) => i.value);
    if (!out && values.every((v) => v === '')) return null;
    return { values, out: out ? out.value : '', typedFor };
  };
  const keep = () => store.write(key, typed());
  if (carriedFrom) keep();
  keepTyped(form, inputs, clear, key, keep);
  // Cleared: what is typed from now on is typed for this round.
  clear.addEventListener('click', () => {
    typedFor = next.round;
    typedField.remove();
    if (note) note.remove();
  });
  const recorded = () => {
    // Saved: nothing typed is left to keep, nor what the live stream's card (come before
    // this answer) carried to the next round.
    store.write(key, null);
    store.write(typedKey(page.state.id, next.round + 1), null);
    shown.round = null;
    redraw();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = new URLSearchParams(new FormData(form));
    if (await post('/api/round', fields, recorded)) recorded();
    else confirmThen(fields, '/api/round', recorded, () => clear.click());
  });
  return { node: form, game: page.state.id, round: next.round, seats: page.state.players.length, typed };
};

// --- Correct a round. Once touched (a round chosen, a value typed), it keeps the round and
// the values whatever comes in, and says what changed in that round meanwhile.
export const editForm = () => {
  const form = el('form', { id: 'edit-form' });
  form.append(el('h2', {}, 'Correct a round'));
  const was = hidden('was', '');
  form.append(hidden('game', page.state.id), was);
  const pick = el('select', { name: 'round' });
  form.append(el('label', { className: 'field' }, 'Round to correct', pick));
  const note = el('p', { className: 'message note', role: 'alert' });
  form.append(note);
  const inputs = page.state.players.map((name, seat) => {
    const input = textInput('v' + seat, name + ': corrected value');
    form.append(seatRow(name, input));
    return input;
  });
  form.append(unusual());
  const save = el('button', { type: 'submit' }, 'Save the correction');
  const clear = el('button', { type: 'button', className: 'quiet' }, 'Clear');
  clear.setAttribute('aria-label', 'clear what is typed for the correction');
  form.append(el('div', { className: 'row' }, save, clear));
  const self = { node: form, game: page.state.id, seats: page.state.players.length, touched: false };
  // What was typed (and the round as it was shown, was=) is kept on this phone until saved
  // or cleared, as the round form's is.
  const key = typedKey(page.state.id, 'edit');
  const keep = () => {
    const values = inputs.map((i) => (i.dataset.typed ? i.value : null));
    store.write(key, values.some((v) => v !== null) ? { round: Number(pick.value), was: was.value, values } : null);
  };
  const options = () => {
    const chosen = pick.value;
    pick.replaceChildren(...page.state.rounds.map((r) => el('option', { value: String(r.round) }, 'Round ' + r.round)));
    if (chosen) pick.value = chosen;
  };
  const fill = () => {
    const round = page.state.rounds[Number(pick.value) - 1];
    page.state.players.forEach((name, seat) => {
      inputs[seat].value = cellValue(round, name);
      // Not seated yet in that round (a late arrival): nothing to correct, nothing sent.
      inputs[seat].disabled = !seated(round, name);
      inputs[seat].placeholder = seated(round, name) ? '' : 'joined later';
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
      pick.value = String(page.state.rounds.length);
      fill();
      return;
    }
    const chosen = Number(pick.value);
    options();
    const round = page.state.rounds[chosen - 1];
    if (!round) {
      note.textContent = 'Round ' + chosen + ' was undone meanwhile: there is nothing to correct.';
      save.disabled = true;
      return;
    }
    pick.value = String(chosen);
    const before = was.value.split(',');
    const now = cellsOf(round);
    const what = page.state.players
      .filter((name, seat) => before[seat] !== now[seat])
      .map((name) => name + ' is now ' + (round.went_out === name ? 'out' : round.scores[name]));
    if (what.length > 0) {
      // What was typed stays; the rest shows the round as it is now.
      page.state.players.forEach((name, seat) => {
        if (!inputs[seat].dataset.typed) inputs[seat].value = cellValue(round, name);
      });
      note.textContent = 'Round ' + chosen + ' changed meanwhile: ' + what.join(', ') + ' — your values are kept.';
      was.value = now.join(',');
      keep();
    }
  };
  pick.addEventListener('change', () => {
    self.touched = true;
    fill();
    keep();
  });
  form.addEventListener('input', (event) => {
    self.touched = true;
    if (event.target.type === 'text') event.target.dataset.typed = '1';
    keep();
  });
  const forget = () => {
    store.write(key, null);
    for (const input of inputs) input.classList.remove('carried');
    self.touched = false;
    self.update();
  };
  clear.addEventListener('click', forget);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (await post('/api/edit', form)) forget();
  });
  self.update();
  // Typed earlier on this phone (before a reload, a restart, the link opened again, or a late
  // arrival's seat): back in the fields, against the round as it was then (was=), so what
  // changed in it since is said, and a save over a change is refused.
  const kept = store.read(key);
  if (kept && !page.state.rounds[kept.round - 1]) store.write(key, null);
  if (kept && page.state.rounds[kept.round - 1] && Array.isArray(kept.values) && kept.values.length <= page.state.players.length) {
    self.touched = true;
    pick.value = String(kept.round);
    fill();
    // A seat added since (a late arrival) had no cell in a recorded round.
    const cells = String(kept.was).split(',');
    was.value = page.state.players.map((name, seat) => cells[seat] || '-').join(',');
    kept.values.forEach((v, seat) => {
      if (v === null || inputs[seat].disabled) return;
      inputs[seat].value = v;
      inputs[seat].dataset.typed = '1';
      inputs[seat].classList.add('carried');
    });
    self.update();
    if (!note.textContent) {
      note.textContent = 'What you typed earlier on this phone to correct round ' + kept.round +
        ' is back in the fields: save it, or clear it.';
    }
  }
  return self;
};
