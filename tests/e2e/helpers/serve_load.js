// Load test of crowns serve (run by test_serve_load.sh): node's own http, nothing to install.
// Phase 1, speed: 50 viewers follow game 9; 8 rounds are recorded one at a time (4 over HTTP,
// 4 by `crowns round`); for each, the time until the last of the 50 viewers has it.
// Phase 2, concurrency: 50 viewers spread over games 1-8 while 8 writers (4 `crowns round`
// processes, 4 over HTTP) record all 11 rounds of their own game at once; every viewer must
// end with every round of its game, and every game hold exactly its writer's rounds.
// Prints one line per check and a summary line of figures; exits 1 on a failure.
'use strict';
const http = require('http');
const { execFile } = require('child_process');

const [BASE, TOKEN, CROWNS] = process.argv.slice(2);
const url = new URL(BASE);
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
let failed = 0;
const check = (name, ok) => { if (!ok) { failed += 1; console.log('FAIL: ' + name); } };

// The value seat `seat` scores in round `round` of game `game`: one seat goes out each round.
const value = (game, round, seat) => (seat === (round + game) % 3 ? 'out' : String([10, 20, 12, 8, 9, 14, 22, 18, 25, 6, 30][(round * 3 + seat + game) % 11]));

function viewer(game) {
  const v = { game, rounds: -1, times: new Map(), state: null, res: null };
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: '/events?game=' + game, agent: false }, (res) => {
      if (res.statusCode !== 200) { reject(new Error('events: ' + res.statusCode)); return; }
      v.res = res;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (!data) continue;
          const event = JSON.parse(data);
          v.state = event.state;
          const n = event.state ? event.state.rounds.length : 0;
          if (n < v.rounds) v.backwards = true;
          for (let r = v.rounds + 1; r <= n; r += 1) v.times.set(r, process.hrtime.bigint());
          v.rounds = Math.max(v.rounds, n);
          if (!v.opened) { v.opened = true; resolve(v); }
        }
      });
    });
    req.on('error', reject);
  });
}

function post(path, fields) {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'POST', agent,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Crowns-Token': TOKEN,
        'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const cli = (args) => new Promise((resolve) => {
  execFile(CROWNS, args, (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stderr }));
});

const until = async (ok, ms) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

const roundFields = (game, round) => {
  const f = { game: String(game), round: String(round) };
  for (let s = 0; s < 3; s += 1) f['v' + s] = value(game, round, s);
  return f;
};

(async () => {
  // Phase 1: 50 viewers of game 9, one round at a time.
  let viewers = await Promise.all(Array.from({ length: 50 }, () => viewer(9)));
  // Rounds 1-4 over HTTP, timed from the request's start; 5-8 by `crowns round` in another
  // process, timed from its exit (its commit is before it).
  const delays = [];
  for (let round = 1; round <= 8; round += 1) {
    let from;
    if (round <= 4) {
      from = process.hrtime.bigint();
      const answer = await post('/api/round', roundFields(9, round));
      check('phase 1 round ' + round + ' is recorded (' + answer.status + ' ' + answer.text.trim() + ')', answer.status === 200);
    } else {
      const r = await cli(['round', '--game', '9', ...[0, 1, 2].map((s) => value(9, round, s))]);
      from = process.hrtime.bigint();
      check('phase 1 round ' + round + ' is recorded by the CLI (' + r.stderr.trim() + ')', r.code === 0);
    }
    const all = await until(() => viewers.every((v) => v.rounds >= round), 5000);
    check('phase 1 round ' + round + ' reaches all 50 viewers', all);
    const last = viewers.reduce((m, v) => (v.times.has(round) && v.times.get(round) > m ? v.times.get(round) : m), from);
    delays.push(Number(last - from) / 1e6);
  }
  viewers.forEach((v) => v.res.destroy());

  // Phase 2: 50 viewers over games 1-8; 8 writers at once.
  viewers = await Promise.all(Array.from({ length: 50 }, (_, i) => viewer(1 + (i % 8))));
  const started = Date.now();
  const writers = [];
  for (let game = 1; game <= 8; game += 1) {
    writers.push((async () => {
      for (let round = 1; round <= 11; round += 1) {
        if (game <= 4) {
          const values = [0, 1, 2].map((s) => value(game, round, s));
          const r = await cli(['round', '--game', String(game), ...values]);
          check('crowns round ' + round + ' of game ' + game + ' (' + r.stderr.trim() + ')', r.code === 0);
        } else {
          const r = await post('/api/round', roundFields(game, round));
          check('POST round ' + round + ' of game ' + game + ' (' + r.text.trim() + ')', r.status === 200);
        }
      }
    })());
  }
  await Promise.all(writers);
  const wrote = Date.now() - started;
  const everyone = await until(() => viewers.every((v) => v.rounds === 11), 10000);
  check('every viewer sees every round of its game', everyone);
  check('no viewer ever saw a game go backwards', viewers.every((v) => !v.backwards));
  for (let game = 1; game <= 8; game += 1) {
    const rounds = viewers.find((v) => v.game === game).state.rounds;
    const right = rounds.length === 11 && rounds.every((r, i) => r.round === i + 1 &&
      Object.values(r.scores).every((points, seat) => (value(game, i + 1, seat) === 'out' ? points === 0 : String(points) === value(game, i + 1, seat))));
    check('game ' + game + ' holds exactly its writer\'s rounds' + (right ? '' : ': ' + JSON.stringify(rounds.map((r) => r.scores))), right);
  }
  viewers.forEach((v) => v.res.destroy());
  agent.destroy();
  const sorted = [...delays].sort((a, b) => a - b);
  console.log('figures: a round reaches the last of 50 viewers after ' +
    delays.slice(0, 4).map((d) => d.toFixed(0)).join(', ') + ' ms (HTTP, from the request) and ' +
    delays.slice(4).map((d) => d.toFixed(0)).join(', ') + ' ms (crowns round, from its exit); ' +
    '8 writers x 11 rounds with 50 viewers: ' + wrote + ' ms');
  check('a round reaches 50 viewers within 1 s (slowest ' + sorted[sorted.length - 1].toFixed(0) + ' ms)', sorted[sorted.length - 1] < 1000);
  process.exit(failed === 0 ? 0 : 1);
})().catch((e) => { console.log('FAIL: ' + (e && e.stack || e)); process.exit(1); });
