import { confirmThen, otherTables } from './game-forms.js';
import { el, page, token } from './page.js';
import { picker } from './picker.js';
import { hidden, keepTyped, message, post, refusal, seatRow, store, textInput, typedKey, unusual } from './writes.js';

// --- After a game: the same players again, the deal passed on.
export const rematchForm = () => {
  const form = el('form', { id: 'rematch-form' });
  form.append(hidden('game', page.state.id),
    el('button', { type: 'submit' }, 'Rematch: ' + page.state.players.join(', ')),
    el('p', { className: 'meta' }, 'The same seats; the next player deals round 1.'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = new URLSearchParams(new FormData(form));
    otherTables(fields);
    if (!(await post('/api/rematch', fields))) confirmThen(fields, '/api/rematch', () => {});
  });
  return { node: form, game: page.state.id };
};

// --- A tied game: the 6-card tie-break (6s wild) of the tied players, as crowns tiebreak.
export const tiebreakForm = () => {
  const form = el('form', { id: 'tiebreak-form' });
  form.append(el('h2', {}, 'Tie-break ', el('small', {}, '6 cards · 6s wild')), hidden('game', page.state.id));
  form.append(el('p', { className: 'meta' }, 'Only ' + page.state.leaders.join(' and ') +
    ' play it; the lowest score wins. Points, out, or the cards left.'));
  // Kept on this phone until saved or cleared, as the round form's values are.
  const key = typedKey(page.state.id, 'tiebreak');
  const kept = store.read(key);
  if (kept) {
    form.append(el('p', { className: 'message note', role: 'status' },
      'What you typed earlier on this phone for the tie-break is back in the fields: save it, or clear it.'));
  }
  const inputs = [];
  for (const name of page.state.leaders) {
    const seat = page.state.players.indexOf(name);
    const input = textInput('v' + seat, name + ': tie-break points or cards left');
    const out = el('input', { type: 'checkbox', name: 'out', value: String(seat) });
    if (kept) {
      input.value = (kept.values && kept.values[seat]) || '';
      if (input.value !== '') input.classList.add('carried');
      out.checked = kept.out === String(seat);
    }
    inputs.push(input);
    const cards = el('button', { type: 'button', className: 'quiet pick' }, 'cards');
    cards.setAttribute('aria-label', name + ': pick the cards left');
    const holder = el('div', { className: 'picked', hidden: true });
    cards.addEventListener('click', () => {
      if (!holder.firstChild) holder.append(picker(input, () => 4).node);  // 6 cards: 6s wild
      holder.hidden = !holder.hidden;
    });
    form.append(seatRow(name, input, el('span', { className: 'tools' }, el('label', { className: 'out' }, out, ' out'), cards)), holder);
  }
  const clear = el('button', { type: 'button', className: 'quiet' }, 'Clear');
  clear.setAttribute('aria-label', 'clear what is typed for the tie-break');
  form.append(unusual(), el('div', { className: 'row' }, el('button', { type: 'submit' }, 'Record the tie-break'), clear));
  const keep = () => {
    const out = form.querySelector('input[name=out]:checked');
    const values = {};
    for (const input of inputs) if (input.value !== '') values[input.name.slice(1)] = input.value;
    store.write(key, out || Object.keys(values).length > 0 ? { values, out: out ? out.value : '' } : null);
  };
  keepTyped(form, inputs, clear, key, keep);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (await post('/api/tiebreak', form)) store.write(key, null);
  });
  return { node: form, game: page.state.id };
};

