import { byTable, el, page } from './page.js';
import { dropQuestion, hidden, message, post, refusal, say, textInput } from './writes.js';

// --- Undo: names the change it removes, and sends which (the server refuses another).
export const undoForm = () => {
  const form = el('form', { id: 'undo-form' });
  const change = hidden('change', '');
  const game = hidden('game', '');
  const button = el('button', { type: 'submit', className: 'quiet' });
  form.append(game, change, button);
  const self = { node: form };
  self.update = () => {
    game.value = String(page.state.id);
    change.value = String(page.state.undo.change);
    button.textContent = page.state.undo.label;
    self.says = page.state.undo.says;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (window.confirm(self.says + '. Undo it?')) await post('/api/undo', form);
  });
  self.update();
  return self;
};

// A table's page whose game is over starts its next game without asking: the games still in
// progress are other tables' (a club night), not one this table forgot.
export const otherTables = (fields) => {
  if (byTable && page.state && page.state.status !== 'active') fields.set('confirm', '1');
};

// A write the server asks about first (a new game while another is in progress, a round
// that reads as the one just recorded, values typed for a round recorded meanwhile): say
// why, and offer the answers, the likely one first. The question goes when it no longer
// applies (writes.js, dropQuestion).
export const confirmThen = (fields, path, done, drop) => {
  if (!refusal || !refusal.confirm) return;
  const asked = refusal;
  const game = page.state ? page.state.id : null;
  if (asked.confirm === 'typed') {
    // Values typed for round N, which another door recorded meanwhile: both side by side.
    const recorded = page.state && page.state.rounds[asked.typed_for - 1];
    const rows = page.state.players.map((name, seat) => {
      const was = !recorded || recorded.scores[name] === undefined ? '\u2013'
        : recorded.went_out === name ? 'out' : String(recorded.scores[name]);
      const typed = fields.get('out') === String(seat) ? 'out' : fields.get('v' + seat) || '\u2013';
      const differs = was !== typed && !(was === '0' && typed === '0');
      return el('tr', { className: differs ? 'differs' : '' }, el('th', { scope: 'row' }, name), el('td', {}, was), el('td', {}, typed));
    });
    const compare = el('table', { className: 'compare' },
      el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'Round ' + asked.typed_for + ' as recorded'), el('th', {}, 'What you typed'))),
      el('tbody', {}, ...rows));
    const same = el('button', { type: 'button' }, asked.drop_label);
    same.addEventListener('click', () => {
      page.question = null;
      if (drop) drop();
      say('ok', 'Dropped what you typed: round ' + asked.typed_for + ' stays as recorded.');
    });
    const other = el('button', { type: 'button', className: 'quiet' }, asked.confirm_label);
    other.addEventListener('click', async () => {
      fields.set('confirm', 'typed');
      fields.set('round', String(asked.round));
      fields.set('typed', String(asked.typed_for));
      fields.delete('seen');
      page.question = null;
      if (await post(path, fields)) done();
    });
    message.append(compare, el('div', { className: 'row' }, same, other));
    page.question = { applies: () => page.state && page.state.id === game && page.state.next && page.state.next.round === asked.round };
    return;
  }
  const repeat = asked.confirm === 'repeat';
  const go = el('button', { type: 'button' }, repeat ? asked.confirm_label : 'Start it anyway');
  go.addEventListener('click', async () => {
    fields.set('confirm', repeat ? 'repeat' : '1');
    fields.delete('seen');
    page.question = null;
    if (await post(path, fields)) done();
  });
  message.append(' ', go);
  const round = page.state && page.state.next ? page.state.next.round : null;
  page.question = { applies: () => (page.state ? page.state.id : null) === game && (page.state && page.state.next ? page.state.next.round : null) === round };
};

// The house rules a game starts under (docs/RULES.md, "House options"): each switch a
// labelled choice with crowns new's words, set to the club's default (crowns rules set) until
// the person changes it.
const houseSwitches = [
  ['order', 'Order of the rounds', [['up', 'up: 3 cards to 13'], ['down', 'down: 13 cards to 3'], ['random', 'random, each round shown when dealt']]],
  ['wild_melds', 'A meld of wild cards alone', [['yes', 'counts'], ['no', 'does not count']]],
  ['book_suits', 'The natural cards of a book', [['any', 'may repeat a suit'], ['distinct', 'all differ in suit']]],
  ['leads', 'Who plays first', [['left', 'left of the dealer'], ['out', 'who went out first last round']]],
  ['ties', 'A tie for the win', [['shared', 'is shared'], ['tiebreak', 'is played off (6 cards)']]],
];
const houseRules = () => {
  const switches = houseSwitches.map(([name, label, words]) => {
    const select = el('select', { name }, ...words.map(([word, text]) => el('option', { value: word }, text)));
    select.addEventListener('change', () => { select.dataset.chosen = '1'; });
    return { name, select, node: el('label', { className: 'field' }, label, select) };
  });
  const node = el('fieldset', { className: 'house-rules' }, el('legend', {}, 'House rules'), ...switches.map((s) => s.node));
  // The club's default, as /api/players gives it: wild_melds is true/false there.
  const club = (rules) => {
    for (const s of switches) {
      const value = rules[s.name];
      if (value === undefined || s.select.dataset.chosen) continue;
      s.select.value = value === true ? 'yes' : value === false ? 'no' : value;
    }
  };
  const put = (fields) => switches.forEach((s) => fields.set(s.name, s.select.value));
  return { node, club, put };
};

