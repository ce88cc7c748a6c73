// Every link and button on every page type is at least 44x44 CSS px, and no page names a
// crowns command (issue 45), in headless Chromium at 360x800 with touch. Run by
// tests/e2e/test_serve_targets.sh with CROWNS, CROWNS_DB and OUT in the environment: a finished
// game with a three-way tie-break (game 1) and a game in progress (game 2). It starts crowns
// serve itself.
'use strict';
const { check, finish, crowns, serve, stop, launch, phone, shot, tap } = require('./serve_helpers');

(async () => {
  const browser = await launch();
  const server = await serve(['--port', '0']);
  const keep = '/keep?token=' + server.token;
  const pages = ['/', '/?game=2', '/game/1', '/game/2', keep + '&game=1', keep + '&game=2', '/games', '/leaderboard',
    '/leaderboard?all', '/report', '/report/game/1', '/player?name=Ann', '/tonight', '/analyze',
    '/analyze?round=3&cards=7h+8h+9h', '/game/99'];
  try {
    for (const path of pages) {
      const page = await phone(browser);
      await page.goto(server.base + path, { waitUntil: 'load' });
      // Every <details> opened, so that what it holds is measured too.
      await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
      await new Promise((r) => setTimeout(r, 300));
      const small = await page.evaluate(() => [...document.querySelectorAll('a[href], button, summary, input[type=checkbox], select')]
        .filter((n) => n.offsetParent !== null || n.getClientRects().length > 0)
        .map((n) => {
          // A checkbox counts with its label (the label is what a finger taps).
          const target = n.matches('input[type=checkbox]') && n.closest('label') ? n.closest('label') : n;
          const r = target.getBoundingClientRect();
          return { what: n.tagName.toLowerCase() + ' "' + (n.textContent || n.value || '').trim().slice(0, 30) + '"', w: Math.round(r.width), h: Math.round(r.height) };
        })
        .filter((b) => b.w < 44 || b.h < 44));
      const shown = path.replace(server.token, 'TOKEN');
      check(shown + ': every link and button at least 44x44 px', small.length === 0,
        small.slice(0, 6).map((b) => b.what + ' ' + b.w + 'x' + b.h).join('; '));
      const words = await page.evaluate(() => document.body.innerText);
      const command = /\bcrowns [a-z]+/.exec(words.replace(/crowns serve/g, ''));
      check(shown + ': names no crowns command', !command, command ? command[0] : '');
      if (path === '/tonight' || path === '/game/1') await shot(page, 'targets' + path.replace(/[/?=&]/g, '-') + '.png');
      await page.close();
    }
    // --- One order of finish on every screen: game 1, a three-way tie broken Bob 0, Ann 10,
    // Cy 20: the picture's drawn text, the phone's standings, show --json, tonight.
    const game = await phone(browser);
    await game.evaluateOnNewDocument(() => {
      window.drawn = [];
      const fill = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.drawn.push(String(text));
        return fill.call(this, text, ...rest);
      };
    });
    await game.goto(server.base + '/game/1', { waitUntil: 'load' });
    await tap(game, '#share button');
    await game.waitForSelector('#share img', { timeout: 5000 }).catch(() => {});
    const drawn = await game.evaluate(() => window.drawn);
    const ranks = drawn.filter((t) => /^\d\.$/.test(t));
    const names = drawn.filter((t) => /^(Ann|Bob|Cy)\b/.test(t) && !t.includes('tie-break')).map((t) => t.split(' ')[0]);
    check('the picture ranks 1. Bob, 2. Ann, 3. Cy', JSON.stringify(ranks) === '["1.","2.","3."]' &&
      JSON.stringify(names) === '["Bob","Ann","Cy"]', JSON.stringify(drawn));
    check('and says who won the tie-break', drawn.includes('Bob won the tie-break (0; Ann 10, Cy 20)'), JSON.stringify(drawn));
    await shot(game, 'targets-picture.png');
    const standing = await game.$$eval('#card table.standings tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim()).join(' ')));
    check('the phone\'s standings: Bob, Ann, Cy, ranked 1, 2, 3', standing.length === 3 &&
      /^1 Bob/.test(standing[0]) && /^2 Ann/.test(standing[1]) && /^3 Cy/.test(standing[2]), JSON.stringify(standing));
    const json = JSON.parse(crowns('show', '--game', '1', '--json').stdout);
    check('show --json: the same places', JSON.stringify(json.places) === '{"Ann":2,"Bob":1,"Cy":3}', JSON.stringify(json.places));
    const tonight = crowns('tonight').stdout;
    check('tonight: no "by 0 points"', !/by 0 point/.test(tonight) && /Bob won the tie-break against Ann \(both on 70\)/.test(tonight), tonight);
    const evening = await phone(browser);
    await evening.goto(server.base + '/tonight', { waitUntil: 'load' });
    const closest = await evening.evaluate(() => document.body.innerText);
    check('/tonight: the same words', /Bob won the tie-break against Ann \(both on 70\)/.test(closest));
    // The phone's leaderboard says which order it shows, and it is the terminal's of that name.
    const board = await phone(browser);
    await board.goto(server.base + '/leaderboard', { waitUntil: 'load' });
    const key = (await board.$eval('#ranked-by', (n) => n.textContent).catch(() => '')) || '';
    check('the phone\'s leaderboard says it is ranked by rating', key.startsWith('Ranked by rating, then wins, then win%.'), key);
    const shownOrder = await board.$$eval('table.board tbody tr td.name a', (l) => l.map((a) => a.textContent));
    const terminal = crowns('leaderboard', '--by', 'rating');
    const names2 = JSON.parse(crowns('leaderboard', '--by', 'rating', '--json').stdout).players.map((r) => r.player || r.name);
    check('in the order of the terminal\'s leaderboard --by rating', JSON.stringify(shownOrder) === JSON.stringify(names2),
      JSON.stringify(shownOrder) + ' vs ' + JSON.stringify(names2));
    check('which says the same', terminal.stdout.includes('Ranked by rating, then wins, then win%.'), terminal.stdout);
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('targets');
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
