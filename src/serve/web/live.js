import { body, byTable, card, el, entry, live, page, token } from './page.js';
import { redraw } from './redraw.js';

// The keeper's links to a table are its own scorekeeper's pages.
export const keeperLinks = () => {
  if (!token) return;
  for (const a of card.querySelectorAll('a[data-table]')) {
    a.href = '/keep?token=' + encodeURIComponent(token) + '&game=' + encodeURIComponent(a.dataset.table);
  }
};

// Follows the table of `game` from now on; the address says so (a reload, a bookmark, the
// home screen keep it).
export const followTable = (game) => {
  page.follow = String(game);
  const url = new URL(window.location.href);
  url.searchParams.set('game', page.follow);
  window.history.replaceState(null, '', url.pathname + url.search);
  // Put on the home screen from now on, the icon opens this table's page (the scorekeeper's
  // with its token).
  const manifest = document.querySelector('link[rel=manifest]');
  if (manifest) {
    manifest.href = '/manifest.webmanifest?' + (token ? 'token=' + encodeURIComponent(token) + '&' : '') +
      'game=' + encodeURIComponent(page.follow);
  }
};


// Not live is said at the top of the page, over what follows, and the card it shows is
// marked as what may be old (the stylesheet greys it) until the stream is back.
export const notLive = el('p', { className: 'not-live', role: 'alert', hidden: true });

export const setLive = (on, text) => {
  live.className = on ? 'live on' : 'live';
  live.textContent = text;
  notLive.hidden = on;
  notLive.textContent = on ? '' : text + ' The scores below may be old.';
  card.classList.toggle('maybe-old', !on);
};

// The server restarted with a fresh token: this page can no longer write. Say so at
// once, in place of the forms, instead of refusing every save.
export const showRestarted = (text) => {
  page.restarted = true;
  live.className = 'live gone';
  live.textContent = 'Not live: the server was restarted.';
  notLive.hidden = false;
  notLive.textContent = 'Not live: the server was restarted. The scores below may be old.';
  card.classList.add('maybe-old');
  if (entry) entry.replaceChildren(el('p', { className: 'message error', role: 'alert' }, text));
};
export const checkKeeper = async () => {
  if (!token) return;
  try {
    const response = await fetch('/api/keeper', { headers: { 'X-Crowns-Token': token }, cache: 'no-store' });
    if (response.status === 403) showRestarted((await response.json()).error);
  } catch (e) {
    // Away for a moment: the stream's next open asks again.
  }
};

// The event stream. The server sends a `beat` every 15 s (its data: the interval in ms) and
// the card after every change. A connection can stall without closing (a phone's Wi-Fi gone
// quiet, a proxy): no error comes, and the page would go on saying "Live" over an old card.
// So two beats missed say so and connect again; and a page shown again (the phone woken,
// the tab brought back) connects again at once, which sends the card as it is now.
export const stream = () => '/events' + (page.follow ? (byTable ? '?table=' : '?game=') + encodeURIComponent(page.follow) : '');
export let source = null;
export let beatEvery = 15000;
export let heard = Date.now();
export let watchdog = null;
export const onCard = (event) => {
  heard = Date.now();
  const data = JSON.parse(event.data);
  card.innerHTML = data.html;
  keeperLinks();
  body.dataset.version = String(data.version);
  page.state = data.state;
  // The report's link follows the game shown (none: no link).
  const report = document.getElementById('report-link');
  if (report) {
    report.hidden = !data.game;
    if (data.game) report.querySelector('a').href = '/report/game/' + encodeURIComponent(data.game);
  }
  if (byTable && data.game) {
    const moved = String(data.game) !== page.follow;
    if (moved) followTable(data.game);
    // Chosen just now (the list gave way to one game): the stream follows its table.
    if (moved && source && !String(source.url).includes('table=')) connect();
  }
  body.dispatchEvent(new CustomEvent('crowns-state', { detail: page.state }));
  if (entry) redraw();
  document.dispatchEvent(new CustomEvent('crowns:card'));
};
export const connect = () => {
  if (source) source.close();
  heard = Date.now();
  source = new EventSource(stream());
  source.addEventListener('open', () => {
    heard = Date.now();
    if (!page.restarted) setLive(true, 'Live: updates by itself.');
    checkKeeper();
    document.dispatchEvent(new CustomEvent('crowns:open'));
  });
  source.addEventListener('error', () => {
    if (!page.restarted) setLive(false, 'Connection lost: reconnecting…');
  });
  source.addEventListener('beat', (event) => {
    heard = Date.now();
    const every = Number(event.data);
    if (every > 0) beatEvery = every;
  });
  source.addEventListener('card', onCard);
};
export const watch = () => {
  clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    if (Date.now() - heard > 2 * beatEvery + 500 && !document.hidden) {
      if (!page.restarted) setLive(false, 'Connection lost: nothing heard from the server for ' +
        Math.round((Date.now() - heard) / 1000) + ' s; reconnecting…');
      connect();
    }
    watch();
  }, Math.min(beatEvery / 2, 5000));
};
// A page in the background lets go of its stream (a browser allows six connections to one
// server: with every tab holding one, a seventh would hang) and connects again when shown,
// which sends the card as it is now.
export const letGo = () => {
  if (source) source.close();
  source = null;
};

export function startLive() {
  keeperLinks();
  if (byTable && !page.follow && body.dataset.game) followTable(body.dataset.game);
  try {
    page.state = JSON.parse(document.getElementById('state').textContent);
  } catch (e) {
    page.state = null;
  }
  (document.querySelector('main') || body).prepend(notLive);
  if (document.hidden) letGo(); else connect();
  watch();
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) letGo(); else connect();
  });

  // What a LAN address allows (http://192.168.x.y is not a secure context): said once, below
  // the card, folded.
  if (!window.isSecureContext) {
    const lan = el('details', { className: 'lan-note' }, el('summary', {}, 'On the home screen'),
      el('p', { className: 'meta' }, 'This page comes over the local network without https, which browsers ' +
        'do not count as a secure connection: added to the home screen it is a shortcut that opens ' +
        'this page in the browser, not an installed app, and the screen is kept on with a silent ' +
        'video rather than the wake lock. An installed app would need https with a certificate ' +
        'the phones trust.'));
    (document.getElementById('share') || live).after(lan);
  }
}
