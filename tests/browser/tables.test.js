// Each phone follows the table it chose (issue 38), when the players change tables between
// games: a game started from a table's page is that table's next game, whoever plays it, and a
// game started at another table never moves a phone, though it seats players of its table. In
// headless Chromium at 360x800 with touch. Run by tests/e2e/test_serve_tables.sh with CROWNS,
// CROWNS_DB and OUT in the environment: game 1 (Ann, Bob, Cy, Dee) and game 2 (Eve, Fay, Gus,
// Hal), both at round 11. It starts crowns serve itself.
'use strict';
const { check, finish, crowns, sleep, shot, serve, stop, launch, phone, text } = require('./serve_helpers');

(async () => {
  const browser = await launch();
  const server = await serve(['--port', '0']);
  const keepUrl = (game) => server.base + '/keep?token=' + server.token + '&game=' + game;
  const title = async (page) => (await text(page, '#card h1')) || '';
  const followed = (page) => new URL(page.url()).searchParams.get('game');
  const showing = (page, game) => page.waitForFunction((g) => (document.querySelector('#card h1')?.textContent || '')
    .startsWith('Game ' + g + ' '), { timeout: 5000 }, game).catch(() => {});
  // A scorekeeper starts a game from their table's page: the players tapped from the roster.
  const start = async (keeper, names) => {
    await keeper.bringToFront();
    await keeper.$eval('#start-form details', (d) => { d.open = true; });
    await keeper.waitForFunction(() => document.querySelectorAll('#start-form .roster .chip').length >= 8, { timeout: 5000 }).catch(() => {});
    for (const name of names) {
      const chip = await keeper.evaluateHandle((n) => [...document.querySelectorAll('#start-form .roster .chip')]
        .find((b) => b.textContent === n), name);
      await chip.tap();
    }
    await keeper.$eval('#start-form button[type=submit]', (b) => b.click());
  };
  try {
    // A viewer and a scorekeeper at each table, from the tables list.
    const viewer1 = await phone(browser);
    await viewer1.goto(server.base + '/?game=1', { waitUntil: 'load' });
    const viewer2 = await phone(browser);
    await viewer2.goto(server.base + '/?game=2', { waitUntil: 'load' });
    const keeper1 = await phone(browser);
    await keeper1.goto(keepUrl(1), { waitUntil: 'load' });
    const keeper2 = await phone(browser);
    await keeper2.goto(keepUrl(2), { waitUntil: 'load' });
    // A second scorekeeper's phone at table 2, which will lag behind.
    const late2 = await phone(browser);
    await late2.goto(keepUrl(2), { waitUntil: 'load' });
    for (const page of [viewer1, viewer2, keeper1, keeper2, late2]) await page.waitForSelector('#live.on', { timeout: 5000 }).catch(() => {});
    // Both games end (the last rounds from the terminal).
    check('game 1 ends', crowns('round', '--game', '1', 'out', '5', '5', '5').status === 0);
    check('game 2 ends', crowns('round', '--game', '2', 'out', '5', '5', '5').status === 0);
    await keeper2.waitForSelector('#rematch-form', { timeout: 5000 }).catch(() => {});
    await late2.waitForSelector('#rematch-form', { timeout: 5000 }).catch(() => {});
    // The late phone stops hearing the server (its stream cut): it will still show game 2 over.
    await late2.setRequestInterception(true);
    late2.on('request', (r) => (r.url().includes('/events') ? r.abort() : r.continue()));
    await late2.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

    // Table 2's scorekeeper starts the next game there with Ann and Bob (from table 1) and
    // Eve and Fay: tapped from the roster.
    await start(keeper2, ['Ann', 'Bob', 'Eve', 'Fay']);
    await showing(keeper2, 3);
    check('table 2\'s scorekeeper is on the game it started (game 3)', (await title(keeper2)).startsWith('Game 3 ') && followed(keeper2) === '3',
      await title(keeper2));
    await showing(viewer2, 3);
    check('table 2\'s viewer follows it', (await title(viewer2)).startsWith('Game 3 ') && followed(viewer2) === '3', await title(viewer2));
    await sleep(500);
    check('table 1\'s viewer stays on game 1, though game 3 seats Ann and Bob', (await title(viewer1)).startsWith('Game 1 ') &&
      followed(viewer1) === '1', await title(viewer1));
    check('and table 1\'s scorekeeper too, its rematch offered', (await title(keeper1)).startsWith('Game 1 ') &&
      (await text(keeper1, '#rematch-form button')) === 'Rematch: Ann, Bob, Cy, Dee');
    await shot(viewer1, 'tables-table1-stays-360.png');

    // Table 1's scorekeeper starts the others there: Cy, Dee, Gus and Hal.
    await start(keeper1, ['Cy', 'Dee', 'Gus', 'Hal']);
    await showing(keeper1, 4);
    check('table 1\'s scorekeeper is on game 4, not asked about table 2\'s game', (await title(keeper1)).startsWith('Game 4 ') &&
      followed(keeper1) === '4', (await title(keeper1)) + ' / ' + await text(keeper1, '#entry > p.message'));
    await showing(viewer1, 4);
    check('table 1\'s viewer follows it', (await title(viewer1)).startsWith('Game 4 ') && followed(viewer1) === '4', await title(viewer1));
    await sleep(300);
    check('table 2\'s phones stay on game 3', (await title(viewer2)).startsWith('Game 3 ') && (await title(keeper2)).startsWith('Game 3 '));
    // A round at each table moves only its own phones.
    check('a round at table 2 (game 3)', crowns('round', '--game', '3', 'out', '5', '5', '5').status === 0);
    await viewer2.waitForFunction(() => document.querySelectorAll('#card table.rounds tbody tr').length === 1, { timeout: 5000 }).catch(() => {});
    await sleep(300);
    check('shows at table 2, not at table 1', (await viewer2.$$('#card table.rounds tbody tr')).length === 1 &&
      (await viewer1.$$('#card table.rounds tbody tr')).length === 0 && (await title(viewer1)).startsWith('Game 4 '));
    // The lagging phone at table 2, still showing game 2 over, asks for its rematch: refused
    // (table 2 has moved on), and it goes to the table's game.
    check('the late phone still shows game 2', (await title(late2)).startsWith('Game 2 '), await title(late2));
    await late2.bringToFront();
    const games = JSON.parse(crowns('games', '--json').stdout).length;
    await late2.$eval('#rematch-form button', (b) => b.click());
    await late2.waitForFunction(() => (document.querySelector('#entry > p.message')?.textContent || '').includes('meanwhile'),
      { timeout: 5000 }).catch(() => {});
    check('a late rematch at table 2 is refused, naming the table\'s game', ((await text(late2, '#entry > p.message')) || '')
      .startsWith('This table\'s next game has started meanwhile: game 3 (Ann, Bob, Eve, Fay)'), await text(late2, '#entry > p.message'));
    check('and starts nothing', JSON.parse(crowns('games', '--json').stdout).length === games);
    check('the late phone now follows table 2\'s game', followed(late2) === '3', late2.url());
    await shot(late2, 'tables-late-rematch-360.png');
    // Table 1 starts another game from its page while game 4 is still played ("Start it
    // anyway"): its viewer follows it there (game 4 is left, no table of its own any more).
    await start(keeper1, ['Cy', 'Dee']);
    await keeper1.waitForFunction(() => [...document.querySelectorAll('#entry > p.message button')]
      .some((b) => b.textContent === 'Start it anyway'), { timeout: 5000 }).catch(() => {});
    check('asked first, the games in progress named', ((await text(keeper1, '#entry > p.message')) || '').includes('game 4 (Cy, Dee, Gus, Hal) is still in progress'),
      await text(keeper1, '#entry > p.message'));
    await keeper1.$eval('#entry > p.message button', (b) => b.click());
    await showing(keeper1, 5);
    await showing(viewer1, 5);
    check('started anyway, table 1\'s scorekeeper and viewer are on game 5', (await title(keeper1)).startsWith('Game 5 ') &&
      (await title(viewer1)).startsWith('Game 5 ') && followed(viewer1) === '5', (await title(keeper1)) + ' / ' + await title(viewer1));
    const listing = await phone(browser);
    await listing.goto(server.base + '/', { waitUntil: 'load' });
    const rows = await listing.$$eval('ul.tables li a', (l) => l.map((a) => a.dataset.table));
    check('/ lists two tables (games 3 and 5), not game 4', JSON.stringify(rows) === '["3","5"]', JSON.stringify(rows));
  } finally {
    await stop(server);
    await browser.close();
  }
  finish('tables.test.js');
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
