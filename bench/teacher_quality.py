#!/usr/bin/env python3
"""Speed and label quality of candidate teachers for scored shogi positions.

For each candidate teacher (Fairy-Stockfish at a fixed node count, gpsshogi's
gpsusi at a fixed depth) this measures, over the same middle-game positions:

  sec/move     mean wall time from `go` to `bestmove`, one engine, one thread
  cpu s/move   mean CPU time of the engine process over the same span (utime +
               stime of /proc/PID/stat, which keep exited threads' time: gpsusi
               searches in a thread per `go`; 10 ms ticks, so only the mean
               over many moves means anything; steadier than wall on a busy box)
  moves/core-h 3600 / cpu s/move
  top1 %       how often its bestmove equals the reference's bestmove
  |dWR|        mean |wr - wr_ref|, wr = 1 / (1 + exp(-cp / 600))
  r(WR)        Pearson correlation of wr with wr_ref
  k, |dWR|@k   the cp scale k (wr of k*cp) that best fits the reference, and
               |dWR| at that k (the engines' cp scales differ)

The reference is Fairy-Stockfish at --reference-nodes. Scores are USI scores,
from the side to move's view, for every engine; mate scores count as +-30000.
The score taken is that of the last `info ... score` line that is not a
lowerbound/upperbound (the last one of any kind when there is none).

Positions: every game starts from an opening of configs/openings/
shogi-balanced.txt (in turn) and Fairy-Stockfish plays both sides at a random
500-1500 nodes a move up to a random ply in 20..80 (fixed seed). They are saved
to OUT/positions.txt (one `sfen ...` a line) and reused when there are enough.
Reference results are cached in OUT/reference.txt (keyed by position and node
count), appended as they are computed, so an interrupted run resumes. Each
candidate's raw results go to OUT/<name>.tsv and the table to OUT/results.md.

  nice -n 10 python3 bench/teacher_quality.py                 # 200 positions
  nice -n 10 python3 bench/teacher_quality.py --positions 150 --reference-nodes 500000

Options: --positions N (200), --reference-nodes N (1000000), --out DIR
(/tmp/teacher-eval), --fsf-nodes LIST (2000,5000,10000,20000,50000),
--gps-depths LIST (4,5,6; gpsusi's LimitDepth is 4..10), --seed N (1).
Engines run one at a time, one thread each, niceness at least 10.
"""
import argparse
import math
import os
import random
import statistics
import subprocess
import time
from pathlib import Path

FSF = "/usr/games/fairy-stockfish"
GPS = "/usr/games/gpsusi"
OPENINGS = Path(__file__).resolve().parent.parent / "configs/openings/shogi-balanced.txt"
MATE = 30000


