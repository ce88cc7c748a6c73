// A keeper page follows its table after any change that removes or ends the game it shows
// (issue 45 item 3), in headless Chromium at 360x800 with touch: a start undone (the table's
// first game, and a rematch) from the terminal and from another phone, a game with rounds
// deleted in the terminal, a game abandoned in the terminal, and a game the terminal started
// for the table undone. Each time the page goes to the table's previous game or its start
// form, keeps its token, shows no form of the game gone, and answers a reload with 200. Run by
// tests/e2e/test_serve_follows.sh with CROWNS, CROWNS_DB and OUT in the environment: game 1
// (Ann, Bob) started, no round yet. It starts crowns serve itself.
'use strict';
const { check, finish, crowns, shot, serve, stop, launch, phone, text, tap } = require('./serve_helpers');

// A page behind another lets go of its stream (it catches up when shown): shown first.
const waitFor = async (page, fn, arg) => {
  await page.bringToFront();
  return page.waitForFunction(fn, { timeout: 8000, polling: 100 }, arg).then(() => true).catch(() => false);
};
const heading = (page) => text(page, '#card h1').then((t) => (t || '').trim());
const gameOf = (page) => new URL(page.url()).searchParams.get('game');
const live = (page) => page.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
const rounds = (game) => {
  const shown = crowns('show', '--game', String(game), '--json');
  return shown.status === 0 ? JSON.parse(shown.stdout).rounds.length : -1;
};
// Plays game `game` (Ann, Bob) to its end from the terminal, from round `from`.
const playOut = (game, from) => {
  for (let r = from; r <= 11; r += 1) {
    if (crowns('round', '--game', String(game), '--round', String(r), r % 2 ? '0*' : '7', r % 2 ? '9' : '0*').status !== 0) return false;
  }
  return true;
};
// The page shows the table's start form in place of the game gone: no game's forms.
const onStartForm = (page) => waitFor(page, () => (document.querySelector('#card h1')?.textContent || '') === 'No game at this table' &&
  document.querySelector('#start-form details[open]') !== null && document.querySelector('#round-form') === null &&
  document.querySelector('#undo-form') === null);
// The page shows game `game` and follows it (its address says so).
const onGame = (page, game) => waitFor(page, (g) => (document.querySelector('#card h1')?.textContent || '').startsWith('Game ' + g + ' ') &&
  new URL(window.location.href).searchParams.get('game') === String(g), game);

