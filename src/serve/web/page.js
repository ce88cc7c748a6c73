// What every part of the page shares: its elements, the way it makes one, and what it knows
// (the game's state, the table it follows, whether the server restarted, the open question).
export const body = document.body;
export const el = (tag, props, ...children) => {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) node.append(child);
  return node;
};
export const card = document.getElementById('card');
export const live = document.getElementById('live');
export const entry = document.getElementById('entry');
export const token = body.dataset.token || '';
// What the page follows: one game (/game/N), or a table (/?game=N, /keep?game=N: that game,
// then its rematch; never a game started at another table). `/` with one game in progress
// takes that game's table as its own at once; with two or more it lists the tables.
export const byTable = body.dataset.table === '1';
export const page = {
  state: null,  // the game shown, as the server sent it (/api/game)
  follow: body.dataset.follow || '',
  restarted: false,  // the server restarted with a fresh token: this page writes no more
  question: null,  // { applies: () => bool }: the question a write asked, while it applies
};
