'use strict';
// The live scorecard (every page with #card) and the scorekeeper's forms (#entry, on the
// page opened with the scorekeeper's link). Every write carries what the person saw: the
// round the form showed, the round a correction was based on (was=), the change an undo
// names (change=); the server refuses (409) when it is no longer so, and the form redraws
// from the state it sends back, keeping what was typed.
(() => {
  const body = document.body;
  const el = (tag, props, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  };

  // --- The card picker: 5 suits x 3-K and jokers, the round's wild marked. Taps add a card
  // (a box holds two of each, and six jokers); the cards go into `input` as crowns writes them.
  const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const SUITS = [['*', '\u2605', 'stars'], ['h', '\u2665', 'hearts'], ['c', '\u2663', 'clubs'],
    ['s', '\u2660', 'spades'], ['d', '\u2666', 'diamonds']];
  // A card's points in hand, from the table the server writes into every page from core's
  // rule (crowns::card_points): the round's wild, a joker, else the rank's own.
  const POINTS = JSON.parse(document.getElementById('card-points')?.textContent || '{"ranks":{},"wilds":[]}');
  const wildOf = (round) => POINTS.wilds[Math.min(Math.max(round, 1), POINTS.wilds.length) - 1];
  const cardPoints = (text, round) => {
    if (text.toLowerCase() === 'jk') return POINTS.joker;
    const rank = text.slice(0, -1).toUpperCase();
    if (rank === wildOf(round)) return POINTS.wild;
    return POINTS.ranks[rank] || 0;
  };
  const picker = (input, getRound, onChange) => {
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

  // The hand page (/analyze): the picker fills the cards; the form asks the server.
  const hand = document.getElementById('hand');
  if (hand) {
    const round = document.getElementById('hand-round');
    const p = picker(document.getElementById('hand-cards'), () => Number(round.value));
    round.addEventListener('change', p.draw);
    document.getElementById('picker').replaceChildren(p.node);
  }

  // The leaderboard follows every table: after each change anywhere (the event stream of no
  // game hears them all) it asks for itself again and puts in what changed, no reload. A copy
  // from before the change (X-Crowns-Fresh: no, while the new one is made) is asked again.
  const boardLive = document.getElementById('board-live');
  if (boardLive) {
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
    return;
  }

  const card = document.getElementById('card');
  if (!card) return;
  const live = document.getElementById('live');
  const entry = document.getElementById('entry');
  const token = body.dataset.token || '';
  // What the page follows: one game (/game/N), or a table (/?game=N, /keep?game=N: that game,
  // then its rematch; never a game started at another table). `/` with one game in progress
  // takes that game's table as its own at once; with two or more it lists the tables.
  let follow = body.dataset.follow || '';
  const byTable = body.dataset.table === '1';
  // The keeper's links to a table are its own scorekeeper's pages.
  const keeperLinks = () => {
    if (!token) return;
    for (const a of card.querySelectorAll('a[data-table]')) {
      a.href = '/keep?token=' + encodeURIComponent(token) + '&game=' + encodeURIComponent(a.dataset.table);
    }
  };
  keeperLinks();
  // Follows the table of `game` from now on; the address says so (a reload, a bookmark, the
  // home screen keep it).
  const followTable = (game) => {
    follow = String(game);
    const url = new URL(window.location.href);
    url.searchParams.set('game', follow);
    window.history.replaceState(null, '', url.pathname + url.search);
    // Put on the home screen from now on, the icon opens this table's page (the scorekeeper's
    // with its token).
    const manifest = document.querySelector('link[rel=manifest]');
    if (manifest) {
      manifest.href = '/manifest.webmanifest?' + (token ? 'token=' + encodeURIComponent(token) + '&' : '') +
        'game=' + encodeURIComponent(follow);
    }
  };
  if (byTable && !follow && body.dataset.game) followTable(body.dataset.game);
  let state = null;
  try {
    state = JSON.parse(document.getElementById('state').textContent);
  } catch (e) {
    state = null;
  }
  let restarted = false;

  // Not live is said at the top of the page, over what follows, and the card it shows is
  // marked as what may be old (the stylesheet greys it) until the stream is back.
  const notLive = el('p', { className: 'not-live', role: 'alert', hidden: true });
  (document.querySelector('main') || body).prepend(notLive);
  const setLive = (on, text) => {
    live.className = on ? 'live on' : 'live';
    live.textContent = text;
    notLive.hidden = on;
    notLive.textContent = on ? '' : text + ' The scores below may be old.';
    card.classList.toggle('maybe-old', !on);
  };

  // The server restarted with a fresh token: this page can no longer write. Say so at
  // once, in place of the forms, instead of refusing every save.
  const showRestarted = (text) => {
    restarted = true;
    live.className = 'live gone';
    live.textContent = 'Not live: the server was restarted.';
    notLive.hidden = false;
    notLive.textContent = 'Not live: the server was restarted. The scores below may be old.';
    card.classList.add('maybe-old');
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

  // The event stream. The server sends a `beat` every 15 s (its data: the interval in ms) and
  // the card after every change. A connection can stall without closing (a phone's Wi-Fi gone
  // quiet, a proxy): no error comes, and the page would go on saying "Live" over an old card.
  // So two beats missed say so and connect again; and a page shown again (the phone woken,
  // the tab brought back) connects again at once, which sends the card as it is now.
  const stream = () => '/events' + (follow ? (byTable ? '?table=' : '?game=') + encodeURIComponent(follow) : '');
  let source = null;
  let beatEvery = 15000;
  let heard = Date.now();
  let watchdog = null;
  const onCard = (event) => {
    heard = Date.now();
    const data = JSON.parse(event.data);
    card.innerHTML = data.html;
    keeperLinks();
    body.dataset.version = String(data.version);
    state = data.state;
    // The report's link follows the game shown (none: no link).
    const report = document.getElementById('report-link');
    if (report) {
      report.hidden = !data.game;
      if (data.game) report.querySelector('a').href = '/report/game/' + encodeURIComponent(data.game);
    }
    if (byTable && data.game) {
      const moved = String(data.game) !== follow;
      if (moved) followTable(data.game);
      // Chosen just now (the list gave way to one game): the stream follows its table.
      if (moved && source && !String(source.url).includes('table=')) connect();
    }
    body.dispatchEvent(new CustomEvent('crowns-state', { detail: state }));
    if (entry) renderEntry();
    document.dispatchEvent(new CustomEvent('crowns:card'));
  };
  const connect = () => {
    if (source) source.close();
    heard = Date.now();
    source = new EventSource(stream());
    source.addEventListener('open', () => {
      heard = Date.now();
      if (!restarted) setLive(true, 'Live: updates by itself.');
      checkKeeper();
      document.dispatchEvent(new CustomEvent('crowns:open'));
    });
    source.addEventListener('error', () => {
      if (!restarted) setLive(false, 'Connection lost: reconnecting…');
    });
    source.addEventListener('beat', (event) => {
      heard = Date.now();
      const every = Number(event.data);
      if (every > 0) beatEvery = every;
    });
    source.addEventListener('card', onCard);
  };
  const watch = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      if (Date.now() - heard > 2 * beatEvery + 500 && !document.hidden) {
        if (!restarted) setLive(false, 'Connection lost: nothing heard from the server for ' +
          Math.round((Date.now() - heard) / 1000) + ' s; reconnecting…');
        connect();
      }
      watch();
    }, Math.min(beatEvery / 2, 5000));
  };
  // A page in the background lets go of its stream (a browser allows six connections to one
  // server: with every tab holding one, a seventh would hang) and connects again when shown,
  // which sends the card as it is now.
  const letGo = () => {
    if (source) source.close();
    source = null;
  };
  if (document.hidden) letGo(); else connect();
  watch();
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) letGo(); else connect();
  });

  // --- The screen stays on while a game is played (a phone that sleeps mid-round must be
  // woken and unlocked to see the scores). The Screen Wake Lock API where the browser offers
  // it (secure pages only: https, or this computer's 127.0.0.1); elsewhere (a phone on
  // http://192.168.x.y, where browsers do not offer it) a muted, looping video of a tiny
  // canvas drawn in the page, which a browser keeps the screen on for as it would for any
  // playing video. Released when the game is over, when the page is hidden (taken again when
  // it is shown), or after an hour with no change to the game; a switch under the card turns
  // it off (remembered on this phone).
  (() => {
    const SWITCH = 'crowns:screen-on';
    const QUIET_MS = 60 * 60 * 1000;
    let lock = null;
    let video = null;
    let timer = null;
    let changedAt = Date.now();
    let seen = body.dataset.version || '';
    const on = () => {
      try {
        return window.localStorage.getItem(SWITCH) !== 'off';
      } catch (e) {
        return true;
      }
    };
    const box = el('input', { type: 'checkbox', checked: on() });
    const why = el('span', { className: 'why' });
    const toggle = el('label', { className: 'check awake' }, box, ' Keep the screen on during the game', why);
    live.after(toggle);
    const say = (how) => {
      body.dataset.awake = how;
      why.textContent = how === 'lock' || how === 'video' ? ' (on)' : '';
    };
    const playVideo = async () => {
      if (!video) {
        const canvas = el('canvas', { width: 16, height: 16 });
        const paint = canvas.getContext('2d');
        let tick = 0;
        // A frame a second: a stream whose canvas never changes sends no frames, and a video
        // without frames may count as stalled rather than playing.
        timer = setInterval(() => {
          tick += 1;
          paint.fillStyle = tick % 2 ? '#000001' : '#000000';
          paint.fillRect(0, 0, 16, 16);
        }, 1000);
        video = el('video', { muted: true, loop: true, playsInline: true, className: 'awake-video' });
        video.setAttribute('playsinline', '');
        video.setAttribute('aria-hidden', 'true');
        video.srcObject = canvas.captureStream(1);
        body.append(video);
      }
      await video.play();
    };
    const release = async () => {
      if (lock) {
        const held = lock;
        lock = null;
        await held.release().catch(() => {});
      }
      if (video) video.pause();
      say('off');
    };
    const wanted = () => on() && state && state.status === 'active' && !document.hidden &&
      Date.now() - changedAt < QUIET_MS;
    const update = async () => {
      // No game shown (the tables list, no game yet) or the game over: nothing to keep on.
      toggle.hidden = !state || state.status !== 'active';
      if (!wanted()) {
        await release();
        return;
      }
      if (lock && !lock.released) return say('lock');
      if (navigator.wakeLock) {
        try {
          lock = await navigator.wakeLock.request('screen');
          lock.addEventListener('release', () => { if (body.dataset.awake === 'lock') say('off'); });
          if (video) video.pause();
          return say('lock');
        } catch (e) {
          lock = null;  // refused (no permission, a battery saver): the video instead
        }
      }
      try {
        await playVideo();
        say('video');
      } catch (e) {
        say('failed');
      }
    };
    box.addEventListener('change', () => {
      try {
        window.localStorage.setItem(SWITCH, box.checked ? 'on' : 'off');
      } catch (e) {
        // Not remembered; it still holds for this page.
      }
      update();
    });
    document.addEventListener('crowns:card', () => {
      if (body.dataset.version !== seen) {
        seen = body.dataset.version;
        changedAt = Date.now();
      }
      update();
    });
    document.addEventListener('visibilitychange', update);
    // A tap anywhere: some browsers play a video only after one.
    document.addEventListener('click', () => { if (body.dataset.awake === 'failed') update(); });
    setInterval(update, 60 * 1000);
    update();
  })();

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

  if (!entry) return;
  const message = el('p', { className: 'message', role: 'status' });

  const say = (kind, text) => {
    message.className = 'message' + (kind ? ' ' + kind : '');
    message.textContent = text;
  };

  // Sends a form; answers the server's JSON with its status. A refusal with the game's state
  // (409) redraws the forms from it; a refused token asks whether the server restarted.
  //
  // Every write carries its own id (wid=), made here. A write whose answer is lost (the server
  // killed mid-write, the Wi-Fi gone) is kept on this phone as it was sent and sent again, the
  // same, until an answer comes: every few seconds, when the live stream connects again, and
  // when the page is opened again. The server finds a write it stored already by its id and
  // answers "Round 5 was saved"; it never stores one twice.
  let refusal = null;  // the last refusal's JSON (a 409 may ask to confirm)
  const PENDING = 'crowns:pending';
  let pending = null;  // { path, body, done }: the write whose answer was lost
  let retryTimer = null;
  const writeId = () => {
    const bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);  // offered on http:// too (randomUUID is not)
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  // The round a write still on its way was typed for (its form stays until the answer).
  const pendingRound = () => {
    if (!pending || pending.path !== '/api/round') return null;
    const fields = new URLSearchParams(pending.body);
    return state && fields.get('game') === String(state.id) ? Number(fields.get('round')) : null;
  };
  const send = async (path, fields, done) => {
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
        state = data.state;
        // The table moved on meanwhile (another phone at it started its next game): this
        // page follows it there.
        if (byTable && state && String(state.id) !== follow) {
          followTable(state.id);
          connect();
        }
        renderEntry();
      } else if (wasPending) {
        renderEntry();
      }
      return false;
    }
    say('ok', data.message);
    // The game as this write left it; the live stream follows with the card.
    if (data.state !== undefined) state = data.state;
    // A game started (or a rematch) from this table's page is this table's game now.
    if ((path === '/api/start' || path === '/api/rematch') && state && byTable) {
      followTable(state.id);
      connect();
    }
    if (wasPending && !done && path === '/api/round') {
      // Sent again after the page was opened anew: what was typed for that round is saved.
      const sent = new URLSearchParams(fields);
      store.write(typedKey(sent.get('game'), sent.get('round')), null);
      shown.round = null;
    }
    if (wasPending) renderEntry();
    return true;
  };
  const resend = async () => {
    if (!pending) return;
    clearTimeout(retryTimer);
    const { path, body, done } = pending;
    say('', 'Sending again…');
    if (await send(path, new URLSearchParams(body), done) && done) done();
  };
  const post = async (path, form, done) => {
    const fields = form instanceof URLSearchParams ? form : new URLSearchParams(new FormData(form));
    // Every write names the state it was typed against: the game's last change this page
    // showed. The server refuses it, never applies it, once the game has moved on.
    if (state && state.change !== undefined && !fields.has('seen')) fields.set('seen', String(state.change));
    fields.set('wid', writeId());
    refusal = null;
    question = null;
    say('', 'Sending…');
    return send(path, fields, done);
  };
  // The stream connected again (the server is back): a write on its way goes again at once.
  document.addEventListener('crowns:open', () => { if (pending) resend(); });

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
  // A late arrival has no cell in a round before they joined.
  const seated = (round, name) => round.scores[name] !== undefined;
  const cellValue = (round, name) => {
    if (!seated(round, name)) return '';
    if (round.hands && round.hands[name]) return round.hands[name];
    if (round.went_out === name) return 'out';
    return String(round.scores[name]);
  };
  // A round as the server compares it (was=): points per seat, 0* for who went out.
  const cellsOf = (round) => state.players.map((name) => {
    if (!seated(round, name)) return '-';
    return round.went_out === name ? '0*' : String(round.scores[name]);
  });

  // What the scorekeeper typed into a round's form, kept in this phone's storage (by game and
  // round) until it is saved or cleared: a reload, a restart of the server, the link opened
  // again or the phone's browser closed lose nothing.
  const typedKey = (game, round) => 'crowns:typed:' + game + ':' + round;
  const store = {
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
  const keepTyped = (form, inputs, clear, key, keep) => {
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

  // --- Record the next round. Kept while its round is still next; when another phone or the
  // terminal records it, redrawn for the round now next with what was typed carried over.
  const roundForm = (carriedFrom, from) => {
    const next = state.next;
    const key = typedKey(state.id, next.round);
    const kept = carriedFrom ? null : store.read(key);
    const carried = carriedFrom || kept;
    const form = el('form', { id: 'round-form' });
    form.append(el('h2', {}, 'Record round ' + next.round + ' ', el('small', {}, next.cards + ' cards · ' + next.wild + 's wild')));
    form.append(hidden('game', state.id), hidden('round', next.round));
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
    const inputs = state.players.map((name, seat) => {
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
        if (!holder.firstChild) holder.append(picker(input, () => next.round).node);
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
      store.write(typedKey(state.id, next.round + 1), null);
      shown.round = null;
      renderEntry();
    };
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const fields = new URLSearchParams(new FormData(form));
      if (await post('/api/round', fields, recorded)) recorded();
      else confirmThen(fields, '/api/round', recorded, () => clear.click());
    });
    return { node: form, game: state.id, round: next.round, seats: state.players.length, typed };
  };

  // --- Correct a round. Once touched (a round chosen, a value typed), it keeps the round and
  // the values whatever comes in, and says what changed in that round meanwhile.
  const editForm = () => {
    const form = el('form', { id: 'edit-form' });
    form.append(el('h2', {}, 'Correct a round'));
    const was = hidden('was', '');
    form.append(hidden('game', state.id), was);
    const pick = el('select', { name: 'round' });
    form.append(el('label', { className: 'field' }, 'Round to correct', pick));
    const note = el('p', { className: 'message note', role: 'alert' });
    form.append(note);
    const inputs = state.players.map((name, seat) => {
      const input = textInput('v' + seat, name + ': corrected value');
      form.append(seatRow(name, input));
      return input;
    });
    form.append(unusual());
    const save = el('button', { type: 'submit' }, 'Save the correction');
    const clear = el('button', { type: 'button', className: 'quiet' }, 'Clear');
    clear.setAttribute('aria-label', 'clear what is typed for the correction');
    form.append(el('div', { className: 'row' }, save, clear));
    const self = { node: form, game: state.id, seats: state.players.length, touched: false };
    // What was typed (and the round as it was shown, was=) is kept on this phone until saved
    // or cleared, as the round form's is.
    const key = typedKey(state.id, 'edit');
    const keep = () => {
      const values = inputs.map((i) => (i.dataset.typed ? i.value : null));
      store.write(key, values.some((v) => v !== null) ? { round: Number(pick.value), was: was.value, values } : null);
    };
    const options = () => {
      const chosen = pick.value;
      pick.replaceChildren(...state.rounds.map((r) => el('option', { value: String(r.round) }, 'Round ' + r.round)));
      if (chosen) pick.value = chosen;
    };
    const fill = () => {
      const round = state.rounds[Number(pick.value) - 1];
      state.players.forEach((name, seat) => {
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
    if (kept && !state.rounds[kept.round - 1]) store.write(key, null);
    if (kept && state.rounds[kept.round - 1] && Array.isArray(kept.values) && kept.values.length <= state.players.length) {
      self.touched = true;
      pick.value = String(kept.round);
      fill();
      // A seat added since (a late arrival) had no cell in a recorded round.
      const cells = String(kept.was).split(',');
      was.value = state.players.map((name, seat) => cells[seat] || '-').join(',');
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

  // A table's page whose game is over starts its next game without asking: the games still in
  // progress are other tables' (a club night), not one this table forgot.
  const otherTables = (fields) => {
    if (byTable && state && state.status !== 'active') fields.set('confirm', '1');
  };

  // A write the server asks about first (a new game while another is in progress, a round
  // that reads as the one just recorded, values typed for a round recorded meanwhile): say
  // why, and offer the answers, the likely one first. The question goes when it no longer
  // applies (the round it was about is past, the form cleared, another game shown).
  let question = null;  // { applies: () => bool }
  const dropQuestion = () => {
    if (!question) return;
    question = null;
    say('', '');
  };
  const confirmThen = (fields, path, done, drop) => {
    if (!refusal || !refusal.confirm) return;
    const asked = refusal;
    const game = state ? state.id : null;
    if (asked.confirm === 'typed') {
      // Values typed for round N, which another door recorded meanwhile: both side by side.
      const recorded = state && state.rounds[asked.typed_for - 1];
      const rows = state.players.map((name, seat) => {
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
        question = null;
        if (drop) drop();
        say('ok', 'Dropped what you typed: round ' + asked.typed_for + ' stays as recorded.');
      });
      const other = el('button', { type: 'button', className: 'quiet' }, asked.confirm_label);
      other.addEventListener('click', async () => {
        fields.set('confirm', 'typed');
        fields.set('round', String(asked.round));
        fields.set('typed', String(asked.typed_for));
        fields.delete('seen');
        question = null;
        if (await post(path, fields)) done();
      });
      message.append(compare, el('div', { className: 'row' }, same, other));
      question = { applies: () => state && state.id === game && state.next && state.next.round === asked.round };
      return;
    }
    const repeat = asked.confirm === 'repeat';
    const go = el('button', { type: 'button' }, repeat ? asked.confirm_label : 'Start it anyway');
    go.addEventListener('click', async () => {
      fields.set('confirm', repeat ? 'repeat' : '1');
      fields.delete('seen');
      question = null;
      if (await post(path, fields)) done();
    });
    message.append(' ', go);
    const round = state && state.next ? state.next.round : null;
    question = { applies: () => (state ? state.id : null) === game && (state && state.next ? state.next.round : null) === round };
  };

  // --- Start a game: players from the roster by tap (in seat order, clockwise), a new name,
  // the first dealer, a note.
  const startForm = (open) => {
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
      el('label', { className: 'field' }, 'Who deals round 1', dealer), el('label', { className: 'field' }, 'Note (optional)', note), button);
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
      // Started from a table's page, it is that table's next game (its phones follow it).
      if (byTable && state) fields.set('table', String(state.id));
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
        question = null;
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
        question = null;
        submit([...confirmedNew, asked.name]);
      });
      message.append(el('div', { className: 'row' }, use, other));
      question = { applies: () => chosen.includes(asked.name) };
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submit([]);
    });
    return { node: form, game: state ? state.id : null, refresh };
  };

  // --- After a game: the same players again, the deal passed on.
  const rematchForm = () => {
    const form = el('form', { id: 'rematch-form' });
    form.append(hidden('game', state.id),
      el('button', { type: 'submit' }, 'Rematch: ' + state.players.join(', ')),
      el('p', { className: 'meta' }, 'The same seats; the next player deals round 1.'));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const fields = new URLSearchParams(new FormData(form));
      otherTables(fields);
      if (!(await post('/api/rematch', fields))) confirmThen(fields, '/api/rematch', () => {});
    });
    return { node: form, game: state.id };
  };

  // --- A tied game: the 6-card tie-break (6s wild) of the tied players, as crowns tiebreak.
  const tiebreakForm = () => {
    const form = el('form', { id: 'tiebreak-form' });
    form.append(el('h2', {}, 'Tie-break ', el('small', {}, '6 cards · 6s wild')), hidden('game', state.id));
    form.append(el('p', { className: 'meta' }, 'Only ' + state.leaders.join(' and ') +
      ' play it; the lowest score wins. Points, out, or the cards left.'));
    // Kept on this phone until saved or cleared, as the round form's values are.
    const key = typedKey(state.id, 'tiebreak');
    const kept = store.read(key);
    if (kept) {
      form.append(el('p', { className: 'message note', role: 'status' },
        'What you typed earlier on this phone for the tie-break is back in the fields: save it, or clear it.'));
    }
    const inputs = [];
    for (const name of state.leaders) {
      const seat = state.players.indexOf(name);
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
    return { node: form, game: state.id };
  };

  // --- A late arrival, seated from the next round with the total the table chooses. The form
  // carries the round and the totals it showed (round=, was=): when either changes (a round
  // recorded, a correction, another arrival) it is redrawn with the new highest total, keeping
  // a typed name (and a typed total), and a save sent meanwhile is refused.
  const joinBasis = () => state.next.round + ':' + state.players.map((n) => state.totals[n]).join(',');
  const joinForm = (old) => {
    const form = el('form', { id: 'join-form' });
    const totals = state.players.map((n) => state.totals[n]);
    const highest = Math.max(...totals);
    const holder = state.players[totals.indexOf(highest)];
    const name = textInput('name', 'who arrives');
    name.placeholder = 'name';
    const total = el('input', { type: 'text', name: 'total', inputMode: 'numeric', value: String(highest) });
    total.setAttribute('aria-label', 'starting total');
    total.addEventListener('input', () => { total.dataset.typed = '1'; });
    // Kept on this phone until they are seated or it is cleared: the name, a typed total, the
    // form open. Drawn afresh (a reload, a restart, the link opened again), it takes them back.
    const key = typedKey(state.id, 'join');
    const seatedNow = (typed) => state.players.some((p) => p.toLowerCase() === typed.trim().toLowerCase());
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
      if (typedName !== '' && !state.players.some((p) => p.toLowerCase() === typedName.toLowerCase())) {
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
        el('p', { className: 'meta' }, 'They sit after ' + state.players[state.players.length - 1] +
          ' and play from round ' + state.next.round + '. Many tables start them at the highest total: ' +
          highest + ' (' + holder + '\'s).'),
        el('div', { className: 'seat add join' }, el('label', { className: 'field' }, 'Name', name),
          el('label', { className: 'field' }, 'Starting total', total)),
        el('div', { className: 'row' }, el('button', { type: 'submit' }, 'Seat them'), clear));
    form.append(hidden('game', state.id), hidden('add', '1'), hidden('round', state.next.round),
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
        question = null;
        name.value = asked.close;
        keep();
        seat(null);
      });
      const other = el('button', { type: 'button', className: 'quiet' }, asked.new_label);
      other.addEventListener('click', () => {
        question = null;
        seat(asked.name);
      });
      message.append(el('div', { className: 'row' }, use, other));
      question = { applies: () => name.value === asked.name };
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      seat(null);
    });
    return { node: form, game: state.id, basis: joinBasis(), name, total, details };
  };

  // --- This table's scorekeeper's link as a QR code, for a second phone at the same table.
  const qrForm = () => {
    const box = el('div', { className: 'qr' });
    const link = '/keep/qr.svg?token=' + encodeURIComponent(token) + '&game=' + encodeURIComponent(state.id);
    const details = el('details', {}, el('summary', {}, 'This table\'s scorekeeper link as a QR code'),
      el('p', { className: 'meta' }, 'For a second phone at this table: scan it from this screen. Whoever scans it can change the scores.'),
      box);
    details.addEventListener('toggle', () => {
      if (details.open && !box.firstChild) {
        const img = el('img', { src: link, alt: 'QR code of this table\'s scorekeeper link', width: 240, height: 240 });
        box.append(img);
      }
    });
    return { node: el('section', { className: 'qr-holder' }, details), game: state.id };
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
    if (question && !question.applies()) dropQuestion();
    entry.hidden = false;
    if (!state) {
      shown.round = shown.edit = shown.undo = shown.join = shown.after = null;
      if (!shown.start || shown.start.game !== null) shown.start = startForm(true);
      else shown.start.refresh();
      place([message, shown.start.node]);
      return;
    }
    const over = state.status !== 'active';
    if (!shown.start || shown.start.game !== state.id) shown.start = startForm(over);
    // A tie not yet broken offers the tie-break; after a game, the rematch.
    const tieOpen = state.status === 'finished' && state.tied && !state.tiebreak;
    if (tieOpen) {
      if (!shown.tiebreak || shown.tiebreak.game !== state.id) shown.tiebreak = tiebreakForm();
    } else {
      shown.tiebreak = null;
      // Broken (here or by another phone): nothing typed for it is left to keep.
      if (state.tiebreak) store.write(typedKey(state.id, 'tiebreak'), null);
    }
    if (over) {
      if (!shown.after || shown.after.game !== state.id) shown.after = rematchForm();
    } else {
      shown.after = null;
    }
    if (state.status === 'active' && state.next) {
      if (!shown.join || shown.join.game !== state.id) shown.join = joinForm(null);
      else if (shown.join.basis !== joinBasis()) shown.join = joinForm(shown.join);
    } else {
      shown.join = null;
      // The game over: nobody is seated late any more; what was kept for it goes.
      if (state.status !== 'active') store.write(typedKey(state.id, 'join'), null);
    }
    if (state.status === 'active' && state.next) {
      const old = shown.round && shown.round.game === state.id ? shown.round : null;
      // Redrawn for the round now next, or for a player who joined (a seat more).
      // A write of this form still on its way (its answer lost) keeps the form as it is: the
      // round it recorded is its own, not one "recorded meanwhile".
      const held = old && pendingRound() === old.round;
      if (!held && (!old || old.round !== state.next.round || old.seats !== state.players.length)) {
        const carried = old ? old.typed() : null;
        shown.round = roundForm(carried, old && old.round !== state.next.round ? old.round : 0);
        // Carried to the round now next: no longer kept under the round recorded meanwhile.
        if (old && old.round !== state.next.round) store.write(typedKey(old.game, old.round), null);
      }
    } else {
      shown.round = null;
    }
    if (state.rounds.length > 0) {
      if (!shown.edit || shown.edit.game !== state.id || shown.edit.seats !== state.players.length) shown.edit = editForm();
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
    if (!shown.qr || shown.qr.game !== state.id) shown.qr = qrForm();
    shown.start.refresh();
    place([message, ...[shown.tiebreak, shown.after, shown.round, shown.join, shown.edit, shown.undo, shown.start, shown.qr]
      .filter(Boolean).map((f) => f.node)]);
  }
  // A write whose answer was lost before this page was opened again: sent again now.
  const kept = store.read(PENDING);
  if (kept && kept.path && kept.body) {
    pending = { path: kept.path, body: kept.body, done: null };
    setTimeout(resend, 0);
  }
  renderEntry();
})();