// --- A late arrival, seated from the next round with the total the table chooses. The form
// carries the round and the totals it showed (round=, was=): when either changes (a round
// recorded, a correction, another arrival) it is redrawn with the new highest total, keeping
// a typed name (and a typed total), and a save sent meanwhile is refused.
export const joinBasis = () => page.state.next.round + ':' + page.state.players.map((n) => page.state.totals[n]).join(',');
export const joinForm = (old) => {
  const form = el('form', { id: 'join-form' });
  const totals = page.state.players.map((n) => page.state.totals[n]);
  const highest = Math.max(...totals);
  const holder = page.state.players[totals.indexOf(highest)];
  const name = textInput('name', 'who arrives');
  name.placeholder = 'name';
  const total = el('input', { type: 'text', name: 'total', inputMode: 'numeric', value: String(highest) });
  total.setAttribute('aria-label', 'starting total');
  total.addEventListener('input', () => { total.dataset.typed = '1'; });
  // Kept on this phone until they are seated or it is cleared: the name, a typed total, the
  // form open. Drawn afresh (a reload, a restart, the link opened again), it takes them back.
  const key = typedKey(page.state.id, 'join');
  const seatedNow = (typed) => page.state.players.some((p) => p.toLowerCase() === typed.trim().toLowerCase());
  const kept = old ? null : store.read(key);
  if (kept && seatedNow(kept.name || '')) store.write(key, null);
  else if (kept) {
    name.value = kept.name || '';
    if (kept.total !== undefined && kept.total !== null) {
      total.value = kept.total;
      total.dataset.typed = '1';
    }
  }
  if (old) {
    // Redrawn under a finger: the field being typed in keeps the keyboard.
    if (document.activeElement === old.name) requestAnimationFrame(() => name.focus());
    if (document.activeElement === old.total) requestAnimationFrame(() => total.focus());
    const typedName = old.name.value.trim();
    // Seated meanwhile (by this form or another phone): the form starts empty again.
    if (typedName !== '' && !page.state.players.some((p) => p.toLowerCase() === typedName.toLowerCase())) {
      name.value = old.name.value;
      if (old.total.dataset.typed) {
        total.value = old.total.value;
        total.dataset.typed = '1';
      }
    }
  }
  const clear = el('button', { type: 'button', className: 'quiet' }, 'Clear');
  clear.setAttribute('aria-label', 'clear who arrives');
  const restored = Boolean(kept && name.value !== '');
  const details = el('details', { open: Boolean((old && old.details.open) || restored) }, el('summary', {}, 'Someone arrived late?'),
      restored ? el('p', { className: 'message note', role: 'status' },
        'What you typed earlier on this phone is back in the fields: seat them, or clear it.') : '',
      el('p', { className: 'meta' }, 'They sit after ' + page.state.players[page.state.players.length - 1] +
        ' and play from round ' + page.state.next.round + '. Many tables start them at the highest total: ' +
        highest + ' (' + holder + '\'s).'),
      el('div', { className: 'seat add join' }, el('label', { className: 'field' }, 'Name', name),
        el('label', { className: 'field' }, 'Starting total', total)),
      el('div', { className: 'row' }, el('button', { type: 'submit' }, 'Seat them'), clear));
  form.append(hidden('game', page.state.id), hidden('add', '1'), hidden('round', page.state.next.round),
    hidden('was', totals.join(',')), details);
  const keep = () => store.write(key, name.value.trim() === '' ? null
    : { name: name.value, total: total.dataset.typed ? total.value : null });
  if (old && name.value !== '') keep();
  if (old && name.value === '' && old.name.value.trim() !== '') store.write(key, null);  // seated meanwhile
  form.addEventListener('input', keep);
  clear.addEventListener('click', () => {
    name.value = '';
    total.value = String(highest);
    delete total.dataset.typed;
    store.write(key, null);
  });
  // A new name close to a roster name: "did you mean Bob?", the roster's player first.
  const seat = async (confirmedNew) => {
    const fields = new URLSearchParams(new FormData(form));
    if (confirmedNew) fields.set('new', confirmedNew);
    if (await post('/api/join', fields)) {
      store.write(key, null);
      return;
    }
    if (!refusal || refusal.confirm !== 'new_player') return;
    const asked = refusal;
    const use = el('button', { type: 'button' }, asked.use_label);
    use.addEventListener('click', () => {
      page.question = null;
      name.value = asked.close;
      keep();
      seat(null);
    });
    const other = el('button', { type: 'button', className: 'quiet' }, asked.new_label);
    other.addEventListener('click', () => {
      page.question = null;
      seat(asked.name);
    });
    message.append(el('div', { className: 'row' }, use, other));
    page.question = { applies: () => name.value === asked.name };
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    seat(null);
  });
  return { node: form, game: page.state.id, basis: joinBasis(), name, total, details };
};

// --- This table's scorekeeper's link as a QR code, for a second phone at the same table.
export const qrForm = () => {
  const box = el('div', { className: 'qr' });
  const link = '/keep/qr.svg?token=' + encodeURIComponent(token) + '&game=' + encodeURIComponent(page.state.id);
  const details = el('details', {}, el('summary', {}, 'This table\'s scorekeeper link as a QR code'),
    el('p', { className: 'meta' }, 'For a second phone at this table: scan it from this screen. Whoever scans it can change the scores.'),
    box);
  details.addEventListener('toggle', () => {
    if (details.open && !box.firstChild) {
      const img = el('img', { src: link, alt: 'QR code of this table\'s scorekeeper link', width: 240, height: 240 });
      box.append(img);
    }
  });
  return { node: el('section', { className: 'qr-holder' }, details), game: page.state.id };
};
