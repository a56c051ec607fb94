#!/usr/bin/env bash
# Does cost follow open items, not history? Runs the release binary (whole processes, interleaved,
# medians; peak RSS from GNU time) and prints the ratios the storage design promises
# (docs/reliability.md): done, undo, stats, todo and the poll path at 1,000,000 completed items
# against 1,000 (target <= 1.5x, RSS < 30 MB); todo and the poll path at 1,000 open items against
# 10 (targets <= 4x and <= 3x); the default timeline on 20 deadlines and 500 todos (< 5 s,
# < 100 MB, < 20 MB of output); and the poll path against /bin/date +%s (target <= 1.3x).
# Usage: Benchmarks/history.sh [runs] [completed]   (TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-60}
BIG=${2:-1000000}
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-history-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
NOW=2026-11-22T10:00:00Z
t() { local home=$1; shift; "$BIN" --home "$home" --now "$NOW" "$@" >/dev/null; }

# A home from before version 3 with N completed todos in archive.jsonl, migrated by tminus itself
# (the same code that upgrades a user's home), then 20 deadlines and 50 open todos on top.
history_home() {
  local home=$1 n=$2
  python3 - "$home" "$n" <<'PY'
import os, sys, uuid, json
home, n = sys.argv[1], int(sys.argv[2])
os.makedirs(home, exist_ok=True)
with open(home + "/archive.jsonl", "w") as f:
    for i in range(n):
        f.write('{"todo":{"completed":"2026-01-01T10:00:00Z","created":"2026-01-01T09:00:00Z","handle":%d,"id":"%s",'
                '"note":"","priority":"none","starred":false,"title":"Old todo %d"}}\n' % (1000 + i, uuid.uuid4(), i))
json.dump({"version": 2, "nextHandle": 1000 + n, "tags": [{"name": "work", "color": "#5e81ac"}],
           "deadlines": [], "todos": []}, open(home + "/store.json", "w"))
PY
  t "$home" doctor --repair
  for i in $(seq 1 20); do t "$home" add "Deadline $i with a realistic title" --due "+$((i * 7))h" --tag work; done
  for i in $(seq 1 50); do t "$home" todo "Todo $i" --due "+$((i % 30))h"; done
}
open_home() { # DIR N: N open todos, nothing completed
  for i in $(seq 1 "$2"); do t "$1" todo "Open todo $i with a title" --due "+$((i % 48))h"; done
}

echo "setting up: homes with 1,000 and $BIG completed items, 10 and 1,000 open, 520 for the timeline" >&2
history_home "$WORK/h1k" 1000
history_home "$WORK/hbig" "$BIG"
open_home "$WORK/o10" 10
open_home "$WORK/o1000" 1000
for i in $(seq 1 20); do t "$WORK/tl" add "Deadline $i" --due "+${i}d"; done
open_home "$WORK/tl" 500

python3 - "$BIN" "$WORK" "$RUNS" "$NOW" "$BIG" <<'PY'
import os, sys, time, statistics, subprocess
bin, work, runs, now, big = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
def run(args):
    """Wall seconds of one whole process."""
    t = time.perf_counter()
    p = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    if p.returncode != 0: raise SystemExit(f"failed ({p.returncode}): {' '.join(args)}")
    return dt, 0.0
def rss(args):
    """Peak RSS (MB) of one run, through GNU time (a child of python would count python's own
    pages, forked before the exec); None without /usr/bin/time."""
    if not os.path.exists("/usr/bin/time"): return None
    p = subprocess.run(["/usr/bin/time", "-f", "%M", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return int(p.stderr.decode().strip().splitlines()[-1]) / 1024
def tm(home, *a): return [bin, "--home", f"{work}/{home}", "--now", now, *a]
def measure(pairs):
    """pairs: name -> (home, [commands run in order, the first timed]); interleaved rounds."""
    res = {k: [] for k in pairs}
    for _ in range(runs):
        for k, (home, cmds) in pairs.items():
            for i, c in enumerate(cmds):
                dt, _ = run(tm(home, *c))
                if i == 0: res[k].append(dt)
    peak = {}
    for k, (home, cmds) in pairs.items():
        peak[k] = rss(tm(home, *cmds[0]))
        for c in cmds[1:]: run(tm(home, *c))
    return {k: (statistics.median(v), peak[k]) for k, v in res.items()}
def cycle(home):
    # done then undo of the same open todo: both timed, the home ends as it began
    return {
        f"done@{home}": (home, [["done", "Todo 7"]]),
        f"undo@{home}": (home, [["undo", "Todo 7"]]),
        f"todo@{home}": (home, [["todo", "bench"], ["rm", "bench"]]),
        f"stats@{home}": (home, [["stats"]]),
        f"show@{home}": (home, [["show", "--format", "waybar"]]),
    }
m = measure({**cycle("h1k"), **cycle("hbig")})
print(f"history: {big:,} completed items against 1,000 (median of {runs} runs each, whole processes)")
print(f"{'command':8s} {'1,000':>10s} {f'{big:,}':>12s} {'ratio':>7s} {'peak RSS':>10s}")
worst = 0
for c in ["done", "undo", "stats", "todo", "show"]:
    a, b = m[f"{c}@h1k"], m[f"{c}@hbig"]
    worst = max(worst, b[0] / a[0])
    peak = f"{b[1]:8.1f}MB" if b[1] is not None else "     n/a"
    print(f"{c:8s} {a[0]*1000:8.2f}ms {b[0]*1000:10.2f}ms {b[0]/a[0]:7.2f} {peak}")
print(f"worst ratio {worst:.2f} (target <= 1.5; RSS target < 30 MB)")
o = measure({
    "todo@o10": ("o10", [["todo", "bench"], ["rm", "bench"]]), "todo@o1000": ("o1000", [["todo", "bench"], ["rm", "bench"]]),
    "show@o10": ("o10", [["show", "--format", "waybar"]]), "show@o1000": ("o1000", [["show", "--format", "waybar"]]),
})
print(f"open items: 1,000 against 10")
for c, target in [("todo", 4), ("show", 3)]:
    a, b = o[f"{c}@o10"], o[f"{c}@o1000"]
    print(f"{c:8s} {a[0]*1000:8.2f}ms {b[0]*1000:10.2f}ms {b[0]/a[0]:7.2f} (target <= {target})")
t0 = time.perf_counter()
size = len(subprocess.run(tm("tl", "timeline"), stdout=subprocess.PIPE, check=True).stdout)
took = time.perf_counter() - t0
peak = rss(tm("tl", "timeline"))
print(f"timeline (20 deadlines, 500 todos, default limit): {took:.2f} s, "
      f"{peak if peak is not None else float('nan'):.1f} MB peak, {size/1e6:.1f} MB of output (targets < 5 s, < 100 MB, < 20 MB)")
date, poll = [], []
for _ in range(runs * 5):
    date.append(run(["/bin/date", "+%s"])[0]); poll.append(run(tm("hbig", "show", "--format", "waybar"))[0])
d, s = statistics.median(date), statistics.median(poll)
print(f"poll path: show --format waybar {s*1000:.2f} ms vs /bin/date +%s {d*1000:.2f} ms: {s/d:.2f} x (target <= 1.3)")
PY
