import { picker } from './picker.js';

// The hand page (/analyze): the picker fills the cards; the form asks the server.
export function startHand() {
  const hand = document.getElementById('hand');
  if (!hand) return;
  const round = document.getElementById('hand-round');
  const p = picker(document.getElementById('hand-cards'), () => Number(round.value));
  round.addEventListener('change', p.draw);
  document.getElementById('picker').replaceChildren(p.node);
}

// The leaderboard follows every table: after each change anywhere (the event stream of no
// game hears them all) it asks for itself again and puts in what changed, no reload. A copy
// from before the change (X-Crowns-Fresh: no, while the new one is made) is asked again.
// Whether this page is the leaderboard (it then follows every table, and nothing else).
export function startBoard() {
  const boardLive = document.getElementById('board-live');
  if (!boardLive) return false;
  let first = true;
  const refresh = async () => {
    try {
      const response = await fetch(window.location.href, { cache: 'no-store' });
      if (response.headers.get('X-Crowns-Fresh') === 'no') {
        setTimeout(refresh, 1000);
        return;
      }
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('main');
      const main = document.querySelector('main');
      if (fresh && main && fresh.innerHTML !== main.innerHTML) main.replaceChildren(...fresh.childNodes);
    } catch (e) {
      // Away for a moment: the next change asks again.
    }
  };
  // A page in the background lets go of its stream (a browser allows six connections to one
  // server: a seventh tab would hang) and catches up when it is shown again.
  let boardSource = null;
  const listen = () => {
    if (boardSource) boardSource.close();
    first = true;
    boardSource = new EventSource('/events');
    boardSource.addEventListener('card', () => {
      if (!first) refresh();
      first = false;
    });
  };
  if (!document.hidden) listen();
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      if (boardSource) boardSource.close();
      boardSource = null;
      return;
    }
    listen();
    refresh();
  });
  return true;
}
