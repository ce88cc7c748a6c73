// crowns serve in a real browser: headless Chromium (Debian's, at $CHROMIUM) driven by
// puppeteer-core. Run by tests/e2e/test_serve_browser.sh with BASE, TOKEN, CROWNS, CROWNS_DB
// and OUT (where the screenshots go) in the environment; prints one line per check.
'use strict';
const puppeteer = require('puppeteer-core');
const { execFileSync, spawn, spawnSync } = require('child_process');
const crypto = require('crypto');
const path = require('path');

const { BASE, TOKEN, CROWNS, CROWNS_DB, OUT } = process.env;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
  if (process.env.DEBUG) console.log((ok ? 'ok: ' : '') + name + ' ' + (Date.now() % 100000));
  if (ok) passed += 1; else { failed += 1; console.log('FAIL: ' + name + (detail ? ' (' + detail + ')' : '')); }
};
const content = () => crypto.createHash('sha256')
  .update(execFileSync('sqlite3', [CROWNS_DB, '.dump'])).digest('hex');
const crowns = (...args) => spawnSync(CROWNS, args, { encoding: 'utf8' });
// A screenshot waits for the page's next frame, and a tab in the background draws none (a
// full-page shot of the keeper's page behind the viewer's took 80 s): bring it to the front.
const shot = async (page, name) => {
  await page.bringToFront();
  await page.screenshot({ path: path.join(OUT, name), fullPage: true });
};
// A phone: 360x800 CSS px, touch (taps, not clicks).
const phone = { width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const { axeProblems, separatePhones, tap } = require('./serve_helpers');
// What a finger taps that is smaller than 44x44 CSS px: links, buttons, fields, the labels of
// radios and checkboxes (the box itself is inside its label).
const smallTargets = (page) => page.evaluate(() => {
  const small = [];
  for (const node of document.querySelectorAll('a, button, select, input[type=text], label')) {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;  // hidden
    if (box.width < 44 || box.height < 44) {
      small.push(node.tagName.toLowerCase() + ' "' + node.textContent.trim().slice(0, 30) + '" ' +
        Math.round(box.width) + 'x' + Math.round(box.height));
    }
  }
  return small;
});
// The words of a CLI message on the page: no shell quotes.
const phoneWords = (text) => text.replace(' in quotes ("Ks Qh jk")', ' (Ks Qh jk)');
const roundsShown = (page) => page.evaluate(() => document.querySelectorAll('#card table.rounds tbody tr').length);

(async () => {
  const browser = separatePhones(await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // A container's /dev/shm is small: without this, a full-page screenshot can crash the tab.
    // A page behind another one is not throttled: puppeteer's tap waits for the page's next frame,
    // which a background page may never draw (a tap timed out after 180 s under load).
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars', '--disable-dev-shm-usage',
      '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows'],
  }));
  try {
    // --- A viewer at 360 px follows the game without reloading.
    const viewer = await browser.newPage();
    await viewer.setViewport(phone);
    await viewer.goto(BASE + '/', { waitUntil: 'load' });
    await viewer.waitForSelector('#live.on', { timeout: 5000 });
    await viewer.evaluate(() => { window.notReloaded = true; });
    const before = await roundsShown(viewer);
    const cli = crowns('round', 'out', '12', '30');
    // From the moment the round is in (the CLI has exited): the CLI's own start and exit, a
    // sanitized process under load, are not the page's latency.
    const started = Date.now();
    check('the CLI records a round', cli.status === 0, cli.stderr);
    await viewer.waitForFunction((n) => document.querySelectorAll('#card table.rounds tbody tr').length > n,
      { timeout: 3000 }, before).catch(() => {});
    const took = Date.now() - started;
    check('the round from the CLI appears on the viewer\'s page', (await roundsShown(viewer)) === before + 1);
    // A bound, not a figure: the latency itself is measured by bench/serve_club_latency.sh
    // (docs/SERVE.md); this suite also runs under the sanitizers on a loaded CI machine.
    check('within 2 s (' + took + ' ms)', took < 2000);
    check('without a reload', await viewer.evaluate(() => window.notReloaded === true));
    check('hostile names stay text', await viewer.evaluate(() =>
      document.querySelectorAll('#card img, #card script, main img').length === 0 &&
      document.body.textContent.includes('<script>alert(1)</script>')));
    check('no sideways scrolling at 360 px', await viewer.evaluate(() =>
      document.documentElement.scrollWidth <= window.innerWidth), String(await viewer.evaluate(() => document.documentElement.scrollWidth)));
    check('the viewer has no entry form', (await viewer.$('#round-form')) === null);
    await shot(viewer, 'viewer-360.png');

    // --- A viewer's POST is refused and changes nothing.
    const sum = content();
    const status = await viewer.evaluate(() => fetch('/api/round', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'game=1&v0=out&v1=5&v2=5',
    }).then((r) => r.status));
    check('a viewer\'s POST is refused (' + status + ')', status === 403);
    check('and changes nothing', content() === sum);

    // --- A cross-site form, even one that knew the token, is refused.
    const attacker = await browser.newPage();
    await attacker.setContent(`<form method="post" action="${BASE}/api/round">
      <input name="token" value="${TOKEN}"><input name="game" value="1"><input name="v0" value="out">
      <input name="v1" value="5"><input name="v2" value="5"></form>`);
    await Promise.all([
      attacker.waitForNavigation({ timeout: 5000 }).catch(() => {}),
      attacker.evaluate(() => document.forms[0].submit()),
    ]);
    check('a cross-site form post is refused', (await attacker.content()).includes('refused'));
    check('and changes nothing', content() === sum);
    await attacker.close();

    // --- The scorekeeper enters a round on the phone.
    const keeper = await browser.newPage();
    await keeper.setViewport(phone);
    await keeper.goto(BASE + '/keep?token=' + TOKEN, { waitUntil: 'load' });
    await keeper.waitForSelector('#round-form', { timeout: 5000 });
    const bad = crowns('round', '0', 'abc', '5');
    const cliMessage = phoneWords(bad.stderr.trim().replace(/^crowns: error: /, ''));
    await keeper.type('#round-form input[name=v0]', '0');
    await keeper.type('#round-form input[name=v1]', 'abc');
    await keeper.type('#round-form input[name=v2]', '5');
    await tap(keeper, '#round-form button[type=submit]');
    await keeper.waitForSelector('.message.error', { timeout: 5000 }).catch(() => {});
    const shown = await keeper.evaluate(() => document.querySelector('.message')?.textContent || '');
    check('a bad value shows the CLI\'s message', shown === cliMessage, JSON.stringify({ shown, cliMessage }));
    check('and changes nothing', content() === sum);
    await shot(keeper, 'keeper-error-360.png');

    const beforeKeeper = await roundsShown(viewer);
    await keeper.evaluate(() => { for (const i of document.querySelectorAll('#round-form input[type=text]')) i.value = ''; });
    await keeper.type('#round-form input[name=v0]', '7h 8h');  // a typed hand: 15 points
    await keeper.type('#round-form input[name=v2]', '9');
    await tap(keeper, '#round-form input[name=out][value="1"]');
    await tap(keeper, '#round-form button[type=submit]');
    await keeper.waitForSelector('.message.ok', { timeout: 5000 }).catch(() => {});
    await viewer.waitForFunction((n) => document.querySelectorAll('#card table.rounds tbody tr').length > n,
      { timeout: 3000 }, beforeKeeper).catch(() => {});
    check('the scorekeeper\'s round reaches the viewer', (await roundsShown(viewer)) === beforeKeeper + 1);
    const game = JSON.parse(crowns('show', '--json').stdout);
    const last = game.rounds[game.rounds.length - 1];
    check('the typed hand is scored as the CLI scores it', last.scores[game.players[0]] === 15 &&
      last.went_out === game.players[1], JSON.stringify(last));
    await keeper.waitForSelector('#edit-form', { timeout: 3000 }).catch(() => {});
    await shot(keeper, 'keeper-360.png');

    // --- A correction being typed while the terminal edits the same round: the form keeps
    // the round chosen and what was typed, says what changed, and follows what was not typed.
    const names = JSON.parse(crowns('show', '--json').stdout).players;
    await keeper.waitForSelector('#edit-form select', { timeout: 3000 });
    await keeper.bringToFront();
    await keeper.select('#edit-form select', '1');
    const third = '#edit-form input[name=v2]';
    await keeper.$eval(third, (i) => { i.value = ''; });
    await keeper.type(third, '14');
    const edited = crowns('edit', '1', names[1] + '=13');
    check('the terminal edits round 1 meanwhile', edited.status === 0, edited.stderr);
    await keeper.waitForFunction(() => (document.querySelector('#edit-form .note')?.textContent || '').includes('meanwhile'),
      { timeout: 3000 }).catch(() => {});
    const editNote = await keeper.$eval('#edit-form .note', (n) => n.textContent);
    check('the form says the round changed, naming who', editNote ===
      'Round 1 changed meanwhile: ' + names[1] + ' is now 13 — your values are kept.', editNote);
    check('it keeps round 1 chosen', (await keeper.$eval('#edit-form select', (s) => s.value)) === '1');
    check('and the typed 14', (await keeper.$eval(third, (i) => i.value)) === '14');
    check('and shows the new 13 where nothing was typed',
      (await keeper.$eval('#edit-form input[name=v1]', (i) => i.value)) === '13');
    await shot(keeper, 'keeper-edit-kept-360.png');
    await tap(keeper, '#edit-form button[type=submit]');
    await keeper.waitForSelector('#entry > p.message.ok', { timeout: 5000 }).catch(() => {});
    const afterEdit = JSON.parse(crowns('show', '--json').stdout).rounds[0].scores;
    check('the correction lands on round 1, over nobody\'s edit', afterEdit[names[2]] === 14 && afterEdit[names[1]] === 13,
      JSON.stringify(afterEdit));

    // --- Two keepers race for one round. The second's live updates are cut (so its save
    // goes out stale): refused (409), its form moves on to the round now next with what was
    // typed carried over, marked, without a reload.
    // Another phone: a browser context of its own (its own storage, as a second phone has).
    const phone2 = await browser.createBrowserContext();
    const keeper2 = await phone2.newPage();
    await keeper2.setViewport(phone);
    // A stream that never connects: this page hears of no change.
    await keeper2.evaluateOnNewDocument(() => {
      window.EventSource = class { addEventListener() {} };
    });
    await keeper2.goto(BASE + '/keep?token=' + TOKEN, { waitUntil: 'load' });
    await keeper2.waitForSelector('#round-form', { timeout: 5000 });
    await keeper2.evaluate(() => { window.notReloaded = true; });
    const raceRound = await keeper.$eval('#round-form input[name=round]', (i) => Number(i.value));
    const roundsBefore = JSON.parse(crowns('show', '--json').stdout).rounds.length;
    // Touch goes to the tab in front: each keeper is brought there to be tapped.
    await keeper.bringToFront();
    await keeper.type('#round-form input[name=v0]', '4');
    await tap(keeper, '#round-form input[name=out][value="1"]');
    await keeper.type('#round-form input[name=v2]', '6');
    await keeper2.bringToFront();
    await keeper2.type('#round-form input[name=v0]', '5');
    await tap(keeper2, '#round-form input[name=out][value="1"]');
    await keeper2.type('#round-form input[name=v2]', '7');
    await keeper.bringToFront();
    await tap(keeper, '#round-form button[type=submit]');
    const onRound = (n) => document.querySelector('#round-form input[name=round]')?.value === String(n);
    await keeper.waitForFunction(onRound, { timeout: 5000 }, raceRound + 1).catch(() => {});
    await keeper2.bringToFront();
    await tap(keeper2, '#round-form button[type=submit]');
    await keeper2.waitForFunction(onRound, { timeout: 5000 }, raceRound + 1).catch(() => {});
    check('of two keepers racing, one round is recorded',
      JSON.parse(crowns('show', '--json').stdout).rounds.length === roundsBefore + 1);
    const raceMessage = await keeper2.$eval('#entry > p.message', (n) => n.textContent);
    check('the other is refused: the round is already recorded', raceMessage.includes('already recorded'), raceMessage);
    check('its form moves on to round ' + (raceRound + 1), await keeper2.evaluate(onRound, raceRound + 1));
    check('without a reload', await keeper2.evaluate(() => window.notReloaded === true));
    const carried = await keeper2.$$eval('#round-form input.carried', (l) => l.map((i) => i.value));
    check('carrying the typed values over, marked', JSON.stringify(carried) === '["5","7"]', JSON.stringify(carried));
    check('and the one marked out', await keeper2.$eval('#round-form input[name=out][value="1"]', (i) => i.checked));
    const carriedNote = await keeper2.$eval('#round-form .note', (n) => n.textContent);
    check('saying so', carriedNote.startsWith('Round ' + raceRound + ' was recorded meanwhile'), carriedNote);
    await shot(keeper2, 'keeper-race-360.png');
    // Had both typed the same round, the carried values are a copy of the round just recorded:
    // one tap does not save them again as the next round; the page asks, showing both.
    await keeper2.bringToFront();
    await keeper2.evaluate(() => {
      for (const [name, value] of [['v0', '4'], ['v2', '6']]) {
        const input = document.querySelector('#round-form input[name=' + name + ']');
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
    const beforeCopy = JSON.parse(crowns('show', '--json').stdout).rounds.length;
    await tap(keeper2, '#round-form button[type=submit]');
    await keeper2.waitForSelector('#entry > p.message button', { timeout: 5000 }).catch(() => {});
    const copyMessage = await keeper2.$eval('#entry > p.message', (n) => n.textContent);
    check('a carried-over copy of the round just recorded is asked about, not saved',
      JSON.parse(crowns('show', '--json').stdout).rounds.length === beforeCopy &&
        copyMessage.includes('Is it the same round?') && (await keeper2.$('#entry > p.message table.compare')) !== null, copyMessage);
    const copyButtons = await keeper2.$$eval('#entry > p.message button', (l) => l.map((b) => b.textContent)).catch(() => []);
    check('offering to drop it first, then to record it as the next round',
      copyButtons[0] === 'It is the same round: drop what I typed' &&
        copyButtons[1] === 'It is another round: record it as round ' + (raceRound + 1), JSON.stringify(copyButtons));
    check('in the page\'s words', !/crowns [a-z]|--[a-z]/.test(copyMessage), copyMessage);
    await shot(keeper2, 'keeper-repeat-360.png');
    await keeper2.close();
    await phone2.close();

    // --- "Out" against a typed value: refused, naming both; nothing changes.
    const beforeOut = content();
    await keeper.bringToFront();
    await keeper.type('#round-form input[name=v0]', '20');
    await tap(keeper, '#round-form input[name=out][value="0"]');
    await keeper.type('#round-form input[name=v1]', '5');
    await keeper.type('#round-form input[name=v2]', '6');
    await tap(keeper, '#round-form button[type=submit]');
    await keeper.waitForSelector('#entry > p.message.error', { timeout: 5000 }).catch(() => {});
    const outMessage = await keeper.$eval('#entry > p.message', (n) => n.textContent);
    check('out ticked for a player with points is refused, naming both',
      outMessage.startsWith('Ann is marked out but has 20 points'), outMessage);
    check('and changes nothing', content() === beforeOut);
    await shot(keeper, 'keeper-out-refused-360.png');
    await keeper.evaluate(() => document.getElementById('round-form').reset());

    // --- Undo names what it removes, and removes only that.
    let confirmText = '';
    keeper.once('dialog', async (d) => { confirmText = d.message(); await d.accept(); });
    const beforeUndo = JSON.parse(crowns('show', '--json').stdout).rounds.length;
    const undoLabel = await keeper.$eval('#undo-form button', (b) => b.textContent);
    check('the undo button names the round', undoLabel === 'Undo round ' + beforeUndo, undoLabel);
    await tap(keeper, '#undo-form button');
    await keeper.waitForSelector('#entry > p.message.ok', { timeout: 5000 }).catch(() => {});
    check('its confirmation names the change', confirmText.startsWith('This removes round ' + beforeUndo + ': Ann 4, '),
      confirmText);
    check('and the round is removed', JSON.parse(crowns('show', '--json').stdout).rounds.length === beforeUndo - 1);

    for (const [page, name] of [[viewer, 'viewer'], [keeper, 'keeper']]) {
      await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
      await shot(page, name + '-1280.png');
    }
    for (const where of ['/games', '/leaderboard', '/report', '/game/1', '/game/abc', '/']) {
      await viewer.setViewport(phone);
      const response = await viewer.goto(BASE + where, { waitUntil: 'load' });
      check(where + ' opens', response.status() === (where === '/game/abc' ? 404 : 200));
      check(where + ' is a page', (response.headers()['content-type'] || '').startsWith('text/html'));
      await shot(viewer, (where.slice(1).replace(/\//g, '-') || 'current') + '-360.png');
      const problems = await axeProblems(viewer);
      check('axe: no serious or critical violation on ' + where, problems.length === 0, problems.join('; '));
      if (where !== '/report') {  // crowns report's own page, made for a desktop
        const small = await smallTargets(viewer);
        check('tap targets of ' + where + ' are 44x44 px or more', small.length === 0, small.join('; '));
      }
    }
    await keeper.setViewport(phone);
    const keeperProblems = await axeProblems(keeper);
    check('axe: no serious or critical violation on the keeper\'s page', keeperProblems.length === 0, keeperProblems.join('; '));
    const keeperSmall = await smallTargets(keeper);
    check('tap targets of the keeper\'s page are 44x44 px or more', keeperSmall.length === 0, keeperSmall.join('; '));

    // --- A page open while its new copy is made (the server runs with
    // CROWNS_SERVE_TEST_SLOW_MS=2500) says so, and reloads itself when the new one is ready.
    const report = await browser.newPage();
    const blocked = [];
    report.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) blocked.push(m.text()); });
    await report.goto(BASE + '/report', { waitUntil: 'load' });
    check('the report opens fresh', (await report.$('#updating')) === null);
    const lengthBefore = await report.evaluate(() => document.body.innerHTML.length);
    check('the CLI records another round', crowns('round', 'out', '5', '6').status === 0);
    // Asked until the server has noticed the round (50 ms ticks; longer on a busy machine):
    // from then on, for 2.5 s at least, the report is being made again.
    let note = '';
    let asked = 0;
    for (let tries = 0; tries < 150 && !note; tries += 1) {
      const opened = Date.now();
      await report.goto(BASE + '/report', { waitUntil: 'load' });
      asked = Date.now() - opened;
      note = await report.$eval('#updating', (n) => n.textContent).catch(() => '');
      if (!note) await new Promise((r) => setTimeout(r, 100));
    }
    // Sooner than a copy takes to make: the old copy is served, not the new one waited for (a
    // bound of 500 ms failed under a load average of 10, the page itself taking 579 ms).
    check('asked during its making, the report comes at once (' + asked + ' ms)', asked < 2500);
    check('and says it is updating', note.startsWith('Updating'), note);
    // The page reloads itself: read it only once a load is complete (mid-reload there is no
    // body, or no page to ask at all).
    const loaded = () => document.readyState === 'complete' && document.body !== null;
    await report.waitForFunction(() => document.readyState === 'complete' && document.body !== null &&
      !document.getElementById('updating'), { timeout: 8000 }).catch(() => {});
    let served = -1;
    for (let tries = 0; tries < 20 && served < 0; tries += 1) {
      try {
        await report.waitForFunction(loaded, { timeout: 2000 });
        served = await report.evaluate(() => (document.body ? document.body.innerHTML.length : -1));
      } catch (e) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    check('then reloads itself with the new report', (await report.$('#updating')) === null);
    check('which differs from the one before', served !== lengthBefore);
    check('no script or style refused by the CSP', blocked.length === 0, blocked.join('; '));

    // --- A restart with the scorekeeper's page open (a server of this test's own): the page
    // says so at once, not "Live", and offers no form to save into.
    const started_ = (args) => new Promise((resolve, reject) => {
      const child = spawn(CROWNS, ['serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const timer = setTimeout(() => reject(new Error('crowns serve did not start: ' + out)), 10000);
      child.stdout.on('data', (d) => {
        out += d;
        const base = /^Viewers: +(http:\/\/\S+)\/$/m.exec(out);
        const token = /^Scorekeeper: .*token=([0-9a-f]+)$/m.exec(out);
        if (base && token) { clearTimeout(timer); resolve({ child, base: base[1], token: token[1] }); }
      });
      child.on('exit', () => reject(new Error('crowns serve ended: ' + out)));
    });
    const stopped = (server) => new Promise((resolve) => {
      if (server.child.exitCode !== null) { resolve(); return; }
      server.child.on('exit', resolve);
      server.child.kill('SIGINT');
    });
    let first = await started_(['--port', '0', '--fresh-token']);
    let second = null;
    try {
      const open = await browser.newPage();
      await open.setViewport(phone);
      await open.goto(first.base + '/keep?token=' + first.token, { waitUntil: 'load' });
      await open.waitForSelector('#live.on', { timeout: 5000 });
      await open.waitForSelector('#round-form', { timeout: 5000 });
      await stopped(first);
      first = null;
      const restartedAt = Date.now();
      second = await started_(['--fresh-token', '--port', open.url().replace(/^http:\/\/[^:]+:(\d+)\/.*$/, '$1')]);
      await open.waitForSelector('#live.gone', { timeout: 8000 }).catch(() => {});
      const liveText = await open.$eval('#entry [role=alert]', (n) => n.textContent).catch(() => '');
      check('after a restart the keeper\'s page says so (' + (Date.now() - restartedAt) + ' ms)',
        liveText.startsWith('the server was restarted: open its new scorekeeper link'), liveText);
      check('within 3 s', Date.now() - restartedAt < 3000);
      check('not "Live"', (await open.$eval('#live', (n) => n.textContent)).startsWith('Not live'));
      check('and shows no form to save into', (await open.$('#round-form')) === null);
      await shot(open, 'keeper-restarted-360.png');
      await open.close();
    } finally {
      if (first) await stopped(first);
      if (second) await stopped(second);
    }
  } finally {
    await browser.close();
  }
  console.log('serve.test.js: ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed === 0 ? 0 : 1);
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
