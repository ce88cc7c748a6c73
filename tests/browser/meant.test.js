// The phone stores only what someone meant (issue 45), in headless Chromium at 360x800 with
// touch. Run by tests/e2e/test_serve_meant.sh with CROWNS, CROWNS_DB and OUT in the
// environment: game 1 (Ann, Kim) after round 1. It starts crowns serve itself (and kills it
// with SIGKILL, and starts it again on the same port).
//  1. Values typed for a round that another phone records meanwhile are never stored as the
//     next round without a question that shows both side by side, whatever the values; its
//     likely answer comes first and drops what was typed; the question goes when it no longer
//     applies.
//  2. A write whose answer is lost (the server killed after it stored it) is sent again with
//     its own id: the page says "Round N was saved", never "Not sent" nor "recorded
//     meanwhile", and the round is stored once.
'use strict';
const { check, finish, crowns, sleep, shot, serve, stop, launch, phone, value, text, tap } = require('./serve_helpers');

const rounds = (page) => page.evaluate(() => fetch('/api/game?game=1', { cache: 'no-store' }).then((r) => r.json()))
  .then((s) => s.rounds.length).catch(() => -1);
const stored = () => JSON.parse(crowns('show', '--game', '1', '--json').stdout).rounds.length;
// Types values into the round form (as a person would: an input event each).
const type = async (page, values) => {
  // Shown, and caught up (a page behind others let go of its stream): its form is for the
  // round now next.
  await page.bringToFront();
  await page.waitForFunction((n) => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round ' + n),
    { timeout: 5000, polling: 50 }, stored() + 1).catch(() => {});
  await page.evaluate((vals) => {
    vals.forEach((v, seat) => {
      const input = document.querySelector('#round-form input[name=v' + seat + ']');
      input.value = v;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }, values);
};
const formRound = (page) => page.$eval('#round-form h2', (h) => h.textContent).catch(() => '');
// A page behind another lets go of its stream (it catches up when shown): shown first.
const waitFor = async (page, fn, arg) => {
  await page.bringToFront();
  return page.waitForFunction(fn, { timeout: 8000, polling: 100 }, arg).then(() => true).catch(() => false);
};

(async () => {
  const browser = await launch();
  let server = await serve(['--port', '0']);
  const port = new URL(server.base).port;
  const keep = server.base + '/keep?token=' + server.token + '&game=1';
  try {
    const a = await phone(browser);
    await a.goto(keep, { waitUntil: 'load' });
    const b = await phone(browser);
    await b.goto(keep, { waitUntil: 'load' });
    for (const page of [a, b]) page.on('pageerror', (e) => check('no script error', false, e.message));
    for (const page of [a, b]) await page.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});

    // --- 1. A near-copy: phone A types Kim 41 for round 2; phone B records round 2 with 14.
    await type(a, ['41', 'out']);
    await type(b, ['14', 'out']);
    await tap(b, '#round-form button[type=submit]');
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 3'));
    check('B recorded round 2', stored() === 2, (await text(b, '#entry > .message')) + ' / ' + stored());
    check('A\'s form moved on to round 3 with what was typed', (await formRound(a)).startsWith('Record round 3') &&
      (await value(a, '#round-form input[name=v0]')) === '41', await formRound(a));
    await tap(a, '#round-form button[type=submit]');
    const asked = await waitFor(a, () => document.querySelector('.message table.compare') !== null);
    check('saving it asks, with both side by side', asked);
    await shot(a, 'meant-1-question.png');
    const cells = await a.$$eval('.message table.compare tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    check('round 2 as recorded beside what was typed', JSON.stringify(cells) === JSON.stringify([['Ann', '14', '41'], ['Kim', 'out', 'out']]),
      JSON.stringify(cells));
    const buttons = await a.$$eval('.message button', (bs) => bs.map((x) => x.textContent));
    check('the likely answer first', buttons[0] === 'It is the same round: drop what I typed', JSON.stringify(buttons));
    check('then the other', buttons[1] === 'It is another round: record it as round 3', JSON.stringify(buttons));
    check('nothing stored as round 3 before the answer', stored() === 2);
    // The question goes when it no longer applies: round 3 recorded elsewhere.
    check('the terminal records round 3', crowns('round', '--game', '1', '5', 'out').status === 0);
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 4'));
    check('the question is gone once round 3 is recorded', (await a.$('.message table.compare')) === null);
    // Again for round 4: the likely answer drops what was typed.
    await tap(a, '#round-form button.quiet[aria-label^="clear"]');
    await type(a, ['7', 'out']);
    await type(b, ['8', 'out']);
    await tap(b, '#round-form button[type=submit]');
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 5'));
    await tap(a, '#round-form button[type=submit]');
    await waitFor(a, () => document.querySelector('.message table.compare') !== null);
    await shot(a, 'meant-1b-question.png');
    await tap(a, '.message .row button:first-child');
    check('dropped: nothing stored, the form empty', stored() === 4 && (await value(a, '#round-form input[name=v0]')) === '',
      stored() + ' ' + (await value(a, '#round-form input[name=v0]')));
    check('and said so', ((await text(a, '#entry > .message')) || '').startsWith('Dropped what you typed: round 4 stays as recorded'), await text(a, '#entry > .message'));
    // And the other answer: typed for round 5, recorded meanwhile, and it is another round.
    await type(a, ['0', 'out']);
    check('the terminal records round 5', crowns('round', '--game', '1', '9', 'out').status === 0);
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 6'));
    await tap(a, '#round-form button[type=submit]');
    await waitFor(a, () => document.querySelector('.message table.compare') !== null);
    await tap(a, '.message .row button:nth-child(2)');
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 7'));
    check('recorded as round 6 when it is another round', stored() === 6);
    // A Clear takes the question away too.
    await type(a, ['3', 'out']);
    check('the terminal records round 7', crowns('round', '--game', '1', '4', 'out').status === 0);
    await waitFor(a, () => (document.querySelector('#round-form h2')?.textContent || '').startsWith('Record round 8'));
    await tap(a, '#round-form button[type=submit]');
    await waitFor(a, () => document.querySelector('.message table.compare') !== null);
    await shot(a, 'meant-1c-before-clear.png');
    await tap(a, '#round-form button.quiet[aria-label^="clear"]');
    await shot(a, 'meant-1d-after-clear.png');
    check('Clear takes the question away', (await a.$('.message table.compare')) === null && stored() === 7,
      stored() + ' ' + (await text(a, '#entry > .message')));

    // --- 2. The answer lost: the round is stored, the answer never comes (the connection
    // reset), then the server is killed and started again.
    await b.close();
    await type(a, ['12', 'out']);
    await a.setRequestInterception(true);
    let lost = 0;
    const onRequest = async (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/round') && lost === 0) {
        lost += 1;
        // Stored by the server, its answer lost on the way back.
        await fetch(request.url(), { method: 'POST', headers: request.headers(), body: request.postData() }).catch(() => {});
        request.abort('connectionreset');
        return;
      }
      request.continue();
    };
    a.on('request', onRequest);
    await tap(a, '#round-form button[type=submit]');
    await waitFor(a, () => (document.querySelector('#entry .message')?.textContent || '').startsWith('No answer'));
    check('the round is stored once', stored() === 8);
    const said = (await text(a, '#entry .message')) || '';
    check('the page does not say "Not sent"', !said.includes('Not sent'), said);
    a.off('request', onRequest);
    await a.setRequestInterception(false);
    process.kill(server.child.pid, 'SIGKILL');
    await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode ? r() : server.child.on('exit', r)));
    await sleep(500);
    server = await serve(['--port', port]);
    const saved = await waitFor(a, () => (document.querySelector('#entry .message')?.textContent || '') === 'Round 8 was saved');
    check('after the restart the page says "Round 8 was saved"', saved, await text(a, '#entry .message'));
    await shot(a, 'meant-2-saved.png');
    check('stored once', stored() === 8);
    const body = await a.evaluate(() => document.body.innerText);
    check('no "recorded meanwhile"', !body.includes('recorded meanwhile'));
    check('the form is for round 9, empty', (await formRound(a)).startsWith('Record round 9') &&
      (await value(a, '#round-form input[name=v0]')) === '', await formRound(a));
    check('nothing left to send', (await a.evaluate(() => window.localStorage.getItem('crowns:pending'))) === null);

    // --- The same after a real kill -9 during the write, and the page opened again: whatever
    // the server had done, the round is stored once and the page says it was saved.
    await type(a, ['6', 'out']);
    await a.setRequestInterception(true);
    a.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/round')) {
        // The write reaches the server; the server dies before the page hears anything.
        fetch(request.url(), { method: 'POST', headers: request.headers(), body: request.postData() })
          .then(() => process.kill(server.child.pid, 'SIGKILL')).catch(() => {});
        request.abort('connectionreset');
        return;
      }
      request.continue();
    });
    await tap(a, '#round-form button[type=submit]');
    await waitFor(a, () => (document.querySelector('#entry .message')?.textContent || '').startsWith('No answer'));
    await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode ? r() : server.child.on('exit', r)));
    const again = await browser.tab(a);  // the same phone: its storage keeps what was sent
    server = await serve(['--port', port]);
    await a.close();
    await again.goto(keep, { waitUntil: 'load' });
    const savedAgain = await waitFor(again, () => (document.querySelector('#entry .message')?.textContent || '') === 'Round 9 was saved');
    check('opened again, the page says "Round 9 was saved"', savedAgain, await text(again, '#entry .message'));
    check('stored once', stored() === 9 && (await rounds(again)) === 9);

    // --- 3. A keeper page follows its table when its game goes: the rematch's start undone
    // from the page itself, back to the game before it; a table's only game deleted in a
    // terminal, to its start form. The token stays; a reload answers 200.
    const keeper = again;
    keeper.on('dialog', (d) => d.accept());
    check('the terminal ends game 1', crowns('round', '--game', '1', '5', 'out').status === 0 &&
      crowns('round', '--game', '1', '11', 'out').status === 0);
    await tap(keeper, '#rematch-form button[type=submit]');
    await waitFor(keeper, () => new URL(window.location.href).searchParams.get('game') === '2');
    check('the rematch is game 2, followed', new URL(keeper.url()).searchParams.get('game') === '2');
    await waitFor(keeper, () => (document.querySelector('#undo-form button')?.textContent || '').startsWith('Undo the start'));
    await keeper.$eval('#undo-form button', (b) => b.click());
    const back = await waitFor(keeper, () => (document.querySelector('#card h1')?.textContent || '').startsWith('Game 1 ') &&
      new URL(window.location.href).searchParams.get('game') === '1');
    check('its start undone, the page shows game 1 again and follows it', back, keeper.url());
    check('with its token', new URL(keeper.url()).searchParams.get('token') === server.token);
    const reload = await keeper.reload({ waitUntil: 'load' });
    check('a reload answers 200', reload.status() === 200, String(reload.status()));
    check('and shows game 1', ((await text(keeper, '#card h1')) || '').startsWith('Game 1 '));
    const deleted = await phone(browser);
    check('the terminal starts game 3', crowns('new', 'Cy', 'Dee', '--add').status === 0);
    await deleted.goto(server.base + '/keep?token=' + server.token + '&game=3', { waitUntil: 'load' });
    await deleted.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
    check('and deletes it', crowns('delete', '3', '--yes').status === 0);
    const startForm = await waitFor(deleted, () => (document.querySelector('#card h1')?.textContent || '') === 'No game at this table' &&
      document.querySelector('#start-form details[open]') !== null);
    check('deleted, the page says so and offers the start form', startForm, await text(deleted, '#card h1'));
    await shot(deleted, 'meant-3-gone.png');
    const again3 = await deleted.reload({ waitUntil: 'load' });
    check('a reload answers 200', again3.status() === 200, String(again3.status()));
    check('with the scorekeeper\'s forms', (await deleted.$('#start-form')) !== null);

    // --- 4. The terminal's name rules: a typo of a roster name asks "did you mean Kim?"
    // before anyone is created; the roster follows players added elsewhere, live.
    const starter = deleted;
    await starter.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
    check('the terminal adds Zoe', crowns('player', 'add', 'Zoe').status === 0);
    const zoe = await waitFor(starter, () => [...document.querySelectorAll('#start-form .roster .chip')].some((b) => b.textContent === 'Zoe'));
    check('the roster shows Zoe without a reload', zoe);
    const chip = await starter.evaluateHandle(() => [...document.querySelectorAll('#start-form .roster .chip')].find((b) => b.textContent === 'Ann'));
    await chip.tap();
    await starter.type('#start-form input[aria-label="a new player\'s name"]', 'Kmi');
    await tap(starter, '#start-form .seat.add button');
    await tap(starter, '#start-form button[type=submit]');
    const asking = await waitFor(starter, () => (document.querySelector('#entry > .message')?.textContent || '').startsWith('Kmi is not a player yet; did you mean Kim?'));
    check('a typo of Kim asks "did you mean Kim?"', asking, await text(starter, '#entry > .message'));
    const players = () => JSON.parse(crowns('player', 'list', '--json').stdout || '[]');
    check('nobody created yet', !crowns('player', 'list').stdout.includes('Kmi'));
    const answers = await starter.$$eval('#entry > .message button', (l) => l.map((b) => b.textContent));
    check('the roster\'s player first', answers[0] === 'Yes: Kim' && answers[1] === 'No: Kmi is a new player', JSON.stringify(answers));
    await shot(starter, 'meant-4-did-you-mean.png');
    await tap(starter, '#entry > .message button');
    const started4 = await waitFor(starter, () => /^Game 4 /.test(document.querySelector('#card h1')?.textContent || ''));
    check('the game starts with Kim', started4 && JSON.parse(crowns('show', '--game', '4', '--json').stdout).players.join(',') === 'Ann,Kim',
      crowns('show', '--game', '4', '--json').stdout.slice(0, 200));
    check('and no Kmi', !crowns('player', 'list').stdout.includes('Kmi'));
    void players;

    // --- 5. A new player spelled like Kim with another letter (a Cyrillic \u041a), confirmed
    // new: the store refuses the look-alike, and the page shows its whole sentence; it once
    // ended "...or add a different player with", cut where a terminal command began (issue 46).
    check('the terminal deletes game 4', crowns('delete', '4', '--yes').status === 0);
    const form5 = await waitFor(starter, () => document.querySelector('#start-form details[open]') !== null &&
      [...document.querySelectorAll('#start-form .roster .chip')].some((b) => b.textContent === 'Ann'));
    check('the start form is offered again', form5);
    await starter.evaluate(() => {
      const ann = [...document.querySelectorAll('#start-form .roster .chip')].find((b) => b.textContent === 'Ann');
      if (ann.getAttribute('aria-pressed') !== 'true') ann.click();
    });
    await starter.type('#start-form input[aria-label="a new player\'s name"]', '\u041aim');
    await tap(starter, '#start-form .seat.add button');
    await tap(starter, '#start-form button[type=submit]');
    const asked5 = await waitFor(starter, () => (document.querySelector('#entry > .message')?.textContent || '').includes('did you mean Kim?'));
    check('the look-alike asks "did you mean Kim?" first', asked5, await text(starter, '#entry > .message'));
    await starter.evaluate(() => [...document.querySelectorAll('#entry > .message button')].find((b) => b.textContent.startsWith('No: ')).click());
    const whole = '\'\u041aim\' looks like the existing player \'Kim\' but is spelled with other letters (U+041A at 1); write Kim for them';
    const refused5 = await waitFor(starter, (w) => (document.querySelector('#entry > .message')?.textContent || '').includes(w), whole);
    const said5 = (await text(starter, '#entry > .message')) || '';
    check('confirmed new, it is refused in the whole sentence', refused5, said5);
    check('which names no terminal command', !said5.includes('crowns ') && !said5.includes('--'), said5);
    check('and ends whole, not cut', !/ with:?$/.test(said5.trim()) && !said5.includes('add a different player with'), said5);
    await shot(starter, 'meant-5-look-alike.png');
    check('nobody created', !crowns('player', 'list').stdout.includes('\u041aim'));
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('meant');
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
