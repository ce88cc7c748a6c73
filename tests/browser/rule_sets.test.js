// The phone's pages across rule sets (issue 47 item 4). In headless Chromium at 360x800 with
// touch, on a standard game and a down game without wild melds (made by
// tests/e2e/test_serve_rule_sets.sh, the down game's last round left to this test): the
// leaderboard, open when the down game finishes, then says its games span two rule sets, in
// the terminal's words; a tap on Report opens the season's report, whose records name the
// house rules of the ones held in the down game (the highest round, 95 in its round 1, and
// the highest total) and nothing on the ones held in the standard game; the page fits the
// phone's width, and axe-core finds no serious problem; /tonight says the mix too. It starts
// crowns serve itself.
'use strict';
const { spawnSync } = require('child_process');
const { check, finish, crowns, shot, serve, stop, launch, phone, text, axeProblems } = require('./serve_helpers');

(async () => {
  const browser = await launch();
  const server = await serve(['--port', '0']);
  try {
    const viewer = await phone(browser);
    await viewer.goto(server.base + '/leaderboard', { waitUntil: 'load' });
    check('one finished game, one rule set: no note', (await viewer.$('.rule-sets')) === null);
    // The down game's last round, recorded at the terminal while the page is open: the page
    // puts in the finished game by itself (the kept leaderboard adds it to what it holds).
    const last = spawnSync(process.env.CROWNS, ['round', '--game', '2', '31', '0*'],
      { encoding: 'utf8', env: { ...process.env, CROWNS_TIME: '11:00:00' } });
    check('the down game finishes', last.status === 0, last.stderr);
    await viewer.waitForSelector('.rule-sets', { timeout: 15000 }).catch(() => {});
    const note = (await text(viewer, '.rule-sets')) || '';
    const terminal = crowns('leaderboard').stdout.split('\n').find((l) => l.startsWith('Note: ')) || '';
    check('the leaderboard says its games span two rule sets',
      note === 'Note: these games were played under 2 rule sets (order down, wild melds no: 1 game; standard: 1 game).', note);
    check('in the terminal\'s words', terminal.startsWith(note.replace(/\.$/, '') + ';'), terminal);
    await shot(viewer, 'rule-sets-leaderboard.png');

    const report = await viewer.$('nav a[href="/report"]');
    check('the leaderboard links the report', report !== null);
    if (report) {
      await Promise.all([viewer.waitForNavigation({ waitUntil: 'load' }), report.tap()]);
    }
    await viewer.waitForSelector('#records', { timeout: 10000 }).catch(() => {});
    const rows = await viewer.$$eval('#records tbody tr', (all) => all.map((tr) => ({
      title: tr.cells[0].textContent.trim(),
      text: tr.textContent,
      rules: tr.querySelector('.rules')?.textContent || '',
      rulesWidth: tr.querySelector('.rules')?.getBoundingClientRect().width || 0,
    }))).catch(() => []);
    const row = (title) => rows.find((r) => r.title === title) || { text: '', rules: '', rulesWidth: 0 };
    check('the report lists the records', rows.length === 5, JSON.stringify(rows.map((r) => r.title)));
    check('the highest round, held in the down game, names its house rules',
      row('Highest round score').rules === 'house rules: order down, wild melds no' && row('Highest round score').text.includes('95'),
      JSON.stringify(row('Highest round score')));
    check('and shows them on the phone', row('Highest round score').rulesWidth > 0);
    check('the highest total, held in the down game, names them too',
      row('Highest total').rules === 'house rules: order down, wild melds no', JSON.stringify(row('Highest total')));
    check('a record held in the standard game names none',
      row('Lowest winning total').rules === '' && row('Most rounds gone out').rules === '',
      JSON.stringify([row('Lowest winning total'), row('Most rounds gone out')]));
    const mix = (await text(viewer, '.rule-sets')) || '';
    check('the report says its games span two rule sets, as the leaderboard does', mix === note, mix);
    const width = await viewer.evaluate(() => document.documentElement.scrollWidth);
    check('the report fits 360 px', width <= 360, String(width));
    const problems = await axeProblems(viewer);
    check('axe-core: the report has no serious problem', problems.length === 0, problems.join('; '));
    await shot(viewer, 'rule-sets-report.png');

    // The evening of both games: /tonight says the mix too.
    await viewer.goto(server.base + '/tonight', { waitUntil: 'load' });
    const evening = (await text(viewer, '#tonight .rule-sets')) || '';
    check('tonight says its games span two rule sets, in the same words', evening === note, evening);

    // A player of both games: the player page says it as `crowns stats` does.
    await viewer.goto(server.base + '/player?name=Ann', { waitUntil: 'load' });
    const player = (await text(viewer, '.rule-sets')) || '';
    const stats = crowns('stats', 'Ann').stdout.split('\n').find((l) => l.startsWith('Note: ')) || '';
    check('the player page says its games span two rule sets', player === note, player);
    check('as crowns stats does', stats.startsWith(player.replace(/\.$/, '') + ';'), stats);
  } catch (e) {
    check('no exception', false, e.stack);
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('rule_sets');
})();
