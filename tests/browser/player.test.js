// The phone's player page and the time of a game under way (issue 39), in headless Chromium at
// 360x800 with touch, run by tests/e2e/test_serve_player.sh with BASE, OUT and CROWNS in the
// environment: the leaderboard leads to a player's page, its rivals lead to theirs; every name
// whole and as text, axe-core finds nothing serious, every tap target 44x44 px; a game's time
// goes on by itself (the page's clock moved on), and a new card starts it from the server's.
'use strict';
const path = require('path');
const { execFileSync } = require('child_process');

const { BASE, OUT, CROWNS } = process.env;
const HOSTILE = '<script>alert(1)</script>';
const LONG = 'Maximiliana Bartholomew-Featherstonehau';
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
  if (ok) passed += 1; else { failed += 1; console.log('FAIL: ' + name + (detail ? ' (' + detail + ')' : '')); }
};
const { axeProblems, launch } = require('./serve_helpers');
const smallTargets = (page) => page.evaluate(() => {
  const small = [];
  for (const node of document.querySelectorAll('main a, main button')) {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.width < 44 || box.height < 44) small.push('"' + node.textContent.trim().slice(0, 30) + '" ' + Math.round(box.width) + 'x' + Math.round(box.height));
  }
  return small;
});
// Moves the page's clock on by `ms` (Date.now, which the page reads; its timers go on).
const moveClock = (page, ms) => page.evaluate((by) => {
  const real = Date.now;
  Date.now = () => real() + by;
}, ms);
const gameTime = (page) => page.$eval('#game-time', (n) => n.textContent).catch(() => '');