// --- Start a game: players from the roster by tap (in seat order, clockwise), a new name,
// the first dealer, a note, the house rules.
export const startForm = (open) => {
  const form = el('form', { id: 'start-form' });
  const chosen = [];
  const list = el('ol', { className: 'order' });
  const roster = el('div', { className: 'roster' });
  roster.setAttribute('role', 'group');
  roster.setAttribute('aria-label', 'players: tap in seat order');
  const dealer = el('select', { name: 'dealer' });
  const note = el('input', { type: 'text', name: 'note', autocomplete: 'off' });
  note.placeholder = 'note, e.g. where you play (optional)';
  const fresh = textInput('', 'a new player\'s name');
  fresh.placeholder = 'a new name';
  const addFresh = el('button', { type: 'button', className: 'quiet' }, 'Add');
  const rules = houseRules();
  let names = [];
  const drawRoster = () => {
    roster.replaceChildren(...names.map((name) => {
      const b = el('button', { type: 'button', className: 'chip' }, name);
      b.setAttribute('aria-pressed', chosen.includes(name) ? 'true' : 'false');
      b.addEventListener('click', () => {
        const at = chosen.indexOf(name);
        if (at >= 0) chosen.splice(at, 1); else chosen.push(name);
        draw();
      });
      return b;
    }));
  };
  const draw = () => {
    drawRoster();
    list.replaceChildren(...chosen.map((name, i) => {
      const up = el('button', { type: 'button', className: 'quiet' }, '\u2191');
      up.setAttribute('aria-label', 'move ' + name + ' up');
      up.disabled = i === 0;
      up.addEventListener('click', () => {
        chosen.splice(i - 1, 0, chosen.splice(i, 1)[0]);
        draw();
      });
      const drop = el('button', { type: 'button', className: 'quiet' }, '\u00d7');
      drop.setAttribute('aria-label', 'take ' + name + ' out');
      drop.addEventListener('click', () => {
        chosen.splice(i, 1);
        draw();
      });
      return el('li', {}, el('span', { className: 'who' }, name), up, drop);
    }));
    const keep = dealer.value;
    dealer.replaceChildren(...chosen.map((name) => el('option', { value: name }, name + ' deals round 1')));
    if (chosen.includes(keep)) dealer.value = keep;
  };
  // A name typed here that is not on the roster is a new player: chosen on purpose, and the
  // server still asks "did you mean Bob?" when it is close to a roster name.
  const added = new Set();
  addFresh.addEventListener('click', () => {
    const name = fresh.value.trim();
    if (name && !chosen.some((n) => n.toLowerCase() === name.toLowerCase())) {
      if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) {
        names.push(name);
        added.add(name);
      }
      chosen.push(names.find((n) => n.toLowerCase() === name.toLowerCase()));
    }
    fresh.value = '';
    draw();
  });
  // The roster follows players added elsewhere (a terminal, another phone), live: asked again
  // after every change the stream brings.
  let known = null;
  const refresh = () => fetch('/api/players', { cache: 'no-store' }).then((r) => r.json()).then((data) => {
    if (data.rules) rules.club(data.rules);
    if (known && JSON.stringify(data.players) === JSON.stringify(known)) return;
    known = data.players;
    for (const name of known) added.delete(name);
    names = [...known, ...names.filter((n) => !known.includes(n) && added.has(n))];
    draw();
  }).catch(() => {});
  refresh();
  const button = el('button', { type: 'submit' }, 'Start the game');
  const inner = el('div', {},
    el('p', { className: 'meta' }, 'Tap the players in seat order (clockwise), or add a new name.'),
    roster, el('div', { className: 'seat add' }, el('label', { className: 'field' }, 'A new player', fresh), addFresh), list,
    el('label', { className: 'field' }, 'Who deals round 1', dealer), el('label', { className: 'field' }, 'Note (optional)', note), rules.node, button);
  const summary = el('summary', {}, 'Start a new game');
  form.append(el('details', { open }, summary, inner));
  const done = () => {
    chosen.length = 0;
    added.clear();
    draw();
  };
  // `confirmedNew`: the new names the person confirmed new after "did you mean".
  const submit = async (confirmedNew) => {
    const fields = new URLSearchParams();
    chosen.forEach((name, i) => fields.set('p' + i, name));
    // New players only when one was added on purpose (the terminal's --add).
    if (chosen.some((n) => added.has(n))) fields.set('add', '1');
    if (confirmedNew.length) fields.set('new', confirmedNew.join(','));
    if (dealer.value) fields.set('dealer', dealer.value);
    if (note.value.trim()) fields.set('note', note.value.trim());
    rules.put(fields);
    // Started from a table's page, it is that table's next game (its phones follow it).
    if (byTable && page.state) fields.set('table', String(page.state.id));
    otherTables(fields);
    if (await post('/api/start', fields)) {
      done();
      return;
    }
    if (!refusal || refusal.confirm !== 'new_player') {
      confirmThen(fields, '/api/start', done);
      return;
    }
    // "Did you mean Bob?": the roster's player first, then the new one.
    const asked = refusal;
    const use = el('button', { type: 'button' }, asked.use_label);
    use.addEventListener('click', () => {
      page.question = null;
      const at = chosen.indexOf(asked.name);
      if (at >= 0) {
        if (chosen.includes(asked.close)) chosen.splice(at, 1); else chosen[at] = asked.close;
      }
      added.delete(asked.name);
      names = names.filter((n) => n !== asked.name);
      draw();
      submit(confirmedNew);
    });
    const other = el('button', { type: 'button', className: 'quiet' }, asked.new_label);
    other.addEventListener('click', () => {
      page.question = null;
      submit([...confirmedNew, asked.name]);
    });
    message.append(el('div', { className: 'row' }, use, other));
    page.question = { applies: () => chosen.includes(asked.name) };
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit([]);
  });
  return { node: form, game: page.state ? page.state.id : null, refresh };
};
