// The screen kept on where the Screen Wake Lock API is not offered (issue 38): a phone's page on
// a plain-HTTP LAN address (http://192.168.x.y:8765) is not a secure context, so browsers do not
// offer navigator.wakeLock there; the page plays a muted, looping video of a canvas it draws
// instead. In headless Chromium at 360x800 with touch, on this computer's own non-loopback
// address (crowns serve --lan), which Chromium treats as any LAN page: the video plays during
// the game, and is let go by the switch, a hidden page, a quiet hour and the game's end. Run by
// tests/e2e/test_serve_awake.sh with CROWNS, CROWNS_DB, OUT and LAN_ADDRESS in the environment;
// game 1 (Ann, Bob) has 9 rounds. It starts crowns serve itself.
'use strict';
const { check, finish, crowns, sleep, shot, serve, stop, launch, phone, tap } = require('./serve_helpers');

(async () => {
  const browser = await launch();
  const server = await serve(['--lan', '--port', '0']);
  const port = server.base.replace(/^.*:(\d+)$/, '$1');
  const base = 'http://' + process.env.LAN_ADDRESS + ':' + port;
  try {
    const awake = (page) => page.evaluate(() => document.body.dataset.awake);
    // The video keeping the screen on: there, playing, muted, looping, inline.
    const playing = (page) => page.evaluate(() => {
      const v = document.querySelector('video.awake-video');
      return Boolean(v && !v.paused && v.muted && v.loop && v.playsInline);
    });
    const stopped = (page) => page.evaluate(() => {
      const v = document.querySelector('video.awake-video');
      return !v || v.paused;
    });
    const becomes = (page, how) => page.waitForFunction((h) => document.body.dataset.awake === h, { timeout: 5000 }, how)
      .catch(() => {});
    for (const [who, url] of [['a viewer', base + '/?game=1'], ['the scorekeeper', base + '/keep?token=' + server.token + '&game=1']]) {
      const page = await phone(browser);
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
      const origin = await page.evaluate(() => ({ secure: window.isSecureContext, lock: 'wakeLock' in navigator }));
      check(who + ': a LAN address is not a secure context, and offers no wake lock', !origin.secure && !origin.lock,
        JSON.stringify(origin));
      await becomes(page, 'video');
      check(who + ': the screen is kept on by the video (' + await awake(page) + ')', (await awake(page)) === 'video');
      check(who + ': the video plays, muted and looping', await playing(page));
      // Frames keep coming (a stream with none may count as stalled rather than playing).
      const t0 = await page.evaluate(() => document.querySelector('video.awake-video').currentTime);
      await sleep(1500);
      const t1 = await page.evaluate(() => document.querySelector('video.awake-video').currentTime);
      check(who + ': its time moves on', t1 > t0, t0 + ' -> ' + t1);
      if (who === 'a viewer') await shot(page, 'awake-lan-360.png');
      await page.close();
    }

    const page = await phone(browser);
    await page.goto(base + '/?game=1', { waitUntil: 'load' });
    await becomes(page, 'video');
    // The switch.
    await tap(page, 'label.awake input');
    await becomes(page, 'off');
    check('the switch lets it go: the video stops', (await awake(page)) === 'off' && await stopped(page));
    await tap(page, 'label.awake input');
    await becomes(page, 'video');
    check('and turned on again, it plays again', await playing(page));
    // A hidden page (the phone locked, another app, another tab), then shown again.
    const visibility = (hidden) => page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
    await visibility(true);
    await becomes(page, 'off');
    check('a hidden page lets it go', (await awake(page)) === 'off' && await stopped(page));
    await visibility(false);
    await becomes(page, 'video');
    check('shown again, it plays again', await playing(page));
    // The quiet hour: the page's clock moved on an hour and a minute with no change to the game.
    await page.evaluate(() => {
      const real = Date.now;
      Date.now = () => real() + 61 * 60 * 1000;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await becomes(page, 'off');
    check('after a quiet hour it lets go', (await awake(page)) === 'off' && await stopped(page));
    check('a round is recorded (crowns round)', crowns('round', '--game', '1', 'out', '30').status === 0);
    await becomes(page, 'video');
    check('a change to the game takes it again', await playing(page));
    // The game's end.
    check('the last round (crowns round)', crowns('round', '--game', '1', '7', 'out').status === 0);
    await becomes(page, 'off');
    check('the game over lets it go', (await awake(page)) === 'off' && await stopped(page));
    check('and the switch is gone: nothing to keep on', await page.$eval('label.awake', (l) => l.hidden));
  } finally {
    await stop(server);
    await browser.close();
  }
  finish('awake.test.js');
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
