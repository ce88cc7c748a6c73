#!/usr/bin/env python3
"""How long crowns assist takes to answer, as a player waits for it: one crowns assist process
follows a seeded round (round 11 by default: 13 cards, the slowest), and each answer's time is
measured from the moment the answer line is written to the moment the next question is on
stdout (the advice, its melds, outs and odds, the save to SQLite and the prompt included).
Besides that wall time it reports the CPU time crowns spent on each answer (from
/proc/PID/schedstat), which does not grow when other programs load the machine. The player
throws the card drawn back (so the round lasts all the turns); each answer is still advised.

    python3 bench/assist_latency.py build/ci/crowns [--round 11] [--turns 30] [--games 5]
"""
import argparse, os, random, select, statistics, subprocess, sys, tempfile, time

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["s", "h", "c", "d", "*"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("crowns")
    ap.add_argument("--round", type=int, default=11)
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=5, help="seeds seed .. seed+games-1")
    args = ap.parse_args()
    wall = {"take or draw": [], "what to throw": []}
    cpu = {"take or draw": [], "what to throw": []}
    for seed in range(args.seed, args.seed + args.games):
        play(args, seed, wall, cpu)
    for label, table in (("wall", wall), ("CPU", cpu)):
        table["all"] = table["take or draw"] + table["what to throw"]
        for name, ms in table.items():
            ms = sorted(ms)
            print(f"{label:4} {name:14} n={len(ms):4}  median {statistics.median(ms):6.1f} ms  "
                  f"p90 {ms[int(0.9 * (len(ms) - 1))]:6.1f} ms  max {ms[-1]:6.1f} ms")


def play(args, seed, wall, cpu):
    deck = [r + s for r in RANKS for s in SUITS] * 2 + ["jk"] * 6
    random.Random(seed).shuffle(deck)
    n = args.round + 2
    hand, deck = deck[:n], deck[n:]
    tmp = tempfile.mkdtemp()
    env = dict(os.environ, CROWNS_DB=os.path.join(tmp, "bench.db"), NO_COLOR="1")
    p = subprocess.Popen([args.crowns, "assist", "--round", str(args.round), "--players", "2"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    out = b""

    def until(*prompts):
        nonlocal out
        while not any(q.encode() in out for q in prompts):
            r, _, _ = select.select([p.stdout], [], [], 10)
            if not r:
                sys.exit(f"no {prompts!r} within 10 s; got: {out[-400:]!r}")
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                sys.exit(f"crowns ended; got: {out[-400:]!r}")
            out += chunk
        found = next(q for q in prompts if q.encode() in out)
        out = out[out.index(found.encode()) + len(found):]
        return found

    def send(line, *prompts):
        p.stdin.write((line + "\n").encode())
        p.stdin.flush()
        return until(*prompts)

    def cpu_ns():
        with open(f"/proc/{p.pid}/schedstat") as f:
            return int(f.read().split()[0])

    def timed(line, prompt, name):
        start, start_cpu = time.perf_counter(), cpu_ns()
        send(line, prompt)
        wall[name].append(1000 * (time.perf_counter() - start))
        cpu[name].append((cpu_ns() - start_cpu) / 1e6)

    until("your cards: ")
    send(" ".join(hand), "Top discard: ")
    top = deck.pop()
    for _ in range(args.turns):
        if len(deck) < 3:
            break
        timed(top, "Card drawn", "take or draw")
        drawn = deck.pop()
        timed(drawn, "You threw [", "what to throw")
        if send(drawn, "threw (t CARD", "next round") == "next round":
            break
        top = deck.pop()
        send(top, "Top discard [")
    p.stdin.close()
    p.kill()


if __name__ == "__main__":
    main()