(async () => {
  const browser = await launch();
  const server = await serve(['--port', '0']);
  const keep = (game) => server.base + '/keep?token=' + server.token + '&game=' + game;
  // The page keeps its token, and a reload answers 200 with what it showed (and no 404's
  // words, no error page whose only link drops the token).
  const holds = async (page, name, what) => {
    check(name + ': the token is kept', new URL(page.url()).searchParams.get('token') === server.token, page.url());
    const shown = await heading(page);
    const again = await page.reload({ waitUntil: 'load' });
    check(name + ': a reload answers 200', again && again.status() === 200, again ? String(again.status()) : 'none');
    await live(page);
    check(name + ': and shows ' + what + ' again', (await heading(page)) === shown, shown + ' / ' + (await heading(page)));
    const words = await page.evaluate(() => document.body.innerText);
    check(name + ': no "there is no game"', !/there is no game|\b404\b/i.test(words), words.slice(0, 200));
    check(name + ': the scorekeeper\'s forms', (await page.$('#start-form')) !== null);
  };
  try {
    const a = await phone(browser);
    const b = await phone(browser);
    const viewer = await phone(browser);
    for (const page of [a, b, viewer]) {
      page.on('pageerror', (e) => check('no script error', false, e.message));
      page.on('dialog', (d) => d.accept());
    }

    // --- 1. The table's first game, its start undone in the terminal: no game before it, so
    // the start form; the viewer's page says the game was removed.
    await a.goto(keep(1), { waitUntil: 'load' });
    await viewer.goto(server.base + '/?game=1', { waitUntil: 'load' });
    await live(a);
    await live(viewer);
    check('1: the keeper shows game 1 with its round form', (await heading(a)).startsWith('Game 1 ') && (await a.$('#round-form')) !== null,
      await heading(a));
    await a.type('#round-form input[name=v1]', '12');  // typed, never sent
    check('1: the terminal undoes the start of game 1', crowns('undo', '--game', '1').status === 0);
    check('1: the keeper goes to the table\'s start form', await onStartForm(a), await heading(a));
    await shot(a, 'follows-1-first-undone.png');
    check('1: the viewer says the game was removed', await waitFor(viewer, () => (document.querySelector('#card h1')?.textContent || '') === 'No game at this table'),
      await heading(viewer));
    await holds(a, '1', 'the start form');
    const viewerAgain = await viewer.reload({ waitUntil: 'load' });
    check('1: the viewer\'s reload answers 200', viewerAgain.status() === 200, String(viewerAgain.status()));

    // --- 2. The table's first game started from the page, its start undone from another phone.
    await a.bringToFront();
    for (const name of ['Ann', 'Bob']) {
      const chip = await a.evaluateHandle((n) => [...document.querySelectorAll('#start-form .roster .chip')].find((c) => c.textContent === n), name);
      await chip.tap();
    }
    await tap(a, '#start-form button[type=submit]');
    check('2: started from the page, game 2 is followed', await onGame(a, 2), await heading(a) + ' ' + a.url());
    await b.goto(keep(2), { waitUntil: 'load' });
    await live(b);
    await waitFor(b, () => (document.querySelector('#undo-form button')?.textContent || '').startsWith('Undo the start of game 2'));
    await tap(b, '#undo-form button');
    check('2: the other phone goes to the start form', await onStartForm(b), await heading(b));
    check('2: and so does this one', await onStartForm(a), await heading(a));
    check('2: game 2 is gone', rounds(2) === -1);
    await holds(a, '2', 'the start form');

    // --- 3. A rematch's start undone in the terminal: back to the game before it.
    check('3: the terminal starts game 3 and plays it to the end', crowns('new', 'Ann', 'Bob').status === 0 && playOut(3, 1));
    await a.goto(keep(3), { waitUntil: 'load' });
    await live(a);
    await tap(a, '#rematch-form button[type=submit]');
    check('3: the rematch is game 4, followed', await onGame(a, 4), a.url());
    check('3: the terminal undoes its start', crowns('undo', '--game', '4').status === 0);
    check('3: the keeper goes back to game 3', await onGame(a, 3), await heading(a) + ' ' + a.url());
    check('3: with no round form, the rematch offered', (await a.$('#round-form')) === null && (await a.$('#rematch-form')) !== null);
    await holds(a, '3', 'game 3');

    // --- 4. A rematch's start undone from another phone: both phones back to game 3.
    await tap(a, '#rematch-form button[type=submit]');
    check('4: the rematch is game 5, followed', await onGame(a, 5), a.url());
    await b.goto(keep(3), { waitUntil: 'load' });
    check('4: the other phone, opened at game 3, follows its table to game 5', await onGame(b, 5), b.url());
    await waitFor(b, () => (document.querySelector('#undo-form button')?.textContent || '').startsWith('Undo the start of game 5'));
    await tap(b, '#undo-form button');
    check('4: the other phone goes back to game 3', await onGame(b, 3), await heading(b));
    check('4: and so does this one', await onGame(a, 3), await heading(a) + ' ' + a.url());
    await holds(a, '4', 'game 3');

    // --- 5. A game with rounds deleted in the terminal, with values typed on the page: back
    // to game 3, nothing written anywhere.
    await tap(a, '#rematch-form button[type=submit]');
    check('5: the rematch is game 6, followed', await onGame(a, 6), a.url());
    check('5: the terminal records its round 1', crowns('round', '--game', '6', '0*', '4').status === 0);
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 2'));
    await a.type('#round-form input[name=v1]', '8');
    check('5: the terminal deletes game 6', crowns('delete', '6', '--yes').status === 0);
    check('5: the keeper goes back to game 3', await onGame(a, 3), await heading(a) + ' ' + a.url());
    check('5: no round form left', (await a.$('#round-form')) === null);
    await shot(a, 'follows-5-deleted.png');
    check('5: game 3 unchanged', rounds(3) === 11);
    await holds(a, '5', 'game 3');

    // --- 6. A game abandoned in the terminal: it is over, shown as abandoned, with the start
    // form open and the rematch offered; no round form.
    await tap(a, '#rematch-form button[type=submit]');
    check('6: the rematch is game 7, followed', await onGame(a, 7), a.url());
    await viewer.goto(server.base + '/?game=7', { waitUntil: 'load' });
    check('6: the terminal records its round 1', crowns('round', '--game', '7', '0*', '4').status === 0);
    check('6: and abandons it', crowns('abandon', '--game', '7', '--yes').status === 0);
    const abandoned = await waitFor(a, () => /abandoned/i.test(document.querySelector('#card')?.textContent || '') &&
      document.querySelector('#round-form') === null && document.querySelector('#start-form details[open]') !== null &&
      document.querySelector('#rematch-form') !== null);
    check('6: the keeper shows game 7 abandoned, the start form open, the rematch offered', abandoned,
      await heading(a) + ' / ' + ((await text(a, '#card .result')) || ''));
    check('6: still following game 7', gameOf(a) === '7', a.url());
    await shot(a, 'follows-6-abandoned.png');
    check('6: the viewer says it was abandoned', await waitFor(viewer, () => /abandoned/i.test(document.querySelector('#card')?.textContent || '')));
    await holds(a, '6', 'game 7');

    // --- 7. A game the terminal started for the table (it names no table: the game after a
    // finished one, seating its players), its start undone: back to the game before it,
    // live and after a reload alike.
    check('7: the terminal starts game 8 (Ann, Bob)', crowns('new', 'Ann', 'Bob').status === 0);
    check('7: the keeper follows its table to game 8', await onGame(a, 8), a.url());
    await a.reload({ waitUntil: 'load' });  // the page now at game 8 (its address)
    await live(a);
    check('7: the terminal undoes its start', crowns('undo', '--game', '8').status === 0);
    check('7: the keeper goes back to game 7', await onGame(a, 7), await heading(a) + ' ' + a.url());
    await holds(a, '7', 'game 7');
    const opened = await a.goto(keep(8), { waitUntil: 'load' });
    check('7: the gone game\'s address answers 200', opened.status() === 200, String(opened.status()));
    check('7: with the game before it at its table', (await heading(a)).startsWith('Game 7 '), await heading(a));

    // --- 8. A game never seen at this server's address: 200 and the start form, token kept.
    const never = await a.goto(keep(99), { waitUntil: 'load' });
    check('8: a game that never was answers 200', never.status() === 200, String(never.status()));
    check('8: with the start form', (await a.$('#start-form')) !== null && new URL(a.url()).searchParams.get('token') === server.token);
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('follows');
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
