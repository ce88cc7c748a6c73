// One order of finish and one leaderboard on every screen (issue 45 item 5), read in headless
// Chromium at 360x800 with touch and in the terminal. Run by tests/e2e/test_serve_screens.sh
// with CROWNS, CROWNS_DB and OUT in the environment: a season where the rating order and the
// wins order disagree (Hal wins 5 two-player games against Wes, the weakest; Ann wins 4
// three-player games against Sam and Tess, who beat Wes and Vic before), then game 14, a
// three-way tie at 70 broken by the tie-break (Lou 0, Kim 10, Max 20). Every screen is read
// and compared: `crowns leaderboard` (text and --json, by wins and --by rating), the phone's
// leaderboard (both periods), `crowns report` (HTML) and the phone's report, `tonight` (text,
// --json, the page), the player pages and `stats`, `h2h`, the phone's standings, the share
// picture's drawn text and both game reports: places, ranks, ratings, "won the tie-break" and
// the order each says it shows. It starts crowns serve itself.
'use strict';
const { check, finish, crowns, shot, serve, stop, launch, phone, tap } = require('./serve_helpers');

const json = (...args) => {
  const run = crowns(...args);
  try {
    return JSON.parse(run.stdout);
  } catch (e) {
    return { error: run.stdout + run.stderr };
  }
};
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const said = (a, b) => JSON.stringify(a) + ' vs ' + JSON.stringify(b);
// A leaderboard's rows as [rank, player], from the terminal's text (the lines after its header).
const textRows = (out) => out.split('\n').filter((l) => /^\s*\d+\s+\S/.test(l)).map((l) => {
  const [, rank, name] = /^\s*(\d+)\s+(\S+)/.exec(l);
  return [Number(rank), name];
});
// A table's rows as [rank, player] (the first two cells) in a page.
const pageRows = (page, selector) => page.$$eval(selector, (rows) => rows.map((r) => {
  const cells = [...r.children].map((c) => c.textContent.trim());
  return [Number(cells[0]), cells[1]];
}));
const rankedBy = { wins: 'Ranked by wins, then win%, then average.', rating: 'Ranked by rating, then wins, then win%.' };

