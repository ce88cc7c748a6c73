// crowns serve in a real browser: headless Chromium (Debian's, at $CHROMIUM) driven by
// puppeteer-core. Run by tests/e2e/test_serve_browser.sh with BASE, TOKEN, CROWNS, CROWNS_DB
// and OUT (where the screenshots go) in the environment; prints one line per check.
'use strict';
const puppeteer = require('puppeteer-core');
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const path = require('path');

const { BASE, TOKEN, CROWNS, CROWNS_DB, OUT } = process.env;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
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
const roundsShown = (page) => page.evaluate(() => document.querySelectorAll('#card table.rounds tbody tr').length);

(async () => {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // A container's /dev/shm is small: without this, a full-page screenshot can crash the tab.
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars', '--disable-dev-shm-usage'],
  });
  try {
    // --- A viewer at 360 px follows the game without reloading.
    const viewer = await browser.newPage();
    await viewer.setViewport({ width: 360, height: 740, deviceScaleFactor: 1 });
    await viewer.goto(BASE + '/', { waitUntil: 'load' });
    await viewer.waitForSelector('#live.on', { timeout: 5000 });
    await viewer.evaluate(() => { window.notReloaded = true; });
    const before = await roundsShown(viewer);
    const started = Date.now();
    const cli = crowns('round', 'out', '12', '30');
    check('the CLI records a round', cli.status === 0, cli.stderr);
    await viewer.waitForFunction((n) => document.querySelectorAll('#card table.rounds tbody tr').length > n,
      { timeout: 3000 }, before).catch(() => {});
    const took = Date.now() - started;
    check('the round from the CLI appears on the viewer\'s page', (await roundsShown(viewer)) === before + 1);
    check('within a second (' + took + ' ms)', took < 1000);
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
    await keeper.setViewport({ width: 360, height: 740, deviceScaleFactor: 1 });
    await keeper.goto(BASE + '/keep?token=' + TOKEN, { waitUntil: 'load' });
    await keeper.waitForSelector('#round-form', { timeout: 5000 });
    const bad = crowns('round', '0', 'abc', '5');
    const cliMessage = bad.stderr.trim().replace(/^crowns: error: /, '');
    await keeper.type('#round-form input[name=v0]', '0');
    await keeper.type('#round-form input[name=v1]', 'abc');
    await keeper.type('#round-form input[name=v2]', '5');
    await keeper.click('#round-form button[type=submit]');
    await keeper.waitForSelector('.message.error', { timeout: 5000 }).catch(() => {});
    const shown = await keeper.evaluate(() => document.querySelector('.message')?.textContent || '');
    check('a bad value shows the CLI\'s message', shown === cliMessage, JSON.stringify({ shown, cliMessage }));
    check('and changes nothing', content() === sum);
    await shot(keeper, 'keeper-error-360.png');

    const beforeKeeper = await roundsShown(viewer);
    await keeper.evaluate(() => { for (const i of document.querySelectorAll('#round-form input[type=text]')) i.value = ''; });
    await keeper.type('#round-form input[name=v0]', '7h 8h');  // a typed hand: 15 points
    await keeper.type('#round-form input[name=v2]', '9');
    await keeper.click('#round-form input[name=out][value="1"]');
    await keeper.click('#round-form button[type=submit]');
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

    for (const [page, name] of [[viewer, 'viewer'], [keeper, 'keeper']]) {
      await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
      await shot(page, name + '-1280.png');
    }
    for (const where of ['/games', '/leaderboard', '/report']) {
      await viewer.setViewport({ width: 360, height: 740, deviceScaleFactor: 1 });
      const response = await viewer.goto(BASE + where, { waitUntil: 'load' });
      check(where + ' opens', response.status() === 200);
      await shot(viewer, where.slice(1) + '-360.png');
    }

    // --- A page open while its new copy is made (the server runs with
    // CROWNS_SERVE_TEST_SLOW_MS=600) says so, and reloads itself when the new one is ready.
    const report = await browser.newPage();
    const blocked = [];
    report.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) blocked.push(m.text()); });
    await report.goto(BASE + '/report', { waitUntil: 'load' });
    check('the report opens fresh', (await report.$('#updating')) === null);
    const lengthBefore = await report.evaluate(() => document.body.innerHTML.length);
    check('the CLI records another round', crowns('round', 'out', '5', '6').status === 0);
    await new Promise((r) => setTimeout(r, 250));  // the server notices it (50 ms ticks)
    const opened = Date.now();
    await report.goto(BASE + '/report', { waitUntil: 'load' });
    check('asked during its making, the report comes at once (' + (Date.now() - opened) + ' ms)',
      Date.now() - opened < 500);
    const note = await report.$eval('#updating', (n) => n.textContent).catch(() => '');
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
  } finally {
    await browser.close();
  }
  console.log('serve.test.js: ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed === 0 ? 0 : 1);
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