// --- Share the result (issue 39): a finished game's final standings as a picture made in the
// page (a canvas, no network), with the date and every player's total, ready for the group
// chat: the phone's share sheet where it takes files, else a picture to save.
(() => {
  const card = document.getElementById('card');
  const stateNode = document.getElementById('state');
  if (!card || !stateNode) return;
  let state = null;
  try {
    state = JSON.parse(stateNode.textContent);
  } catch (e) {
    state = null;
  }
  const make = (tag, props, ...children) => {
    const node = Object.assign(document.createElement(tag), props || {});
    node.append(...children);
    return node;
  };
  const section = make('section', { id: 'share', hidden: true });
  section.setAttribute('aria-label', 'share the result');
  const button = make('button', { type: 'button' }, 'Share the result as a picture');
  const status = make('p', { className: 'meta', role: 'status' });
  const preview = make('div', { className: 'share-preview' });
  section.append(button, status, preview);
  (document.getElementById('live') || card).after(section);

  // The standings, best first, in the one order of finish the server sends (state.places,
  // crowns::finishing_places: a tie broken by the tie-break): the picture derives nothing.
  const standings = (s) => {
    const rows = s.players.map((name, seat) => ({
      name, seat, total: s.totals[name], won: s.winners.includes(name), place: s.places[name],
      tiebreak: s.tiebreak && s.tiebreak[name] !== undefined ? s.tiebreak[name] : null,
    }));
    rows.sort((a, b) => a.place - b.place || a.seat - b.seat);
    return rows;
  };
  // Who won the tie-break, in words: "Bob won the tie-break (0; Ann 10, Cy 20)".
  const tiebreakLine = (rows) => {
    const played = rows.filter((r) => r.tiebreak !== null);
    if (played.length === 0) return '';
    const won = played.filter((r) => r.won).map((r) => r.name);
    if (won.length === 0) return '';
    const rest = played.filter((r) => !r.won).map((r) => r.name + ' ' + r.tiebreak).join(', ');
    return (won.length === 1 ? won[0] + ' won' : won.join(' and ') + ' shared') + ' the tie-break (' +
      played.find((r) => r.won).tiebreak + (rest ? '; ' + rest : '') + ')';
  };
  const lengthText = (seconds) => {
    if (seconds < 60) return seconds + ' s';
    const minutes = Math.round(seconds / 60);
    if (minutes < 60) return minutes + ' min';
    return Math.floor(minutes / 60) + ' h ' + String(minutes % 60).padStart(2, '0') + ' min';
  };
  // Draws the picture: 1080 px wide, a row per player.
  const picture = (s) => {
    const rows = standings(s);
    const broken = tiebreakLine(rows);
    const canvas = document.createElement('canvas');
    canvas.width = 1080;
    canvas.height = 330 + rows.length * 96 + (broken ? 70 : 0);
    const g = canvas.getContext('2d');
    g.fillStyle = '#14213d';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#fca311';
    g.font = 'bold 64px sans-serif';
    g.fillText('Five Crowns', 60, 110);
    g.fillStyle = '#e5e5e5';
    g.font = '36px sans-serif';
    const length = typeof s.duration_s === 'number' ? ' \u00b7 ' + lengthText(s.duration_s) : '';
    g.fillText(s.date + ' \u00b7 game ' + s.id + length, 60, 170);
    rows.forEach((row, i) => {
      const y = 270 + i * 96;
      g.fillStyle = row.won ? '#fca311' : '#ffffff';
      g.font = (row.won ? 'bold ' : '') + '48px sans-serif';
      g.fillText(row.place + '.', 60, y);
      const name = row.name.length > 24 ? row.name.slice(0, 23) + '\u2026' : row.name;
      g.fillText(name + (row.won ? '  \u265b' : ''), 150, y);
      g.textAlign = 'right';
      g.fillText(String(row.total), canvas.width - 60, y);
      g.textAlign = 'left';
    });
    if (broken) {
      g.fillStyle = '#fca311';
      g.font = '34px sans-serif';
      g.fillText(broken.length > 52 ? broken.slice(0, 51) + '\u2026' : broken, 60, 270 + rows.length * 96);
    }
    g.fillStyle = '#8d99ae';
    g.font = '28px sans-serif';
    g.fillText('lowest total wins' + (broken ? ', then the tie-break' : ''), 60, canvas.height - 40);
    return canvas;
  };
  const show = () => {
    section.hidden = !(state && state.status === 'finished');
    preview.replaceChildren();
    status.textContent = '';
  };
  button.addEventListener('click', () => {
    if (!state || state.status !== 'finished') return;
    const name = 'crowns-game-' + state.id + '.png';
    const canvas = picture(state);
    // A data: URL, which the page's policy lets an image show (no blob:, no network).
    const url = canvas.toDataURL('image/png');
    const img = make('img', { src: url, alt: 'Final standings of game ' + state.id + ', ' + state.date });
    const save = make('a', { href: url, download: name, className: 'button' }, 'Save the picture');
    preview.replaceChildren(img, save);
    status.textContent = 'The picture is below: save it, or hold it to share.';
    if (!navigator.canShare) return;
    canvas.toBlob(async (blob) => {
      const file = blob && new File([blob], name, { type: 'image/png' });
      if (!file || !navigator.canShare({ files: [file] })) return;
      try {
        await navigator.share({ files: [file], title: 'Five Crowns, ' + state.date });
        status.textContent = 'Shared.';
      } catch (e) {
        // Dismissed: the picture stays below to save.
      }
    }, 'image/png');
  });
  document.body.addEventListener('crowns-state', (event) => {
    state = event.detail;
    show();
  });
  show();
})();