(async () => {
  const browser = await launch();
  const server = await serve(['--port', '0']);
  const open = async (path) => {
    const page = await phone(browser);
    page.on('pageerror', (e) => check('no script error on ' + path, false, e.message));
    const answer = await page.goto(server.base + path, { waitUntil: 'load' });
    check(path + ' answers 200', answer.status() === 200, String(answer.status()));
    return page;
  };
  try {
    // --- The two orders, as the terminal's JSON gives them: they really differ.
    const wins = json('leaderboard', '--json');
    const rating = json('leaderboard', '--by', 'rating', '--json');
    check('leaderboard --json says it is by wins', wins.by === 'wins', wins.by);
    check('leaderboard --by rating --json says it is by rating', rating.by === 'rating', rating.by);
    const winsRows = wins.players.map((p) => [p.rank, p.player]);
    const ratingRows = rating.players.map((p) => [p.rank, p.player]);
    const sortedBy = (rows, key) => rows.every((p, i) => i === 0 || rows[i - 1][key] >= p[key]);
    check('by wins: most wins first', sortedBy(wins.players, 'wins'), JSON.stringify(winsRows));
    check('by rating: highest rating first', sortedBy(rating.players, 'rating'), JSON.stringify(ratingRows));
    check('the two orders differ: Hal first by wins, Ann by rating', winsRows[0][1] === 'Hal' && ratingRows[0][1] === 'Ann' &&
      !same(winsRows, ratingRows), said(winsRows, ratingRows));
    const hal = wins.players.find((p) => p.player === 'Hal');
    const ann = wins.players.find((p) => p.player === 'Ann');
    check('Hal: more wins, lower rating than Ann', hal.wins > ann.wins && hal.rating < ann.rating, JSON.stringify([hal, ann]));
    const ratingOf = Object.fromEntries(rating.players.map((p) => [p.player, p.rating.toFixed(2)]));
    const winsOf = Object.fromEntries(rating.players.map((p) => [p.player, p.wins]));
    check('the tie-break counts a win for Lou only', winsOf.Lou === 1 && winsOf.Kim === 0 && winsOf.Max === 0, JSON.stringify(winsOf));

    // --- The terminal's text: the same rows, and it says its order.
    const winsText = crowns('leaderboard').stdout;
    check('leaderboard (text): the rows of its JSON', same(textRows(winsText), winsRows), said(textRows(winsText), winsRows));
    check('leaderboard (text) says it is by wins', winsText.includes(rankedBy.wins), winsText);
    const ratingText = crowns('leaderboard', '--by', 'rating').stdout;
    check('leaderboard --by rating (text): the rows of its JSON', same(textRows(ratingText), ratingRows), said(textRows(ratingText), ratingRows));
    check('leaderboard --by rating (text) says so', ratingText.includes(rankedBy.rating), ratingText);

    // --- The phone's leaderboard (this period, and every game): by rating, and it says so.
    for (const path of ['/leaderboard', '/leaderboard?all=1']) {
      const board = await open(path);
      const rows = await pageRows(board, 'table.board tbody tr');
      check(path + ': the rows of leaderboard --by rating', same(rows, ratingRows), said(rows, ratingRows));
      const key = await board.$eval('#ranked-by', (n) => n.textContent).catch(() => '');
      check(path + ' says it is by rating', key.startsWith(rankedBy.rating), key);
      const ratings = await board.$$eval('table.board tbody tr', (l) => l.map((r) => [r.children[1].textContent.trim(), r.children[2].textContent.trim()]));
      check(path + ': the ratings of the terminal', ratings.every(([name, r]) => ratingOf[name] === r), JSON.stringify(ratings));
      if (path === '/leaderboard') await shot(board, 'screens-leaderboard.png');
      await board.close();
    }

    // --- The report: standings by wins, in the terminal's file and on the phone; each says so.
    const reading = await phone(browser);
    await reading.setContent(crowns('report', '--html', '-').stdout, { waitUntil: 'load' });
    const fileRows = await pageRows(reading, '#standings tbody tr');
    check('report (HTML file): the standings are the leaderboard\'s rows by wins', same(fileRows, winsRows), said(fileRows, winsRows));
    const fileKey = await reading.$eval('#standings .key', (n) => n.textContent).catch(() => '');
    check('report (HTML file) says it is by wins', fileKey.startsWith(rankedBy.wins), fileKey);
    check('and does not say it is the phone\'s leaderboard\'s order', !fileKey.includes('as the leaderboard ranks them'), fileKey);
    const report = await open('/report');
    const phoneRows = await pageRows(report, '#standings tbody tr');
    check('/report: the standings are the leaderboard\'s rows by wins', same(phoneRows, winsRows), said(phoneRows, winsRows));
    const phoneKey = await report.$eval('#standings .key', (n) => n.textContent).catch(() => '');
    check('/report says it is by wins', phoneKey.startsWith(rankedBy.wins), phoneKey);
    const reportRatings = await report.$$eval('#standings tbody tr', (l) => l.map((r) => [r.children[1].textContent.trim(),
      r.querySelector('[data-label="Rating"]').textContent.trim()]));
    check('/report: the ratings of the terminal', reportRatings.every(([name, r]) => ratingOf[name] === r), JSON.stringify(reportRatings));
    await report.close();

    // --- Tonight: the tie-break in words (terminal, JSON, page); its ratings table says its
    // own order (the change), and its ratings are the leaderboard's.
    const tonight = crowns('tonight').stdout;
    const words = 'Lou won the tie-break against Kim (both on 70)';
    check('tonight: ' + words, tonight.includes(words) && !/by 0 point/.test(tonight), tonight);
    const tonightJson = json('tonight', '--json');
    const closest = tonightJson.closest_finish || {};
    check('tonight --json: decided by the tie-break, Lou ahead of Kim', closest.decided_by === 'tiebreak' && closest.winner === 'Lou' &&
      closest.runner_up === 'Kim', JSON.stringify(closest));
    const changes = (tonightJson.ratings || []).map((r) => r.change);
    check('tonight --json: ratings by the change, biggest first', changes.every((c, i) => i === 0 || changes[i - 1] >= c), JSON.stringify(changes));
    check('tonight --json: each rating after is the leaderboard\'s', (tonightJson.ratings || []).every((r) => r.after.toFixed(2) === ratingOf[r.player]),
      JSON.stringify(tonightJson.ratings));
    check('tonight (text) says how its ratings are ordered', tonight.includes('Ordered by the change tonight, the biggest gain first.'), tonight);
    const evening = await open('/tonight');
    const eveningText = await evening.evaluate(() => document.body.innerText);
    check('/tonight: ' + words, eveningText.includes(words) && !/by 0 point/.test(eveningText), eveningText.slice(0, 400));
    const order = await evening.$eval('#ratings-order', (n) => n.textContent).catch(() => '');
    check('/tonight says how its ratings are ordered', order === 'Ordered by the change tonight, the biggest gain first.', order);
    const eveningRatings = await evening.$$eval('table.evening tbody tr', (l) => l.filter((r) => r.querySelector('[data-label="After"]'))
      .map((r) => [r.children[0].textContent.trim(), r.querySelector('[data-label="After"]').textContent.trim()]));
    check('/tonight: the ratings in the terminal\'s order', same(eveningRatings.map((r) => r[0]), tonightJson.ratings.map((r) => r.player)),
      said(eveningRatings, tonightJson.ratings));
    check('/tonight: the leaderboard\'s ratings', eveningRatings.length > 0 && eveningRatings.every(([name, r]) => ratingOf[name] === r),
      JSON.stringify(eveningRatings));
    await evening.close();

    // --- The player pages and stats: each one's rating; Kim's head to head with Lou (the
    // tie-break: Lou ahead), and the key says what "ahead" and the nemesis are.
    for (const name of ['Hal', 'Ann', 'Kim']) {
      const page = await open('/player?name=' + name);
      const shown = await page.evaluate(() => {
        const dt = [...document.querySelectorAll('dl.profile dt')].find((d) => d.textContent === 'Rating');
        return dt ? dt.nextElementSibling.textContent.trim() : '';
      });
      const stats = json('stats', name, '--json');
      check('/player?name=' + name + ': the leaderboard\'s rating', shown === ratingOf[name], shown + ' vs ' + ratingOf[name]);
      check('stats ' + name + ': the same rating', stats.rating !== undefined && Number(stats.rating).toFixed(2) === ratingOf[name],
        JSON.stringify(stats).slice(0, 300));
      if (name === 'Kim') {
        const lou = await page.$$eval('table.versus tbody tr', (l) => l.map((r) => [...r.children].map((c) => c.textContent.trim()))
          .find((c) => c[0] === 'Lou'));
        check('/player?name=Kim: behind Lou once, the tie-break counted', same(lou, ['Lou', '1', '0', '1', '0']), JSON.stringify(lou));
        const key = await page.$eval('table.versus', (t) => t.closest('.scroll').nextElementSibling.textContent).catch(() => '');
        check('/player: the nemesis is who finished ahead (never "a lower total")', key.includes('finished ahead of this player') &&
          !key.includes('lower total'), key);
        const h2h = json('h2h', 'Kim', 'Lou', '--json');
        check('h2h Kim Lou: Lou ahead once', JSON.stringify(h2h).includes('"a_lower":0,"b_lower":1,"equal":0'), JSON.stringify(h2h).slice(0, 300));
      }
      await page.close();
    }

    // --- Game 14: its places on the phone's standings, the picture's drawn text, show --json,
    // and the result line of both game reports.
    const places = json('show', '--game', '14', '--json').places;
    check('show --json: Lou 1, Kim 2, Max 3', same(places, { Kim: 2, Lou: 1, Max: 3 }), JSON.stringify(places));
    const game = await phone(browser);
    await game.evaluateOnNewDocument(() => {
      window.drawn = [];
      const fill = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.drawn.push(String(text));
        return fill.call(this, text, ...rest);
      };
    });
    await game.goto(server.base + '/game/14', { waitUntil: 'load' });
    const standings = await game.$$eval('#card table.standings tbody tr', (l) => l.map((r) => [...r.cells].map((c) => c.textContent.replace(/\s+/g, ' ').trim()).join(' ')));
    check('/game/14 standings: 1 Lou, 2 Kim, 3 Max, the two behind "lost the tie-break"', standings.length === 3 &&
      /^1 Lou\b/.test(standings[0]) && /^2 Kim .*lost the tie-break/.test(standings[1]) && /^3 Max .*lost the tie-break/.test(standings[2]),
      JSON.stringify(standings));
    await tap(game, '#share button');
    await game.waitForSelector('#share img', { timeout: 5000 }).catch(() => {});
    const drawn = await game.evaluate(() => window.drawn);
    const ranks = drawn.filter((t) => /^\d\.$/.test(t));
    const names = drawn.filter((t) => /^(Kim|Lou|Max)\b/.test(t) && !t.includes('tie-break')).map((t) => t.split(' ')[0]);
    check('the picture: 1. Lou, 2. Kim, 3. Max', same(ranks, ['1.', '2.', '3.']) && same(names, ['Lou', 'Kim', 'Max']), JSON.stringify(drawn));
    check('the picture says who won the tie-break', drawn.includes('Lou won the tie-break (0; Kim 10, Max 20)'), JSON.stringify(drawn));
    await shot(game, 'screens-game14.png');
    const result = 'Tie at 70 broken by the tie-break (Kim 10, Lou 0, Max 20): winner Lou';
    const cardResult = await game.$eval('#card .result', (n) => n.textContent.replace(/\s+/g, ' ').trim()).catch(() => '');
    check('/game/14: ' + result, cardResult === result, cardResult);
    await game.close();
    const gameReport = await open('/report/game/14');
    const pageResult = await gameReport.$eval('p.result', (n) => n.textContent.replace(/\s+/g, ' ').trim()).catch(() => '');
    check('/report/game/14: the same result line', pageResult === result, pageResult);
    await reading.setContent(crowns('report', '--game', '14', '--html', '-').stdout, { waitUntil: 'load' });
    const fileResult = await reading.$eval('p.result', (n) => n.textContent.replace(/\s+/g, ' ').trim()).catch(() => '');
    check('report --game 14 (HTML file): the same result line', fileResult === result, fileResult);
    check('show --game 14 (text): the same result line', crowns('show', '--game', '14').stdout.includes(result));
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('screens');
})().catch((e) => {
  console.log('FAIL: ' + e.stack);
  process.exit(1);
});