(async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    let dialogs = 0;
    page.on('dialog', async (d) => { dialogs += 1; await d.dismiss(); });

    // --- From the leaderboard to a player's page, and from there to a rival's.
    await page.goto(BASE + '/leaderboard', { waitUntil: 'load' });
    const bob = await page.$('main a[href="/player?name=Bob"]');
    check('the leaderboard links Bob\'s page', bob !== null);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.evaluate((a) => a.click(), bob)]);
    check('it opens Bob\'s page', new URL(page.url()).pathname === '/player', page.url());
    check('headed with his name', (await page.$eval('h1 bdi', (n) => n.textContent)) === 'Bob');
    const facts = await page.$$eval('#rivals dt, #rivals dd', (ns) => ns.map((n) => n.textContent));
    check('his nemesis, beats most and plays most with', facts[0] === 'Nemesis' && facts[1] === 'Ann (finished ahead 3 times in 3 games)' &&
      facts[2] === 'Beats most' && facts[3] === HOSTILE + ' (finished behind 3 times in 3 games)' && facts[4] === 'Plays most with', JSON.stringify(facts));
    check('the same as crowns stats --json says', (() => {
      const stats = JSON.parse(execFileSync(CROWNS, ['stats', 'Bob', '--json'], { encoding: 'utf8' }));
      return stats.nemesis.opponent === 'Ann' && stats.most_beaten.opponent === HOSTILE && facts[5].startsWith(stats.most_played_with.opponent);
    })(), facts[5]);
    check('a name of markup stays text', dialogs === 0 && (await page.$$eval('main script', (s) => s.length)) === 0);
    let problems = await axeProblems(page);
    check('axe: no serious or critical violation on a player\'s page', problems.length === 0, problems.join('; '));
    let small = await smallTargets(page);
    check('its tap targets are 44x44 px or more', small.length === 0, small.join('; '));
    check('nothing wider than the phone', await page.evaluate(() => document.documentElement.scrollWidth <= 360),
      String(await page.evaluate(() => document.documentElement.scrollWidth)));
    await page.screenshot({ path: path.join(OUT, 'player-360.png'), fullPage: true });

    const hostile = await page.$('#rivals a[href^="/player?name=%3Cscript"]');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.evaluate((a) => a.click(), hostile)]);
    check('a rival\'s link opens their page', (await page.$eval('h1 bdi', (n) => n.textContent)) === HOSTILE);
    const theirs = JSON.parse(execFileSync(CROWNS, ['stats', HOSTILE, '--json'], { encoding: 'utf8' }));
    const nemesis = await page.$eval('#rivals dd', (n) => n.textContent);
    check('their nemesis, as crowns stats says', nemesis === theirs.nemesis.opponent + ' (finished ahead 3 times in 3 games)', nemesis);
    check('still no markup run', dialogs === 0 && (await page.$$eval('main script', (s) => s.length)) === 0);

    await page.goto(BASE + '/player?name=' + encodeURIComponent(LONG), { waitUntil: 'load' });
    check('a 39-character name whole at 360 px', await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    problems = await axeProblems(page);
    check('axe: nothing serious on that page', problems.length === 0, problems.join('; '));
    small = await smallTargets(page);
    check('its tap targets are 44x44 px or more', small.length === 0, small.join('; '));
    await page.screenshot({ path: path.join(OUT, 'player-long-360.png'), fullPage: true });

    // --- The standings of a game lead to the players' pages.
    await page.goto(BASE + '/game/1', { waitUntil: 'load' });
    small = await page.evaluate(() => [...document.querySelectorAll('table.standings a')].map((a) => a.getBoundingClientRect())
      .filter((b) => b.width < 44 || b.height < 44).length);
    check('the standings\' names are links of 44x44 px or more', small === 0 && (await page.$$('table.standings a')).length === 4);
    await page.screenshot({ path: path.join(OUT, 'player-standings-360.png'), fullPage: true });
    problems = await axeProblems(page);
    check('axe: nothing serious on the game\'s page', problems.length === 0, problems.join('; '));

    // --- A game under way: the time since it started goes on by itself.
    const live = await browser.newPage();
    await live.setViewport({ width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    // Counts the cards the stream brings (it sends one at once): the clock is moved after it.
    await live.evaluateOnNewDocument(() => {
      window.cards = 0;
      document.addEventListener('DOMContentLoaded', () => {
        document.body.addEventListener('crowns-state', () => { window.cards += 1; });
      });
    });
    await live.goto(BASE + '/game/4', { waitUntil: 'load' });
    await live.waitForFunction(() => window.cards >= 1, { timeout: 5000 }).catch(() => {});
    check('40 minutes since it started', (await gameTime(live)) === 'Time: 40 min so far (started 2026-01-15 11:20 UTC)', await gameTime(live));
    await moveClock(live, 25 * 60 * 1000);
    await live.waitForFunction(() => document.getElementById('game-time').textContent.startsWith('Time: 1 h 05 min'), { timeout: 3000 }).catch(() => {});
    check('25 minutes later on the page\'s clock, without a reload', (await gameTime(live)) === 'Time: 1 h 05 min so far (started 2026-01-15 11:20 UTC)', await gameTime(live));
    // A round recorded in a terminal: the new card's time is the server's, and goes on from it.
    execFileSync(CROWNS, ['round', '--game', '4', '0*', '12'], { encoding: 'utf8' });
    await live.waitForFunction(() => document.querySelectorAll('#card table.rounds tbody tr').length === 2 && window.cards >= 2, { timeout: 5000 }).catch(() => {});
    check('a new card starts from the server\'s time', (await gameTime(live)) === 'Time: 40 min so far (started 2026-01-15 11:20 UTC)', await gameTime(live));
    await moveClock(live, 2 * 60 * 60 * 1000);
    await live.waitForFunction(() => document.getElementById('game-time').textContent.startsWith('Time: 2 h 40 min'), { timeout: 3000 }).catch(() => {});
    check('and goes on from it', (await gameTime(live)) === 'Time: 2 h 40 min so far (started 2026-01-15 11:20 UTC)', await gameTime(live));

    // A finished game's length does not move.
    await page.goto(BASE + '/game/1', { waitUntil: 'load' });
    const before = await gameTime(page);
    await moveClock(page, 3 * 60 * 60 * 1000);
    await new Promise((r) => setTimeout(r, 1500));
    check('a finished game\'s length stays', before !== '' && !before.includes('so far') && (await gameTime(page)) === before, before);
  } catch (e) {
    failed += 1;
    console.log('FAIL: ' + e.message);
  } finally {
    await browser.close();
  }
  console.log('player.test.js: ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed ? 1 : 0);
})();
