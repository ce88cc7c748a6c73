// Every link and button on every page type is at least 44x44 CSS px, and no page names a
// crowns command (issue 45), in headless Chromium at 360x800 with touch. Run by
// tests/e2e/test_serve_targets.sh with CROWNS, CROWNS_DB and OUT in the environment: a finished
// game with a three-way tie-break (game 1) and a game in progress (game 2). It starts crowns
// serve itself.
'use strict';
const { check, finish, serve, stop, launch, phone, shot } = require('./serve_helpers');

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
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('targets');
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
