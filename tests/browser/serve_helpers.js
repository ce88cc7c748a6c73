// What the browser tests of crowns serve share: checks counted and printed, a phone's viewport,
// a screenshot, crowns run in a terminal, and crowns serve started and stopped (Ctrl-C) by
// the test itself. Copied beside each test by tests/e2e/helpers/serve_lib.sh (browser_setup).
'use strict';
const puppeteer = require('puppeteer-core');
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { CROWNS, OUT } = process.env;
let failed = 0;
let passed = 0;
const check = (name, ok, detail) => {
  if (ok) passed += 1; else { failed += 1; console.log('FAIL: ' + name + (detail ? ' (' + detail + ')' : '')); }
};
// Prints the count and exits: 0 when every check passed.
const finish = (name) => {
  console.log(name + ': ' + passed + ' passed, ' + failed + ' failed');
  process.exit(failed === 0 ? 0 : 1);
};
const crowns = (...args) => spawnSync(CROWNS, args, { encoding: 'utf8' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const phoneView = { width: 360, height: 800, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const shot = async (page, name) => {
  await page.bringToFront();
  await page.screenshot({ path: path.join(OUT, name), fullPage: true });
};
// Starts `crowns serve ARGS`; resolves with its child, output, viewers' base URL and token.
const serve = (args) => new Promise((resolve, reject) => {
  const child = spawn(CROWNS, ['serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const timer = setTimeout(() => reject(new Error('crowns serve did not start: ' + out + err)), 10000);
  child.stdout.on('data', (d) => {
    out += d;
    const base = /^Viewers: +(http:\/\/\S+)\/$/m.exec(out);
    const token = /^Scorekeeper: .*token=([0-9a-f]+)$/m.exec(out);
    if (base && token && /Ctrl-C stops/.test(out)) { clearTimeout(timer); resolve({ child, out, base: base[1], token: token[1] }); }
  });
});
const stop = (server) => new Promise((resolve) => {
  if (server.child.exitCode !== null) { resolve(); return; }
  server.child.on('exit', resolve);
  server.child.kill('SIGINT');
});
// Each phone is a browser context of its own (issue 45): its own storage and connections, and
// its page shown (tabs of one context hide each other, and a page in the background lets go of
// its event stream until it is shown). browser.newPage() makes such a phone; browser.tab(page)
// another tab of the same phone (one context: shared storage, six connections to a server).
const separatePhones = (browser) => {
  browser.newPage = async () => (await browser.createBrowserContext()).newPage();
  browser.tab = async (page) => {
    const other = await page.browserContext().newPage();
    await other.setViewport(phoneView);
    return other;
  };
  return browser;
};
const launch = async () => separatePhones(await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // A page behind another one is not throttled: puppeteer's tap waits for the page's next frame,
  // which a background page may never draw (a tap timed out after 180 s under load).
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars', '--disable-dev-shm-usage',
    '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows'],
}));
// A new phone (a page of its own context) at 360x800 with touch.
const phone = async (browser) => {
  const page = await browser.newPage();
  await page.setViewport(phoneView);
  return page;
};
// axe-core's scan of the page as it is (run by the debugger: the page's CSP does not apply):
// the serious and critical violations, one line each.
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const axeProblems = async (page) => {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '));
};
// Taps `selector` once it is shown. A live update can replace the node between finding and
// tapping it ("Node is either not clickable or not an Element", seen in CI): the tap is then
// tried again on the node that replaced it, until `timeout` ms have passed. A failed attempt
// never reached the page (puppeteer finds the point to touch before it touches), so nothing is
// tapped twice.
const tap = async (page, selector, timeout = 5000) => {
  await page.bringToFront(); // a tap waits for the page's next frame: the page must be shown
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await page.waitForSelector(selector, { visible: true, timeout: Math.max(1, end - Date.now()) });
      await page.tap(selector);
      return;
    } catch (e) {
      if (Date.now() >= end || !/not clickable|not an Element|detached|no longer attached/i.test(String(e))) throw e;
      await sleep(100);
    }
  }
};
const value = (page, selector) => page.$eval(selector, (i) => i.value).catch(() => null);
const text = (page, selector) => page.$eval(selector, (n) => n.textContent).catch(() => null);

module.exports = { check, finish, crowns, sleep, shot, serve, stop, launch, separatePhones, phoneView, phone, tap, value, text, axeProblems };
