// Twelve pages of one server in one browser context (issue 45), in headless Chromium at
// 360x800 with touch: a browser allows six HTTP/1.1 connections to one server, so pages in the
// background let go of their event streams and catch up when shown again. And a page that is
// not live says so at the top of its first screen, marking the card as what may be old. Run by
// tests/e2e/test_serve_tabs.sh with CROWNS, CROWNS_DB and OUT in the environment: game 1 (Ann,
// Bob, Cy) after round 1. It starts crowns serve itself (and stops it, and starts it again).
'use strict';
const { check, finish, crowns, sleep, shot, serve, stop, launch, phone, text, tap } = require('./serve_helpers');

const cardRounds = (page) => page.evaluate(() => {
  const s = JSON.parse(document.getElementById('state')?.textContent || 'null');
  const body = document.querySelector('main')?.innerText || '';
  return { meta: (document.querySelector('#card .meta')?.textContent || ''), body };
});

(async () => {
  const browser = await launch();
  let server = await serve(['--port', '0']);
  const port = new URL(server.base).port;
  const keep = server.base + '/keep?token=' + server.token + '&game=1';
  const urls = [keep, keep, server.base + '/?game=1', server.base + '/?game=1', server.base + '/?game=1',
    server.base + '/game/1', server.base + '/game/1', server.base + '/game/1', server.base + '/',
    server.base + '/leaderboard', server.base + '/leaderboard', server.base + '/?game=1'];
  try {
    // --- Twelve tabs, one after another: each opened in front, the others behind it.
    const pages = [];
    for (const [i, url] of urls.entries()) {
      const page = i === 0 ? await phone(browser) : await browser.tab(pages[0]);
      const started = Date.now();
      const response = await page.goto(url, { waitUntil: 'load', timeout: 10000 }).catch((e) => e);
      const loaded = response && typeof response.status === 'function' && response.status() === 200;
      check('tab ' + (i + 1) + ' loads (' + url.replace(server.base, '').replace(server.token, 'TOKEN') + ')', loaded,
        loaded ? '' : String(response));
      check('tab ' + (i + 1) + ' loads in under 5 s', Date.now() - started < 5000, (Date.now() - started) + ' ms');
      pages.push(page);
    }
    const hidden = await Promise.all(pages.map((p) => p.evaluate(() => document.hidden)));
    check('the tabs behind are hidden', hidden.filter(Boolean).length === 11, JSON.stringify(hidden));
    // A change while they are behind: each catches up when shown.
    check('the terminal records round 2', crowns('round', '--game', '1', '5', 'out', '9').status === 0);
    for (const [i, page] of pages.entries()) {
      await page.bringToFront();
      const fresh = await page.waitForFunction(() => {
        const main = document.querySelector('main')?.innerText || '';
        return /2 of 11 rounds/.test(main) || /round 3 of 11/.test(main) || document.querySelector('#board-live') !== null;
      }, { timeout: 5000, polling: 100 }).then(() => true).catch(() => false);
      check('tab ' + (i + 1) + ' shows round 2 once shown', fresh);
    }
    // The keeper in front records round 3 from its form; the others, shown in turn, have it.
    const keeper = pages[0];
    await keeper.bringToFront();
    await keeper.evaluate(() => {
      const values = ['7', 'out', '12'];
      values.forEach((v, seat) => {
        const input = document.querySelector('#round-form input[name=v' + seat + ']');
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    });
    await tap(keeper, '#round-form button[type=submit]');
    await keeper.waitForFunction(() => /3 of 11 rounds/.test(document.querySelector('#card')?.innerText || ''), { timeout: 5000 }).catch(() => {});
    for (const [i, page] of pages.entries()) {
      if (page.url().includes('/leaderboard') || page.url().endsWith(':' + port + '/')) continue;
      await page.bringToFront();
      const fresh = await page.waitForFunction(() => /3 of 11 rounds/.test(document.querySelector('#card')?.innerText || ''),
        { timeout: 5000, polling: 100 }).then(() => true).catch(() => false);
      check('tab ' + (i + 1) + ' shows round 3 once shown', fresh);
    }
    // Still twelve open: a thirteenth loads.
    const thirteenth = await browser.tab(pages[0]);
    const late = await thirteenth.goto(server.base + '/?game=1', { waitUntil: 'load', timeout: 10000 }).catch((e) => e);
    check('a thirteenth tab loads too', late && typeof late.status === 'function' && late.status() === 200);

    // --- Not live: said at the top of the first screen; the card marked as maybe old.
    const viewer = thirteenth;
    await viewer.bringToFront();
    await viewer.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
    check('live: nothing said at the top', await viewer.$eval('.not-live', (n) => n.hidden));
    await stop(server);
    const said = await viewer.waitForFunction(() => {
      const n = document.querySelector('.not-live');
      return n && !n.hidden && n.getBoundingClientRect().top < 120;
    }, { timeout: 10000, polling: 100 }).then(() => true).catch(() => false);
    check('the server gone: "not live" at the top of the first screen', said);
    const words = (await text(viewer, '.not-live')) || '';
    check('saying so, and that the scores may be old', words.startsWith('Connection lost') && words.includes('may be old'), words);
    check('the card marked as maybe old', await viewer.$eval('#card', (c) => c.classList.contains('maybe-old')));
    await shot(viewer, 'tabs-not-live.png');
    // Scrolled down, it is still in sight.
    await viewer.evaluate(() => window.scrollTo(0, 600));
    await sleep(100);
    const top = await viewer.$eval('.not-live', (n) => n.getBoundingClientRect().top);
    check('and stays in sight when scrolled', top >= 0 && top < 60, String(top));
    server = await serve(['--port', port]);
    const back = await viewer.waitForFunction(() => document.querySelector('.not-live').hidden &&
      !document.querySelector('#card').classList.contains('maybe-old'), { timeout: 10000, polling: 100 }).then(() => true).catch(() => false);
    check('back: the note goes, the card is current', back);
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('tabs');
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
