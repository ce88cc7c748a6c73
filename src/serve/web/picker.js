import { el } from './page.js';

// --- The card picker: 5 suits x 3-K and jokers, the round's wild marked. Taps add a card
// (a box holds two of each, and six jokers); the cards go into `input` as crowns writes them.
export const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export const SUITS = [['*', '\u2605', 'stars'], ['h', '\u2665', 'hearts'], ['c', '\u2663', 'clubs'],
  ['s', '\u2660', 'spades'], ['d', '\u2666', 'diamonds']];
// A card's points in hand, from the table the server writes into every page from core's
// rule (crowns::card_points): the round's wild, a joker, else the rank's own.
export const POINTS = JSON.parse(document.getElementById('card-points')?.textContent || '{"ranks":{},"wilds":[]}');
export const wildOf = (round) => POINTS.wilds[Math.min(Math.max(round, 1), POINTS.wilds.length) - 1];
export const cardPoints = (text, round) => {
  if (text.toLowerCase() === 'jk') return POINTS.joker;
  const rank = text.slice(0, -1).toUpperCase();
  if (rank === wildOf(round)) return POINTS.wild;
  return POINTS.ranks[rank] || 0;
};
export const picker = (input, getRound, onChange) => {
  const box = el('div', { className: 'picker' });
  const counted = el('p', { className: 'meta counted', role: 'status' });
  const cardsIn = () => input.value.split(/[\s,+]+/).filter(Boolean);
  const draw = () => {
    const round = getRound();
    const held = cardsIn();
    const count = (t) => held.filter((c) => c.toLowerCase() === t.toLowerCase()).length;
    const grid = el('div', { className: 'grid' });
    grid.setAttribute('role', 'group');
    grid.setAttribute('aria-label', 'cards: ' + wildOf(round) + 's are wild this round');
    for (const rank of RANKS) {
      const wild = rank === wildOf(round);
      for (const [letter, symbol, name] of SUITS) {
        const text = rank + letter;
        const n = count(text);
        const b = el('button', { type: 'button', className: 'card s-' + name + (wild ? ' wild' : '') + (n ? ' held' : '') },
          rank + symbol, n > 1 ? el('sup', {}, '\u00d7' + n) : '');
        b.setAttribute('aria-label', rank + ' of ' + name + (wild ? ', wild' : '') + (n ? ', ' + n + ' in hand' : ''));
        b.setAttribute('aria-pressed', n ? 'true' : 'false');
        b.addEventListener('click', () => {
          const now = cardsIn();
          // Two of each card in a box: a third tap takes them out again.
          input.value = (n >= 2 ? now.filter((c) => c.toLowerCase() !== text.toLowerCase()) : [...now, text]).join(' ');
          changed();
        });
        grid.append(b);
      }
    }
    const jokers = count('jk');
    const joker = el('button', { type: 'button', className: 'card joker' + (jokers ? ' held' : '') }, 'Joker', jokers ? el('sup', {}, '\u00d7' + jokers) : '');
    joker.setAttribute('aria-label', 'joker' + (jokers ? ', ' + jokers + ' in hand' : ''));
    joker.addEventListener('click', () => {
      input.value = [...cardsIn(), 'jk'].join(' ');
      changed();
    });
    const clear = el('button', { type: 'button', className: 'quiet' }, 'Clear');
    clear.addEventListener('click', () => {
      input.value = '';
      changed();
    });
    const points = held.reduce((sum, c) => sum + cardPoints(c, round), 0);
    counted.textContent = held.length === 0 ? 'No cards picked.'
      : held.length + ' cards, ' + points + ' points before melds (' + wildOf(round) + 's wild count ' + POINTS.wild +
        ', jokers ' + POINTS.joker + ').';
    box.replaceChildren(grid, el('div', { className: 'row' }, joker, clear), counted);
    if (onChange) onChange(held);
  };
  // A tap changes the field as typing would: its form keeps it, and the picker is redrawn.
  const changed = () => input.dispatchEvent(new Event('input', { bubbles: true }));
  input.addEventListener('input', draw);
  draw();
  return { node: box, draw };
};
