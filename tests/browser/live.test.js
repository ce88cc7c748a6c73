// Live means live (issue 38): a page whose connection stalls without closing notices it and
// connects again, and a page shown again catches up at once. Run by tests/e2e/test_serve_live.sh
// with BASE, TOKEN, CROWNS, CROWNS_DB, OUT and BEAT_MS (the server's heartbeat, shortened for
// the test) in the environment. The phone reaches the server through a relay of this test's own
// (a TCP proxy on 127.0.0.1) that can stop passing data on its open connections without closing
// them: what a phone's Wi-Fi gone quiet, or a sleeping proxy, does.
'use strict';
const { separatePhones } = require('./serve_helpers');
const puppeteer = require('puppeteer-core');
const { spawnSync } = require('child_process');
const net = require('net');
const path = require('path');

const { BASE, CROWNS, OUT } = process.env;
const BEAT_MS = Number(process.env.BEAT_MS);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
  if (ok) passed += 1; else { failed += 1; console.log('FAIL: ' + name + (detail ? ' (' + detail + ')' : '')); }
};
const crowns = (...args) => spawnSync(CROWNS, args, { encoding: 'utf8' });
const phone = { width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The relay: every connection piped both ways to the server; stall() stops the connections open
// now (neither side is read or written again, nothing is closed); later connections pass.
const relay = (target) => new Promise((resolve) => {
  const open = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, stalled: false };
    open.add(pair);
    const pass = (from, to) => from.on('data', (d) => { if (!pair.stalled) to.write(d); });
    pass(client, upstream);
    pass(upstream, client);
    const end = () => { open.delete(pair); client.destroy(); upstream.destroy(); };
    client.on('error', end).on('close', () => { if (!pair.stalled) end(); });
    upstream.on('error', end).on('close', () => { if (!pair.stalled) end(); });
  });
  server.listen(0, '127.0.0.1', () => resolve({
    port: server.address().port,
    stall: () => { for (const p of open) { p.stalled = true; p.client.pause(); p.upstream.pause(); } },
    close: () => { for (const p of open) { p.client.destroy(); p.upstream.destroy(); } server.close(); },
  }));
});

(async () => {
  const url = new URL(BASE);
  const proxy = await relay({ host: url.hostname, port: Number(url.port) });
  const via = 'http://127.0.0.1:' + proxy.port;
  const browser = separatePhones(await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // A page behind another one is not throttled: puppeteer's tap waits for the page's next frame,
    // which a background page may never draw (a tap timed out after 180 s under load).
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars', '--disable-dev-shm-usage',
      '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows'],
  }));
  const roundsShown = (page) => page.evaluate(() => document.querySelectorAll('#card table.rounds tbody tr').length);
  try {
    const viewer = await browser.newPage();
    await viewer.setViewport(phone);
    await viewer.goto(via + '/', { waitUntil: 'load' });
    // The page watches the heartbeat only while it is shown (a hidden page waits to be shown
    // again): brought to the front, since a new tab under load was once still hidden (CI, ASan).
    await viewer.bringToFront();
    await viewer.waitForFunction(() => document.visibilityState === 'visible', { timeout: 5000 }).catch(() => {});
    check('the viewer\'s page is shown', (await viewer.evaluate(() => document.visibilityState)) === 'visible');
    await viewer.waitForSelector('#live.on', { timeout: 5000 });
    // Every word the live line says, in order.
    await viewer.evaluate(() => {
      window.said = [];
      const live = document.getElementById('live');
      new MutationObserver(() => window.said.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
    });

    // --- The connection stalls: no error, no data. Two beats missed, the page says so and
    // connects again (a new connection passes), and shows the round recorded meanwhile.
    proxy.stall();
    const stalledAt = Date.now();
    check('the CLI records a round while the phone is stalled', crowns('round', 'out', '10', '20').status === 0);
    await viewer.waitForFunction(() => window.said.some((t) => t.startsWith('Connection lost')), { timeout: 4 * BEAT_MS + 3000 }).catch(() => {});
    const lostAfter = Date.now() - stalledAt;
    const said = await viewer.evaluate(() => window.said.join(' | '));
    check('a stalled connection is said to be lost (' + lostAfter + ' ms, heartbeat ' + BEAT_MS + ' ms)',
      said.includes('Connection lost: nothing heard from the server'), said);
    check('after two heartbeats missed, not before', lostAfter >= 2 * BEAT_MS && lostAfter < 2 * BEAT_MS + 3500, String(lostAfter));
    // A new connection may first be given an idle one the stall froze too (the browser keeps
    // them for reuse): the next watch finds that and connects once more.
    await viewer.waitForFunction(() => document.querySelectorAll('#card table.rounds tbody tr').length === 1, { timeout: 4 * BEAT_MS + 5000 }).catch(() => {});
    check('it reconnects and shows the round recorded meanwhile', (await roundsShown(viewer)) === 1,
      await viewer.evaluate(() => window.said.join(' | ')));
    await viewer.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
    check('then says "Live" again', (await viewer.$eval('#live', (n) => n.textContent)) === 'Live: updates by itself.');
    await viewer.screenshot({ path: path.join(OUT, 'live-reconnected-360.png') });

    // --- The phone wakes (the page is shown again): it catches up at once, without waiting
    // for the heartbeats it missed.
    proxy.stall();
    check('another round while the phone sleeps', crowns('round', '5', 'out', '30').status === 0);
    await sleep(300);
    check('a stalled page does not see it by itself yet', (await roundsShown(viewer)) === 1);
    await viewer.bringToFront();
    const wokeAt = Date.now();
    await viewer.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await viewer.waitForFunction(() => document.querySelectorAll('#card table.rounds tbody tr').length === 2, { timeout: 5000 }).catch(() => {});
    const caught = Date.now() - wokeAt;
    check('shown again, it catches up at once (' + caught + ' ms)', (await roundsShown(viewer)) === 2 && caught < BEAT_MS);
  } finally {
    await browser.close();
    proxy.close();
  }
  console.log('live.test.js: ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed === 0 ? 0 : 1);
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
