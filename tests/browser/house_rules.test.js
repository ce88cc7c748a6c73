// The phone's start form offers the house rules (issue 47): order, wild melds, book suits,
// leads and ties, each a labelled choice at least 44 px tall, set to the club's default. In
// headless Chromium at 360x800 with touch: a scorekeeper starts a "down, distinct suits" game
// from the phone; the game's page then names its house options, round 1 deals 13 cards with
// Ks wild, and `crowns show --json` agrees with what the phone chose. axe-core finds no
// serious problem on the form. Run by tests/e2e/test_serve_house_rules.sh with CROWNS,
// CROWNS_DB and OUT in the environment (Ann, Bob and Cy on the roster; the club's default
// leads out). It starts crowns serve itself.
'use strict';
const { check, finish, crowns, shot, serve, stop, launch, phone, text, axeProblems } = require('./serve_helpers');

(async () => {
  const browser = await launch();
  const server = await serve(['--port', '0']);
  try {
    const keeper = await phone(browser);
    await keeper.goto(server.base + '/keep?token=' + server.token, { waitUntil: 'load' });
    await keeper.waitForSelector('#start-form details', { timeout: 10000 });
    await keeper.$eval('#start-form details', (d) => { d.open = true; });
    // The roster and the club's default rules arrive together.
    await keeper.waitForFunction(() => document.querySelectorAll('#start-form .roster .chip').length >= 3, { timeout: 10000 }).catch(() => {});
    const pick = (name) => keeper.$eval('#start-form select[name=' + name + ']', (s) => s.value).catch(() => null);
    await keeper.waitForFunction(() => document.querySelector('#start-form select[name=leads]')?.value === 'out', { timeout: 5000 }).catch(() => {});
    check('the form starts from the club\'s default: leads out', await pick('leads') === 'out', await pick('leads'));
    check('and the standard order where the club sets none', await pick('order') === 'up', await pick('order'));

    // Every switch is a labelled select, 44 px tall at least.
    const switches = await keeper.$$eval('#start-form fieldset.house-rules select', (all) => all.map((s) => ({
      name: s.name,
      label: (s.closest('label')?.textContent || '').replace(s.textContent, '').trim(),
      height: s.getBoundingClientRect().height,
    })));
    check('five switches: order, wild_melds, book_suits, leads, ties',
      switches.map((s) => s.name).join(',') === 'order,wild_melds,book_suits,leads,ties', JSON.stringify(switches));
    check('each with a label', switches.every((s) => s.label.length > 0), JSON.stringify(switches));
    check('each at least 44 px tall', switches.every((s) => s.height >= 44), JSON.stringify(switches.map((s) => s.height)));
    const problems = await axeProblems(keeper);
    check('axe-core: the start form with its house rules has no serious problem', problems.length === 0, problems.join('; '));
    await shot(keeper, 'house-rules-form.png');

    // Ann, Bob and Cy, down, distinct suits; the rest as the form had them.
    for (const name of ['Ann', 'Bob', 'Cy']) {
      const chip = await keeper.evaluateHandle((n) => [...document.querySelectorAll('#start-form .roster .chip')]
        .find((b) => b.textContent === n), name);
      await chip.tap();
    }
    const choose = async (name, value) => {
      const select = await keeper.$('#start-form select[name=' + name + ']');
      await select.tap();
      await keeper.select('#start-form select[name=' + name + ']', value);
    };
    await choose('order', 'down');
    await choose('book_suits', 'distinct');
    const submit = await keeper.$('#start-form button[type=submit]');
    await submit.tap();
    await keeper.waitForFunction(() => (document.querySelector('#card h1')?.textContent || '').startsWith('Game 1 '), { timeout: 10000 }).catch(() => {});
    const card = (await text(keeper, '#card')) || '';
    const rulesLine = (await text(keeper, '#card .house-rules')) || '';
    check('the game started from the phone', card.includes('Game 1'), card.slice(0, 200));
    check('its page names the house options, loudly', rulesLine === 'House rules: order down, book suits distinct, leads out', rulesLine);
    const next = await keeper.$$eval('#card .next > div', (cells) => cells.map((c) => c.lastElementChild.textContent));
    check('round 1 deals 13 cards with Ks wild', next[0] === '13 cards' && next[1] === 'Ks', JSON.stringify(next));
    // The card picker marks the round's wild as the game dealt it (Ks in a down game's round
    // 1), not as the standard order would (3s), and counts a K as a wild's 20 points.
    const pickCards = await keeper.$('button.pick');
    if (pickCards) await pickCards.tap();
    await keeper.waitForSelector('.picker .grid', { timeout: 5000 }).catch(() => {});
    const grid = await keeper.$eval('.picker .grid', (g) => ({
      label: g.getAttribute('aria-label'),
      wild: [...g.querySelectorAll('.card.wild')].map((b) => b.textContent.replace(/[^0-9JQK]/g, '')),
    })).catch(() => ({ label: null, wild: [] }));
    check('the card picker marks Ks wild in round 1 of a down game', grid.label === 'cards: Ks are wild this round' &&
      grid.wild.length === 5 && grid.wild.every((r) => r === 'K'), JSON.stringify(grid));
    await shot(keeper, 'house-rules-game.png');

    // The terminal's JSON says the same: the one store, the one set of rules.
    const shown = JSON.parse(crowns('show', '--game', '1', '--json').stdout || '{}');
    check('show --json: the rules the phone chose', JSON.stringify(shown.rules) ===
      JSON.stringify({ order: 'down', wild_melds: true, book_suits: 'distinct', leads: 'out', ties: 'shared' }), JSON.stringify(shown.rules));
    check('show --json: round 1 deals 13, Ks wild', shown.next && shown.next.cards === 13 && shown.next.wild === 'K', JSON.stringify(shown.next));

    // A bad word is refused with the switch named, and nothing is started.
    const refused = await keeper.evaluate(async (token) => {
      const body = new URLSearchParams({ p0: 'Ann', p1: 'Bob', order: 'sideways', confirm: '1' });
      const r = await fetch('/api/start', { method: 'POST', body, headers: { 'X-Crowns-Token': token } });
      return { status: r.status, body: await r.text() };
    }, server.token);
    check('a bad order is refused (400) naming the switch', refused.status === 400 && refused.body.includes('order') &&
      refused.body.includes('up|down|random'), JSON.stringify(refused));
    check('and no game is started by it', JSON.parse(crowns('games', '--json').stdout || '[]').length === 1);
  } catch (e) {
    check('no exception', false, e.stack);
  } finally {
    await browser.close();
    await stop(server);
  }
  finish('house_rules');
})();
