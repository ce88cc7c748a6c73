// Share the result (issue 39): a finished game's page offers its final standings as a PNG made
// in the page, with the date and the totals; an unfinished game's does not. Headless Chromium
// at 360x800, run by tests/e2e/test_serve_share.sh with BASE and OUT in the environment.
'use strict';
const { separatePhones, tap } = require('./serve_helpers');
const puppeteer = require('puppeteer-core');
const path = require('path');

const { BASE, OUT } = process.env;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
  if (ok) passed += 1; else { failed += 1; console.log('FAIL: ' + name + (detail ? ' (' + detail + ')' : '')); }
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
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    // No network once the page is loaded: the picture is made in the page.
    await page.goto(BASE + '/game/1', { waitUntil: 'load' });
    let requests = 0;
    const urls = [];
    page.on('request', (r) => {
      // The page's own app metadata (the manifest and its icons, which the browser fetches when
      // it likes, after load) is not the picture's doing.
      const own = r.url().includes('/events') || r.url().includes('/manifest.webmanifest') || /\/icon[-.][^/]*$/.test(r.url());
      if (!r.url().startsWith('data:') && !own) {
        requests += 1;
        urls.push(r.url());
      }
    });
    const time = await page.$eval('#game-time', (n) => n.textContent).catch(() => '');
    check('the page shows the game\'s length', /^Time: 1 h 50 min \(2026-01-15 19:00 to 20:50 UTC\)$/.test(time), time);
    check('the share button shows on a finished game', await page.$eval('#share', (n) => !n.hidden).catch(() => false));
    await tap(page, '#share button');
    await page.waitForSelector('#share img', { timeout: 5000 }).catch(() => {});
    check('no request went out for it', requests === 0, urls.join(' '));
    const img = await page.evaluate(async () => {
      const i = document.querySelector('#share img');
      if (!i) return null;
      await i.decode().catch(() => {});
      const prefix = 'data:image/png;base64,';
      const head = i.src.startsWith(prefix) ? atob(i.src.slice(prefix.length, prefix.length + 8)) : '';
      return { w: i.naturalWidth, h: i.naturalHeight, alt: i.alt, png: head.slice(1, 4) === 'PNG' };
    });
    check('a picture is made', img && img.w === 1080 && img.h === 330 + 2 * 96, JSON.stringify(img));
    check('it is a PNG', img && img.png);
    check('it says what it shows', img && img.alt === 'Final standings of game 1, 2026-01-15', img && img.alt);
    const save = await page.$eval('#share a[download]', (a) => a.getAttribute('download')).catch(() => '');
    check('a link saves it', save === 'crowns-game-1.png', save);
    await page.screenshot({ path: path.join(OUT, 'share-360.png'), fullPage: true });

    const active = await browser.newPage();
    await active.goto(BASE + '/game/2', { waitUntil: 'load' });
    check('no share button on a game under way', await active.$eval('#share', (n) => n.hidden).catch(() => false));
    const running = await active.$eval('#game-time', (n) => n.textContent).catch(() => '');
    check('a game under way shows the time since it started', /so far \(started /.test(running), running);
  } catch (e) {
    failed += 1;
    console.log('FAIL: ' + e.message);
  } finally {
    await browser.close();
  }
  console.log('share.test.js: ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed ? 1 : 0);
})();
