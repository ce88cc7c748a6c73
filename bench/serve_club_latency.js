// A club night's latencies (issue 45): 3 tables, 18 phones (a keeper and 5 viewers at each
// table, each a browser context of its own, 360x800 with touch), on 127.0.0.1 only. Each keeper
// records rounds from its form in turn; for each write: the write's latency (the tap until the
// page shows the server's answer) and the live-update latency (the tap until every page of
// that table shows the round: each page notes when its card changed, in one browser, on one
// clock); and the server's memory (VmRSS, VmHWM) before and after. Stops by itself.
// Run by bench/serve_club_latency.sh (CROWNS, CROWNS_DB, CHROMIUM and ROUNDS in the
// environment: ROUNDS rounds per table, 3 tables with games 1-3 at round 1).
'use strict';
const fs = require('fs');
const { serve, stop, launch, phone, sleep } = require('./serve_helpers');

const rss = (pid) => {
  const status = fs.readFileSync('/proc/' + pid + '/status', 'utf8');
  const kb = (key) => Number((new RegExp('^' + key + ':\\s+(\\d+) kB', 'm').exec(status) || [0, 0])[1]);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
const pct = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
// The median's 95% confidence interval, free of any assumed distribution: the order
// statistics n/2 -+ 1.96 sqrt(n)/2 of the sorted sample (1-based, clamped to it).
const medianCi = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const n = sorted.length;
  const lo = Math.max(1, Math.floor(n / 2 - 0.98 * Math.sqrt(n)));
  const hi = Math.min(n, Math.ceil(n / 2 + 1 + 0.98 * Math.sqrt(n)));
  return sorted[lo - 1].toFixed(0) + '-' + sorted[hi - 1].toFixed(0);
};
const summary = (list) => 'median ' + pct(list, 0.5).toFixed(0) + ' ms (95% CI ' + medianCi(list) + '), p90 ' +
  pct(list, 0.9).toFixed(0) + ' ms, p99 ' + pct(list, 0.99).toFixed(0) + ' ms, worst ' + Math.max(...list).toFixed(0) +
  ' ms (' + list.length + ')';

(async () => {
  const rounds = Number(process.env.ROUNDS || 5);
  const browser = await launch();
  const server = await serve(['--port', '0']);
  const pid = server.child.pid;
  try {
    const before = rss(pid);
    const tables = [];
    for (const game of [1, 2, 3]) {
      const keeper = await phone(browser);
      await keeper.goto(server.base + '/keep?token=' + server.token + '&game=' + game, { waitUntil: 'load' });
      const viewers = [];
      for (let v = 0; v < 5; v += 1) {
        const page = await phone(browser);
        await page.goto(server.base + '/?game=' + game, { waitUntil: 'load' });
        viewers.push(page);
      }
      tables.push({ game, keeper, pages: [keeper, ...viewers] });
    }
    // Each page notes when its card first shows N rounds.
    for (const t of tables) {
      for (const page of t.pages) {
        await page.waitForSelector('#live.on', { timeout: 10000 }).catch(() => {});
        await page.evaluate(() => {
          window.seen = {};
          const note = () => {
            const n = document.querySelectorAll('#card table.rounds tbody tr').length;
            if (!(n in window.seen)) window.seen[n] = Date.now();
          };
          new MutationObserver(note).observe(document.getElementById('card'), { childList: true, subtree: true });
          note();
        });
      }
    }
    const loaded = rss(pid);
    const writes = [];
    const updates = [];
    for (let r = 0; r < rounds; r += 1) {
      for (const t of tables) {
        const shown = await t.keeper.evaluate(() => document.querySelectorAll('#card table.rounds tbody tr').length);
        const started = await t.keeper.evaluate(() => {
          const inputs = [...document.querySelectorAll('#round-form input[type=text]')];
          inputs.forEach((input, seat) => { input.value = seat === 0 ? 'out' : String(5 + seat + Math.floor(Math.random() * 20)); });
          document.querySelector('#entry > .message').textContent = '';
          const at = Date.now();
          document.querySelector('#round-form button[type=submit]').click();
          return at;
        });
        await t.keeper.waitForFunction(() => document.querySelector('#entry > .message.ok') !== null, { timeout: 10000, polling: 'mutation' });
        const answered = await t.keeper.evaluate(() => Date.now());
        writes.push(answered - started);
        for (const page of t.pages) {
          await page.waitForFunction((n) => window.seen[n + 1] !== undefined, { timeout: 10000, polling: 50 }, shown);
          const at = await page.evaluate((n) => window.seen[n + 1], shown);
          updates.push(at - started);
        }
      }
    }
    const after = rss(pid);
    console.log('3 tables, 18 pages (a keeper and 5 viewers each), ' + rounds + ' rounds per table');
    console.log('write (tap to answer shown):          ' + summary(writes));
    console.log('live update (tap to every page):      ' + summary(updates));
    console.log('server memory: VmRSS ' + before.rss + ' kB idle, ' + loaded.rss + ' kB with 18 pages, ' +
      after.rss + ' kB after; peak (VmHWM) ' + after.hwm + ' kB');
  } finally {
    await browser.close();
    await stop(server);
    await sleep(100);
  }
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