class Engine:
    """A USI engine in a child process, spoken to line by line."""

    def __init__(self, path, options):
        def lower_priority():
            os.nice(max(0, 10 - os.nice(0)))
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     preexec_fn=lower_priority)
        self.send("usi")
        self.wait("usiok")
        for name, value in options.items():
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, prefix):
        """Lines read up to and including the first that starts with prefix."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited while waiting for {prefix!r}")
            lines.append(line.strip())
            if lines[-1].startswith(prefix):
                return lines

    def cpu(self):
        """Seconds of CPU all the engine's threads have used so far."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def search(self, position, go):
        """(bestmove, cp or None, wall s, cpu s) for one position searched afresh."""
        self.send("usinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position {position}")
        start, cpu = time.perf_counter(), self.cpu()
        self.send(go)
        lines = self.wait("bestmove")
        seconds, cpu = time.perf_counter() - start, self.cpu() - cpu
        best = (lines[-1].split() + ["none"])[1]
        return best, score_of(lines), seconds, cpu

    def close(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def score_of(lines):
    """The side to move's cp from the last exact score line (else the last)."""
    scored = [line.split() for line in lines if line.startswith("info") and " score " in line]
    exact = [t for t in scored if "lowerbound" not in t and "upperbound" not in t]
    if not scored:
        return None
    tokens = (exact or scored)[-1]
    kind, value = tokens[tokens.index("score") + 1: tokens.index("score") + 3]
    if kind == "mate":
        return -MATE if value.startswith("-") else MATE
    return max(-MATE, min(MATE, int(value)))


def make_positions(count, seed):
    openings = [line.split("#")[0].strip() for line in OPENINGS.read_text().splitlines()]
    openings = [line for line in openings if line.startswith("startpos")]
    rng = random.Random(seed)
    engine = Engine(FSF, {"Threads": 1, "Hash": 16, "Contempt": 0})
    positions = []
    while len(positions) < count:
        moves = openings[len(positions) % len(openings)].split()[2:]
        target = rng.randint(20, 80)
        engine.send("usinewgame")
        while len(moves) < target:
            engine.send("position startpos moves " + " ".join(moves))
            engine.send(f"go nodes {rng.randint(500, 1500)}")
            best = engine.wait("bestmove")[-1].split()[1]
            if best in ("resign", "win", "(none)", "none"):
                break
            moves.append(best)
        if len(moves) < target:  # the game ended first: draw another
            continue
        engine.send("position startpos moves " + " ".join(moves))
        engine.send("d")
        positions.append("sfen " + engine.wait("Sfen:")[-1].split(None, 1)[1])
    engine.close()
    return positions


def win_rate(cp, scale=1.0):
    return 1 / (1 + math.exp(max(-50.0, min(50.0, -scale * cp / 600))))


def metrics(results, reference):
    """Table row values for one candidate's [(best, cp, wall s, cpu s)]."""
    seconds = statistics.mean(r[2] for r in results)
    cpu = statistics.mean(r[3] for r in results)
    agree = sum(r[0] == ref[0] for r, ref in zip(results, reference)) / len(results)
    pairs = [(r[1], ref[1]) for r, ref in zip(results, reference)
             if r[1] is not None and ref[1] is not None]

    def mae(scale):
        return statistics.mean(abs(win_rate(c, scale) - win_rate(rc)) for c, rc in pairs)
    scales = [round(0.05 * 1.1 ** i, 3) for i in range(60)]
    best_scale = min(scales, key=mae)
    corr = statistics.correlation([win_rate(c) for c, _ in pairs],
                                  [win_rate(rc) for _, rc in pairs])
    return [f"{seconds:.4f}", f"{cpu:.4f}", f"{3600 / cpu:,.0f}", f"{100 * agree:.1f}",
            f"{mae(1.0):.4f}", f"{corr:.3f}", f"{best_scale:.2f}", f"{mae(best_scale):.4f}",
            f"{len(results) - len(pairs)}"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--reference-nodes", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, default=Path("/tmp/teacher-eval"))
    parser.add_argument("--fsf-nodes", default="2000,5000,10000,20000,50000")
    parser.add_argument("--gps-depths", default="4,5,6")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()

    positions_file = args.out / "positions.txt"
    positions = positions_file.read_text().splitlines() if positions_file.exists() else []
    if len(positions) < args.positions:
        print(f"making {args.positions} positions ...", flush=True)
        positions = make_positions(args.positions, args.seed)
        positions_file.write_text("\n".join(positions) + "\n")
    positions = positions[:args.positions]

    cache_file = args.out / "reference.txt"
    cache = {}
    if cache_file.exists():
        for line in cache_file.read_text().splitlines():
            sfen, nodes, best, cp, *seconds = line.split("\t")  # wall s, cpu s (new)
            seconds = [float(x) for x in seconds] + [math.nan] * (2 - len(seconds))
            cache[sfen, int(nodes)] = (best, None if cp == "None" else int(cp), *seconds)
    todo = [p for p in positions if (p, args.reference_nodes) not in cache]
    if todo:
        print(f"reference: {len(todo)} positions at {args.reference_nodes} nodes ...", flush=True)
        engine = Engine(FSF, {"Threads": 1, "Hash": 256, "Contempt": 0})
        with cache_file.open("a") as out:
            for i, position in enumerate(todo):
                result = engine.search(position, f"go nodes {args.reference_nodes}")
                cache[position, args.reference_nodes] = result
                out.write("\t".join([position, str(args.reference_nodes), *map(str, result)]) + "\n")
                out.flush()
                if (i + 1) % 25 == 0:
                    print(f"  {i + 1}/{len(todo)}", flush=True)
        engine.close()
    reference = [cache[p, args.reference_nodes] for p in positions]
    ref_wall, ref_cpu = (statistics.mean(r[i] for r in reference) for i in (2, 3))

    candidates = [(f"fsf-{n}", FSF, {"Threads": 1, "Hash": 64, "Contempt": 0}, f"go nodes {n}")
                  for n in map(int, args.fsf_nodes.split(",") if args.fsf_nodes else [])]
    # gpsusi has no `go depth`; LimitDepth caps its iterative deepening and, on
    # `go infinite`, it sends bestmove by itself once that depth is done.
    candidates += [(f"gps-d{d}", GPS, {"Thread": 1, "BookDepth": 0, "LimitDepth": d}, "go infinite")
                   for d in map(int, args.gps_depths.split(",") if args.gps_depths else [])]
    header = ["teacher", "sec/move", "cpu s/move", "moves/core-h", "top1 %", "|dWR|", "r(WR)",
              "k", "|dWR|@k", "no score"]
    rows = []
    for name, path, options, go in candidates:
        print(f"{name} ...", flush=True)
        engine = Engine(path, options)
        results = [engine.search(p, go) for p in positions]
        engine.close()
        with (args.out / f"{name}.tsv").open("w") as out:
            for position, result in zip(positions, results):
                out.write("\t".join([position, *map(str, result)]) + "\n")
        rows.append([name, *metrics(results, reference)])
        print("  " + "  ".join(rows[-1]), flush=True)

    table = [f"Reference: fairy-stockfish at {args.reference_nodes} nodes, "
             f"{ref_wall:.2f} s/move wall, {ref_cpu:.2f} cpu; {len(positions)} positions.", "",
             "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    table += ["| " + " | ".join(row) + " |" for row in rows]
    table.append(f"\nTotal run time {time.perf_counter() - began:.0f} s.")
    (args.out / "results.md").write_text("\n".join(table) + "\n")
    print("\n".join(table))


if __name__ == "__main__":
    main()
