// The whole game night from the scorekeeper's phone: headless Chromium at 360x800 with touch,
// driven by puppeteer-core (run by tests/e2e/test_serve_keeper_phone.sh with BASE, TOKEN, CROWNS,
// CROWNS_DB and OUT in the environment). Every tap is a touch tap; prints one line per failure.
'use strict';
const puppeteer = require('puppeteer-core');
const { spawnSync } = require('child_process');
const path = require('path');

const { BASE, TOKEN, CROWNS, OUT } = process.env;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
  if (ok) passed += 1; else { failed += 1; console.log('FAIL: ' + name + (detail ? ' (' + detail + ')' : '')); }
};
const crowns = (...args) => spawnSync(CROWNS, args, { encoding: 'utf8' });
const shot = async (page, name) => {
  await page.bringToFront();
  await page.screenshot({ path: path.join(OUT, name), fullPage: true });
};
const phone = async (browser) => {
  const page = await browser.newPage();
  await page.setViewport({ width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  return page;
};
const text = (page, selector) => page.$eval(selector, (n) => n.textContent).catch(() => '');
const state = (page) => page.evaluate(() => fetch('/api/game').then((r) => r.json()));
// Every button and link in `root` at least 44x44 CSS px (the ones shown).
const smallTargets = (page, root) => page.evaluate((r) => [...document.querySelectorAll(r + ' button, ' + r + ' summary')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => b.getBoundingClientRect())
  .filter((b) => b.width < 44 || b.height < 44).length, root);

const { axeProblems, separatePhones, tap } = require('./serve_helpers');

// Records the round now next from the keeper's form: values by seat.
const recordRound = async (page, values, out) => {
  const before = (await state(page)).rounds.length;
  await page.waitForSelector('#round-form', { timeout: 5000 });
  await page.evaluate((vals) => {
    vals.forEach((v, seat) => {
      const input = document.querySelector('#round-form input[name=v' + seat + ']');
      if (input && v !== null) input.value = v;
    });
  }, values);
  if (out !== undefined) await tap(page, '#round-form input[name=out][value="' + out + '"]');
  await tap(page, '#round-form button[type=submit]');
  await page.waitForFunction((n) => fetch('/api/game').then((r) => r.json()).then((s) => s.rounds.length > n),
    { timeout: 5000, polling: 100 }, before).catch(() => {});
  return (await state(page)).rounds.length === before + 1;
};

(async () => {
  const browser = separatePhones(await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // A page behind another one is not throttled: puppeteer's tap waits for the page's next frame,
    // which a background page may never draw (a tap timed out after 180 s under load).
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars', '--disable-dev-shm-usage',
      '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows'],
  }));
  try {
    const keeper = await phone(browser);
    await keeper.goto(BASE + '/keep?token=' + TOKEN, { waitUntil: 'load' });

    // --- Start a game: Cat from the roster by tap, Ann and Bob as new names, Ann to deal.
    await keeper.waitForSelector('#start-form button.chip', { timeout: 5000 });
    await tap(keeper, '#start-form input[aria-label="a new player\'s name"]');
    await keeper.type('#start-form input[aria-label="a new player\'s name"]', 'Ann');
    await tap(keeper, '#start-form .seat.add button');
    await keeper.type('#start-form input[aria-label="a new player\'s name"]', 'Bob');
    await tap(keeper, '#start-form .seat.add button');
    const chips = await keeper.$$('#start-form button.chip');
    for (const chip of chips) {
      if ((await chip.evaluate((b) => b.textContent)) === 'Cat') await chip.tap();
    }
    check('the seat order is as tapped', (await keeper.$$eval('#start-form ol.order .who', (n) => n.map((x) => x.textContent)))
      .join(',') === 'Ann,Bob,Cat');
    await keeper.type('#start-form input[name=note]', 'Game night');
    check('the start form\'s tap targets are 44x44 px or more', (await smallTargets(keeper, '#start-form')) === 0);
    await shot(keeper, 'night-start-360.png');
    const startProblems = await axeProblems(keeper);
    check('axe: nothing serious on the start form', startProblems.length === 0, startProblems.join('; '));
    await tap(keeper, '#start-form button[type=submit]');
    await keeper.waitForSelector('#round-form', { timeout: 5000 }).catch(() => {});
    let s = await state(keeper);
    check('the game started from the phone', s && s.players.join(',') === 'Ann,Bob,Cat' && s.note === 'Game night',
      JSON.stringify(s && s.players));

    // --- Round 1: Cat's cards left from the picker (Kh Qh: 25 points, 3s wild).
    await tap(keeper, '#round-form button[aria-label="Cat: pick the cards left"]');
    await tap(keeper, '#round-form .picker button[aria-label="K of hearts"]');
    await tap(keeper, '#round-form .picker button[aria-label="Q of hearts"]');
    check('the picker fills the cards left', (await keeper.$eval('#round-form input[name=v2]', (i) => i.value)) === 'Kh Qh');
    check('the picker counts them', (await text(keeper, '#round-form .counted')).includes('25 points'));
    check('the round\'s wild is marked', (await keeper.$$('#round-form .picker button.wild')).length === 5);
    check('the picker\'s tap targets are 44x44 px or more', (await smallTargets(keeper, '#round-form .picker')) === 0);
    await shot(keeper, 'night-picker-360.png');
    check('round 1 from the phone', await recordRound(keeper, ['', '10', null], 0));
    check('round 2', await recordRound(keeper, ['10', '', '20'], 1));

    // --- A late arrival before round 3: Dee, at the highest total (Cat's 45).
    await tap(keeper, '#join-form summary');
    const offered = await keeper.$eval('#join-form input[name=total]', (i) => i.value);
    check('the join form offers the highest total', offered === '45', offered);
    await keeper.type('#join-form input[name=name]', 'Dee');
    await shot(keeper, 'night-join-360.png');
    await tap(keeper, '#join-form button[type=submit]');
    await keeper.waitForFunction(() => fetch('/api/game').then((r) => r.json()).then((g) => g.players.length === 4),
      { timeout: 5000, polling: 100 }).catch(() => {});
    s = await state(keeper);
    check('Dee joined at round 3 with 45', s.joined && s.joined.Dee && s.joined.Dee.round === 3 && s.joined.Dee.start_total === 45,
      JSON.stringify(s.joined));
    // The join form starts again for the next arrival, who would sit after Dee.
    await keeper.waitForFunction(() => (document.querySelector('#join-form .meta')?.textContent || '').includes('after Dee'),
      { timeout: 5000, polling: 100 }).catch(() => {});
    check('the join form is empty again, the next sits after Dee',
      (await keeper.$eval('#join-form input[name=name]', (i) => i.value)) === '' &&
      (await text(keeper, '#join-form .meta')).includes('after Dee'), await text(keeper, '#join-form .meta'));
    await keeper.type('#join-form input[name=name]', 'Eve');

    // --- A correction of round 1 after Dee came: Dee's field is empty, disabled and not sent
    // (before, it read "undefined" and every such correction was refused as stale).
    await keeper.waitForFunction(() => document.querySelectorAll('#edit-form input[name=v3]').length === 1,
      { timeout: 5000, polling: 100 }).catch(() => {});
    await keeper.select('#edit-form select', '1');
    const deeField = await keeper.$eval('#edit-form input[name=v3]', (i) => ({ value: i.value, disabled: i.disabled }))
      .catch(() => null);
    check('round 1 has no field to fill for Dee, who came at round 3', deeField && deeField.value === '' && deeField.disabled,
      JSON.stringify(deeField));
    await keeper.$eval('#edit-form input[name=v1]', (i) => { i.value = ''; });
    await keeper.type('#edit-form input[name=v1]', '12');
    await shot(keeper, 'night-edit-before-join-360.png');
    await tap(keeper, '#edit-form button[type=submit]');
    await keeper.waitForFunction(() => fetch('/api/game').then((r) => r.json()).then((g) => g.rounds[0].scores.Bob === 12),
      { timeout: 5000, polling: 100 }).catch(() => {});
    s = await state(keeper);
    check('the correction of round 1 lands, Dee\'s start as it was', s.rounds[0].scores.Bob === 12 &&
      s.rounds[0].scores.Dee === undefined && s.totals.Dee === 45, JSON.stringify(s.rounds[0]));
    // The join form follows the totals (its save would be refused on the old ones), keeping Eve.
    await keeper.waitForFunction(() => document.querySelector('#join-form input[name=was]')?.value === '10,12,45,45',
      { timeout: 5000, polling: 100 }).catch(() => {});
    check('the join form is redrawn on the corrected totals, Eve kept',
      (await keeper.$eval('#join-form input[name=was]', (i) => i.value)) === '10,12,45,45' &&
      (await keeper.$eval('#join-form input[name=name]', (i) => i.value)) === 'Eve');
    await keeper.$eval('#join-form input[name=name]', (i) => { i.value = ''; });
    const undone = crowns('undo');
    check('and the terminal undoes it', undone.status === 0 && undone.stdout.includes('Bob 12 -> 10'), undone.stdout + undone.stderr);
    await keeper.waitForFunction(() => fetch('/api/game').then((r) => r.json()).then((g) => g.rounds[0].scores.Bob === 10),
      { timeout: 5000, polling: 100 }).catch(() => {});
    // Rounds 3-10: Ann and Bob take turns going out; Cat 20, Dee 20. Round 11: Cat goes out.
    for (let r = 3; r <= 10; r += 1) {
      const annOut = r % 2 === 1;
      check('round ' + r, await recordRound(keeper, [annOut ? '' : '10', annOut ? '10' : '', '20', '20'], annOut ? 0 : 1));
    }
    check('round 11', await recordRound(keeper, ['10', '10', '', '20'], 2));
    s = await state(keeper);
    check('a tie between Ann and Bob', s.status === 'finished' && s.tied && s.leaders.join(',') === 'Ann,Bob',
      JSON.stringify(s.totals));

    // --- The tie-break form, then the tie broken: Ann first and alone.
    await keeper.waitForSelector('#tiebreak-form', { timeout: 5000 }).catch(() => {});
    check('a tied game offers the tie-break', (await keeper.$('#tiebreak-form')) !== null);
    check('and the rematch', (await keeper.$('#rematch-form')) !== null);
    await shot(keeper, 'night-tie-360.png');
    const tieProblems = await axeProblems(keeper);
    check('axe: nothing serious on the keeper\'s page with the tie-break form', tieProblems.length === 0, tieProblems.join('; '));
    await tap(keeper, '#tiebreak-form input[name=out][value="0"]');
    await keeper.type('#tiebreak-form input[name=v1]', '7h 6s 9h Kd Kc 3h');
    await tap(keeper, '#tiebreak-form button[type=submit]');
    await keeper.waitForFunction(() => document.querySelector('#card tr.tiebreak') !== null, { timeout: 5000 }).catch(() => {});
    const ranks = await keeper.$$eval('#card table.standings tbody tr', (rows) => rows.map((r) => ({
      rank: r.cells[0].textContent, name: r.cells[1].textContent, lead: r.classList.contains('lead'),
    })));
    check('after the tie-break Ann ranks first and alone', ranks[0].rank === '1' && ranks[0].name.startsWith('Ann') &&
      ranks[0].lead && ranks[1].rank === '2' && ranks[1].name.startsWith('Bob') && !ranks[1].lead, JSON.stringify(ranks));
    check('the tie-break shows in the round table', (await text(keeper, '#card tr.tiebreak')).includes('19'));
    check('the tie-break form is gone', (await keeper.$('#tiebreak-form')) === null);
    await shot(keeper, 'night-tiebroken-360.png');

    // --- Rematch: the same seats, the deal passed on to Bob.
    await tap(keeper, '#rematch-form button[type=submit]');
    await keeper.waitForFunction(() => fetch('/api/game').then((r) => r.json()).then((g) => g.status === 'active'),
      { timeout: 5000, polling: 100 }).catch(() => {});
    s = await state(keeper);
    check('the rematch seats the same players', s.status === 'active' && s.players.join(',') === 'Ann,Bob,Cat,Dee' &&
      s.rounds.length === 0, JSON.stringify(s.players));
    check('and the deal passes on', s.next && s.next.dealer === 'Bob', JSON.stringify(s.next));
    const rematchId = s.id;

    // --- Another game while the rematch is in progress: warned by number and players.
    await tap(keeper, '#start-form summary');
    await keeper.type('#start-form input[aria-label="a new player\'s name"]', '"><img src onerror>');
    await tap(keeper, '#start-form .seat.add button');
    for (const chip of await keeper.$$('#start-form button.chip')) {
      if ((await chip.evaluate((b) => b.textContent)) === 'Ann') await chip.tap();
    }
    await tap(keeper, '#start-form button[type=submit]');
    await keeper.waitForFunction(() => (document.querySelector('.message.error') || {}).textContent, { timeout: 5000 }).catch(() => {});
    const warning = await text(keeper, '.message.error');
    check('a game in progress is named before another starts', warning.includes('game ' + rematchId + ' (Ann, Bob, Cat, Dee) is still in progress'), warning);
    check('nothing was started', (await state(keeper)).id === rematchId);
    await shot(keeper, 'night-in-progress-360.png');
    await tap(keeper, '.message.error button');
    await keeper.waitForFunction((id) => fetch('/api/game').then((r) => r.json()).then((g) => g.id !== id),
      { timeout: 5000, polling: 100 }, rematchId).catch(() => {});
    s = await state(keeper);
    check('"start it anyway" starts it', s.id !== rematchId && s.players.length === 2, JSON.stringify(s.players));
    // The page follows the game it started (its table's now): its card comes by the stream.
    await keeper.waitForFunction(() => document.querySelector('#card').textContent.includes('"><img src onerror>'),
      { timeout: 5000 }).catch(() => {});
    check('a hostile name stays text', await keeper.evaluate(() => document.querySelectorAll('main img').length === 0 &&
      document.querySelector('#card').textContent.includes('"><img src onerror>')));
    const log = crowns('log', '--all').stdout;
    check('every write is in the audit log', ['Game 1 started', 'Dee joined game 1 at round 3 with 45', 'Tie-break entered',
      'Game 2 started', 'Game 3 started'].every((t) => log.includes(t)), log);

    // --- The hand page: tap cards, get crowns analyze's answer; the URL gives the same.
    const hand = await phone(browser);
    await hand.goto(BASE + '/analyze', { waitUntil: 'load' });
    await hand.select('#hand-round', '5');
    for (const label of ['7 of hearts', '8 of hearts', '9 of hearts', 'K of spades', 'K of diamonds', '3 of clubs']) {
      await tap(hand, '#picker button[aria-label^="' + label + '"]');
    }
    await tap(hand, '#picker button.joker');
    check('the hand page\'s wild is the round\'s', (await hand.$$('#picker button.wild')).length === 5 &&
      (await hand.$eval('#picker button.wild', (b) => b.textContent)).startsWith('7'));
    check('the hand page\'s tap targets are 44x44 px or more', (await smallTargets(hand, '#picker')) === 0);
    // A tap that navigates can leave the browser's touch acknowledgement waiting on a page that
    // is gone (it hung 180 s once under ASan in CI): the button is pressed in the page instead.
    await Promise.all([hand.waitForNavigation({ timeout: 5000 }).catch(() => {}),
      hand.$eval('#hand button[type=submit]', (b) => b.click())]);
    const answer = await text(hand, '#answer pre');
    const cli = crowns('analyze', '--round', '5', '7h', '8h', '9h', 'Ks', 'Kd', '3c', 'jk').stdout;
    check('the hand page says what crowns analyze says', cli.includes('score') && answer === cli, answer + ' vs ' + cli);
    check('its URL can be shared', hand.url().includes('round=5') && hand.url().includes('cards=7h+8h+9h+Ks+Kd+3c+jk'), hand.url());
    await shot(hand, 'night-hand-360.png');
    const handProblems = await axeProblems(hand);
    check('axe: nothing serious on the hand page', handProblems.length === 0, handProblems.join('; '));
    const shared = await (await browser.newPage());
    await shared.goto(hand.url(), { waitUntil: 'load' });
    check('the shared URL gives the same answer', (await text(shared, '#answer pre')) === cli);
    check('no sideways scrolling at 360 px', await hand.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    const bad = await hand.goto(BASE + '/analyze?round=5&cards=7h+8x', { waitUntil: 'load' });
    const refused = crowns('analyze', '--round', '5', '7h', '8x').stderr.replace(/^crowns: error: /, '').trim();
    check('bad cards: 400 with analyze\'s one-line error', bad.status() === 400 && refused !== '' &&
      (await text(hand, '#answer')) === refused,
      (await text(hand, '#answer')) + ' vs ' + refused);
  } catch (e) {
    failed += 1;
    console.log('FAIL: ' + (e && e.stack ? e.stack : e));
  } finally {
    await browser.close();
  }
  console.log('keeper_phone.test.js: ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed === 0 ? 0 : 1);
})();
