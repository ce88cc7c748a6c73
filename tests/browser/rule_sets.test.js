// The phone's pages across rule sets (issue 47 item 4). In headless Chromium at 360x800 with
// touch, on a standard game and a down game without wild melds (made by
// tests/e2e/test_serve_rule_sets.sh, the down game's last round left to this test): the
// leaderboard, open when the down game finishes, then says its games span two rule sets, in
// the terminal's words; a tap on Report opens the season's report, whose records name the
// house rules of the ones held in the down game (the highest round, 95 in its round 1, and
// the highest total) and nothing on the ones held in the standard game; the page fits the
// phone's width, and axe-core finds no serious problem; /tonight says the mix too. Then the
// leaderboard limited to one rule set: a chip (44 px, axe-core) for each under the note opens
// the leaderboard of that rule set's games, the board crowns leaderboard --rules gives (names
// and order), which says which rule set it shows, keeps it through a live update (a third,
// standard game finished at the terminal) and links back to every rule set and to its report.
// It starts crowns serve itself.
'use strict';
const { spawnSync } = require('child_process');
const { check, finish, crowns, shot, serve, stop, launch, phone, tap, text, axeProblems } = require('./serve_helpers');

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

    // The leaderboard limited to one rule set: a chip for each under the note, 44 px to tap.
    await viewer.goto(server.base + '/leaderboard', { waitUntil: 'load' });
    await viewer.waitForSelector('#rule-chips a.chip', { timeout: 10000 }).catch(() => {});
    const chips = await viewer.$$eval('#rule-chips a.chip', (all) => all.map((a) => {
      const box = a.getBoundingClientRect();
      return { text: a.textContent, href: a.getAttribute('href'), width: box.width, height: box.height };
    })).catch(() => []);
    check('a chip for each rule set', JSON.stringify(chips.map((c) => c.text)) ===
      JSON.stringify(['Only order down, wild melds no (1 game)', 'Only standard (1 game)']), JSON.stringify(chips));
    check('each chip is 44x44 px at least', chips.length === 2 && chips.every((c) => c.width >= 44 && c.height >= 44),
      JSON.stringify(chips));
    check('a chip links the terminal\'s words', chips.some((c) => c.href === '/leaderboard?rules=order%3Ddown,wild_melds%3Dno'),
      JSON.stringify(chips.map((c) => c.href)));
    const chipProblems = await axeProblems(viewer);
    check('axe-core: the leaderboard with its chips has no serious problem', chipProblems.length === 0, chipProblems.join('; '));
    await shot(viewer, 'rule-sets-chips.png');

    // The board as the page shows it, cell by cell, and as the terminal ranks it by rating.
    const board = () => viewer.$$eval('table.board tbody tr', (all) => all.map((tr) => tr.cells[1].textContent.trim()))
      .catch(() => []);
    const terminalBoard = (rules) => {
      const r = crowns('leaderboard', '--by', 'rating', '--json', ...(rules ? ['--rules', rules] : []));
      try { return JSON.parse(r.stdout).players.map((p) => p.player); } catch (e) { return [r.stdout, r.stderr]; }
    };
    const heading = () => text(viewer, 'h1 small');
    await Promise.all([viewer.waitForNavigation({ waitUntil: 'load' }), tap(viewer, '#rule-chips a[href="/leaderboard?rules=standard"]')]);
    check('the chip opens the standard games\' leaderboard', viewer.url() === server.base + '/leaderboard?rules=standard', viewer.url());
    check('the page says which rule set it shows', ((await heading()) || '').endsWith(' · rules: standard') &&
      (await text(viewer, '#rule-set')) === 'Only the games played under the standard rules.', await heading());
    check('and no mix', (await viewer.$('.rule-sets')) === null);
    let standard = await board();
    check('the standard games\' board is crowns leaderboard --rules standard\'s (names and order)',
      standard.length > 0 && JSON.stringify(standard) === JSON.stringify(terminalBoard('standard')),
      JSON.stringify([standard, terminalBoard('standard')]));
    const back = await viewer.$eval('#all-rule-sets', (a) => {
      const box = a.getBoundingClientRect();
      return { width: box.width, height: box.height, href: a.getAttribute('href') };
    }).catch(() => ({ width: 0, height: 0 }));
    check('the way back is a 44 px target to every rule set', back.width >= 44 && back.height >= 44 && back.href === '/leaderboard',
      JSON.stringify(back));
    const oneProblems = await axeProblems(viewer);
    check('axe-core: the limited leaderboard has no serious problem', oneProblems.length === 0, oneProblems.join('; '));
    const oneWidth = await viewer.evaluate(() => document.documentElement.scrollWidth);
    check('the limited leaderboard fits 360 px', oneWidth <= 360, String(oneWidth));
    await shot(viewer, 'rule-sets-one.png');

    // A standard game (Cy and Dee) finishes while the limited page is open: its live update
    // keeps the filter (Cy and Dee come in, the down game stays out).
    const third = spawnSync(process.env.CROWNS, ['round', '--game', '3', '0*', '7'],
      { encoding: 'utf8', env: { ...process.env, CROWNS_TIME: '12:00:00' } });
    check('the third game finishes', third.status === 0, third.stderr);
    await viewer.waitForFunction(() => [...document.querySelectorAll('table.board tbody tr')]
      .some((tr) => tr.cells[1].textContent.trim() === 'Cy'), { timeout: 15000 }).catch(() => {});
    standard = await board();
    check('the live update put in the standard game', standard.includes('Cy') && standard.includes('Dee'), JSON.stringify(standard));
    check('and kept the filter', viewer.url() === server.base + '/leaderboard?rules=standard' &&
      ((await heading()) || '').endsWith(' · rules: standard') && (await viewer.$('#rule-chips')) === null, await heading());
    check('still crowns leaderboard --rules standard\'s board', JSON.stringify(standard) === JSON.stringify(terminalBoard('standard')),
      JSON.stringify([standard, terminalBoard('standard')]));

    // The way back, then the other rule set.
    await Promise.all([viewer.waitForNavigation({ waitUntil: 'load' }), tap(viewer, '#all-rule-sets')]);
    check('the way back opens the leaderboard of every rule set', viewer.url() === server.base + '/leaderboard' &&
      (await text(viewer, '.rule-sets')) === 'Note: these games were played under 2 rule sets (standard: 2 games; order down, wild melds no: 1 game).',
      await text(viewer, '.rule-sets'));
    check('every game on it', JSON.stringify(await board()) === JSON.stringify(terminalBoard()), JSON.stringify(await board()));
    await Promise.all([viewer.waitForNavigation({ waitUntil: 'load' }), tap(viewer, '#rule-chips a[href^="/leaderboard?rules=order"]')]);
    const down = await board();
    check('the down chip: crowns leaderboard --rules order=down,wild_melds=no\'s board',
      down.length === 2 && JSON.stringify(down) === JSON.stringify(terminalBoard('order=down,wild_melds=no')),
      JSON.stringify([down, terminalBoard('order=down,wild_melds=no')]));
    check('which says its house rules', (await text(viewer, '#rule-set')) ===
      'Only the games played under these house rules: order down, wild melds no.', await text(viewer, '#rule-set'));
    // Its report: the one rule set's, as crowns report --rules says it.
    await Promise.all([viewer.waitForNavigation({ waitUntil: 'load' }), tap(viewer, 'a.chip[href^="/report?rules="]')]);
    check('its report says which rule set it covers', (await text(viewer, '#rule-set')) ===
      'Only the games played under these house rules: order down, wild melds no.', await text(viewer, '#rule-set'));
    check('and holds that game alone', (await viewer.$('#game-2')) !== null && (await viewer.$('#game-1')) === null &&
      (await viewer.$('#game-3')) === null);
  } catch (e) {
    check('no exception', false, e.stack);
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('rule_sets');
})();