// --- During a game, the time since it started (issue 39) goes on by itself, not only when the
// card changes: the server's elapsed_s when the card came, plus the time this page has
// counted since (a phone's clock may be set wrong; the time passing on it is not). Its words
// are the server's (store::timeline::length_text: "45 s", "12 min", "2 h 05 min").
(() => {
  const stateNode = document.getElementById('state');
  if (!stateNode) return;
  let base = null;  // { elapsed: seconds at `at`, at: this page's clock then }
  const lengthText = (seconds) => {
    if (seconds < 60) return Math.max(seconds, 0) + ' s';
    const minutes = Math.floor((seconds + 30) / 60);
    if (minutes < 60) return minutes + ' min';
    const m = minutes % 60;
    return Math.floor(minutes / 60) + ' h ' + (m < 10 ? '0' : '') + m + ' min';
  };
  const tick = () => {
    const node = document.getElementById('game-time');
    if (!node || !base) return;
    const text = node.textContent;
    const rest = text.indexOf(' so far');
    if (!text.startsWith('Time: ') || rest < 0) return;
    const seconds = base.elapsed + Math.floor((Date.now() - base.at) / 1000);
    const next = 'Time: ' + lengthText(seconds) + text.slice(rest);
    if (next !== text) node.textContent = next;
  };
  const take = (state) => {
    base = state && typeof state.elapsed_s === 'number' ? { elapsed: state.elapsed_s, at: Date.now() } : null;
    tick();
  };
  try {
    take(JSON.parse(stateNode.textContent));
  } catch (e) {
    base = null;
  }
  document.body.addEventListener('crowns-state', (event) => take(event.detail));
  setInterval(tick, 1000);
})();
