// Nothing typed is lost (issue 38), beyond the round form: the correction, the tie-break and
// the late arrival keep what was typed through a reload, a restart of the server and the link
// opened again, until it is saved or cleared. In headless Chromium at 360x800 with touch. Run
// by tests/e2e/test_serve_kept_forms.sh with CROWNS, CROWNS_DB and OUT in the environment: game
// 1 (Ann, Bob, Cy) has 2 rounds, game 2 (Dee, Eve, Fay) is over with Dee and Eve tied; it
// starts (and restarts) crowns serve itself.
'use strict';
const { check, finish, crowns, sleep, shot, serve, stop, launch, phone, phoneView, value, text, tap } = require('./serve_helpers');

(async () => {
  const browser = await launch();
  let server = await serve(['--port', '0']);
  const port = server.base.replace(/^.*:(\d+)$/, '$1');
  const keepUrl = (game) => server.base + '/keep?token=' + server.token + '&game=' + game;
  const kept = (page, what) => page.evaluate((k) => window.localStorage.getItem(k), what);
  try {
    // --- Typed on the scorekeeper's page of table 1: a correction of round 1, a late arrival.
    let one = await phone(browser);
    await one.goto(keepUrl(1), { waitUntil: 'load' });
    await one.waitForSelector('#edit-form');
    await one.select('#edit-form select[name=round]', '1');
    await one.$eval('#edit-form input[name=v1]', (i) => { i.value = ''; });
    await one.type('#edit-form input[name=v1]', '17');
    await one.$eval('#join-form details', (d) => { d.open = true; });
    await one.type('#join-form input[name=name]', 'Zed');
    await one.$eval('#join-form input[name=total]', (i) => { i.value = ''; });
    await one.type('#join-form input[name=total]', '40');
    // --- And on table 2's: the tie-break, Dee's cards and Eve out.
    let two = await phone(browser);
    await two.goto(keepUrl(2), { waitUntil: 'load' });
    await two.waitForSelector('#tiebreak-form');
    await two.type('#tiebreak-form input[name=v0]', '7h 9s');
    await tap(two, '#tiebreak-form input[name=out][value="1"]');

    const correction = async (page, why) => {
      check(why + ': the round to correct is back', (await value(page, '#edit-form select[name=round]')) === '1',
        await value(page, '#edit-form select[name=round]'));
      check(why + ': the corrected value is back', (await value(page, '#edit-form input[name=v1]')) === '17',
        await value(page, '#edit-form input[name=v1]'));
    };
    const arrival = async (page, why) => {
      check(why + ': who arrives is back, the form open', (await value(page, '#join-form input[name=name]')) === 'Zed' &&
        await page.$eval('#join-form details', (d) => d.open));
      check(why + ': the typed total too', (await value(page, '#join-form input[name=total]')) === '40',
        await value(page, '#join-form input[name=total]'));
    };
    const tiebreak = async (page, why) => {
      check(why + ': the tie-break values are back', (await value(page, '#tiebreak-form input[name=v0]')) === '7h 9s' &&
        await page.$eval('#tiebreak-form input[name=out][value="1"]', (i) => i.checked));
    };

    await one.reload({ waitUntil: 'load' });
    await one.waitForSelector('#edit-form');
    await correction(one, 'after a reload');
    check('saying so', ((await text(one, '#edit-form .note')) || '').startsWith('What you typed earlier on this phone to correct round 1'),
      await text(one, '#edit-form .note'));
    await arrival(one, 'after a reload');
    check('the join form says so', ((await text(one, '#join-form .note')) || '').startsWith('What you typed earlier on this phone'));
    await two.reload({ waitUntil: 'load' });
    await two.waitForSelector('#tiebreak-form');
    await tiebreak(two, 'after a reload');
    check('the tie-break form says so', ((await text(two, '#tiebreak-form .note')) || '').includes('for the tie-break is back'));
    await shot(one, 'kept-correction-join-360.png');
    await shot(two, 'kept-tiebreak-360.png');

    // --- A restart of the server: the open pages go on with what they hold.
    await stop(server);
    server = await serve(['--port', port]);
    await one.waitForSelector('#live.on', { timeout: 8000 }).catch(() => {});
    await correction(one, 'after a restart');
    await arrival(one, 'after a restart');
    await tiebreak(two, 'after a restart');

    // --- The link opened again, after the terminal corrected round 1 meanwhile.
    // The same phones (their storage kept): a page of each one's context.
    const oneContext = one.browserContext();
    const twoContext = two.browserContext();
    await one.close();
    await two.close();
    const edited = crowns('edit', '--game', '1', '1', 'Cy=25');
    check('the terminal corrects round 1 meanwhile', edited.status === 0, edited.stderr);
    one = await oneContext.newPage();
    await one.setViewport(phoneView);
    await one.goto(keepUrl(1), { waitUntil: 'load' });
    await one.waitForSelector('#edit-form');
    await correction(one, 'the link opened again');
    check('it says what changed in that round since', ((await text(one, '#edit-form .note')) || '')
      .startsWith('Round 1 changed meanwhile: Cy is now 25'), await text(one, '#edit-form .note'));
    check('and shows the terminal\'s value where nothing was typed', (await value(one, '#edit-form input[name=v2]')) === '25');
    await arrival(one, 'the link opened again');
    two = await twoContext.newPage();
    await two.setViewport(phoneView);
    await two.goto(keepUrl(2), { waitUntil: 'load' });
    await two.waitForSelector('#tiebreak-form');
    await tiebreak(two, 'the link opened again');

    // --- Saved: kept no longer.
    await one.$eval('#edit-form button[type=submit]', (b) => b.click());
    await one.waitForFunction(() => document.querySelector('#entry > p.message')?.className.includes('ok'), { timeout: 20000 }).catch(() => {});
    const game1 = () => JSON.parse(crowns('show', '--json', '--game', '1').stdout);
    check('the kept correction is saved', game1().rounds[0].scores.Bob === 17 && game1().rounds[0].scores.Cy === 25,
      JSON.stringify(game1().rounds[0]));
    check('and no longer kept', (await kept(one, 'crowns:typed:1:edit')) === null);
    // The correction changed the totals: the join form carries the totals it was based on, so
    // wait until the page holds the corrected game (its live update), or the server refuses the
    // arrival as based on totals that changed meanwhile (right, but not what this step checks).
    const corrected = game1();
    const was = corrected.players.map((n) => corrected.totals[n]).join(',');
    await one.waitForFunction((w) => document.querySelector('#join-form input[name=was]')?.value === w,
      { timeout: 20000 }, was).catch(() => {});
    check('the page holds the corrected totals before the arrival is sent',
      (await one.$eval('#join-form input[name=was]', (i) => i.value).catch(() => '')) === was, was);
    await one.$eval('#join-form button[type=submit]', (b) => b.click());
    await one.waitForFunction(() => !document.querySelector('#join-form details').open ||
      document.querySelector('#join-form input[name=name]').value === '', { timeout: 20000 }).catch(() => {});
    const seated = game1();
    check('the kept arrival is seated, at the typed total', seated.players.includes('Zed') && seated.totals.Zed === 40,
      JSON.stringify(seated.totals));
    check('and no longer kept', (await kept(one, 'crowns:typed:1:join')) === null);
    await one.reload({ waitUntil: 'load' });
    await one.waitForSelector('#edit-form');
    check('after the saves a reload brings nothing back', (await value(one, '#join-form input[name=name]')) === '' &&
      (await one.$('#edit-form .note:not(:empty)')) === null && (await value(one, '#edit-form select[name=round]')) === '2');
    await two.$eval('#tiebreak-form button[type=submit]', (b) => b.click());
    await two.waitForFunction(() => document.querySelector('#tiebreak-form') === null, { timeout: 20000 }).catch(() => {});
    const game2 = JSON.parse(crowns('show', '--json', '--game', '2').stdout);
    check('the kept tie-break is saved', JSON.stringify(game2.winners) === '["Eve"]', JSON.stringify(game2.winners));
    check('and no longer kept', (await kept(two, 'crowns:typed:2:tiebreak')) === null);

    // --- Cleared: kept no longer either.
    await one.bringToFront();  // a tap is answered by the page in front
    await one.select('#edit-form select[name=round]', '1');
    await one.type('#edit-form input[name=v2]', '5');
    await one.$eval('#join-form details', (d) => { d.open = true; });
    await one.type('#join-form input[name=name]', 'Yan');
    check('typing keeps them', (await kept(one, 'crowns:typed:1:edit')) !== null && (await kept(one, 'crowns:typed:1:join')) !== null);
    await tap(one, '#edit-form button[aria-label^="clear"]');
    await tap(one, '#join-form button[aria-label^="clear"]');
    check('"Clear" forgets them', (await kept(one, 'crowns:typed:1:edit')) === null && (await kept(one, 'crowns:typed:1:join')) === null);
    await one.reload({ waitUntil: 'load' });
    await one.waitForSelector('#edit-form');
    await sleep(200);
    check('and a reload brings nothing back', (await value(one, '#join-form input[name=name]')) === '' &&
      (await value(one, '#edit-form select[name=round]')) === '2');
    // A late arrival typed, then the game played to its end in a terminal: kept no more.
    await one.$eval('#join-form details', (d) => { d.open = true; });
    await one.type('#join-form input[name=name]', 'Xia');
    check('an arrival typed is kept', (await kept(one, 'crowns:typed:1:join')) !== null);
    for (let r = 3; r <= 11; r += 1) {
      const played = crowns('round', '--game', '1', 'out', String(r + 3), '5', '5');
      if (played.status !== 0) check('round ' + r + ' of game 1', false, played.stderr);
    }
    await one.waitForSelector('#rematch-form', { timeout: 20000 }).catch(() => {});
    check('the game over, nobody arrives late: kept no more', (await kept(one, 'crowns:typed:1:join')) === null);
  } finally {
    await stop(server);
    await browser.close();
  }
  finish('kept_forms.test.js');
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
