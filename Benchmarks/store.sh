#!/usr/bin/env bash
# Does history stay out of the way? Times `tminus todo` (whole processes, median of many runs)
# on a home with 100 completed items and on one with 100,000, and prints the ratio (target <= 1.3).
# Usage: Benchmarks/store.sh [runs]   (TMINUS_BIN=path skips the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-200}
BIN=${TMINUS_BIN:-}
if [ -z "$BIN" ]; then
  swift build -c release -Xswiftc -static-executable --scratch-path .build-bench >/dev/null 2>&1 \
    || swift build -c release --scratch-path .build-bench >/dev/null
  BIN=$PWD/.build-bench/release/tminus
fi
WORK=$(mktemp -d /tmp/tminus-store-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
make_home() { # DIR COMPLETED: a home with 20 deadlines, 50 open todos and COMPLETED archived todos
  local dir=$1 n=$2
  "$BIN" --home "$dir" --now 2026-11-22T10:00:00Z tag add school >/dev/null
  for i in $(seq 1 20); do "$BIN" --home "$dir" --now 2026-11-22T10:00:00Z add "Deadline $i" --due "+${i}d" >/dev/null; done
  for i in $(seq 1 50); do "$BIN" --home "$dir" --now 2026-11-22T10:00:00Z todo "Todo $i" --due "+${i}h" >/dev/null; done
  python3 - "$dir/archive.jsonl" "$n" <<'PY'
import sys, uuid
path, n = sys.argv[1], int(sys.argv[2])
with open(path, "w") as f:
    for i in range(n):
        f.write('{"todo":{"completed":"2026-01-01T10:00:00Z","created":"2026-01-01T09:00:00Z","handle":%d,"id":"%s","note":"","priority":"none","starred":false,"title":"Old todo %d"}}\n'
                % (1000 + i, str(uuid.uuid4()).upper(), i))
PY
}
make_home "$WORK/small" 100
make_home "$WORK/large" 100000
python3 - "$BIN" "$WORK" "$RUNS" <<'PY'
import subprocess, sys, time, statistics
bin, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def median(home):
    ts = []
    for i in range(runs):
        t = time.perf_counter()
        subprocess.run([bin, "--home", home, "todo", f"bench {i}"], stdout=subprocess.DEVNULL, check=True)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)
# Interleave so machine noise hits both alike.
small, large = [], []
for _ in range(4):
    small.append(median(f"{work}/small")); large.append(median(f"{work}/large"))
s, l = statistics.median(small), statistics.median(large)
print(f"tminus todo, 100 completed:     {s*1000:.2f} ms (median of {runs*4} runs)")
print(f"tminus todo, 100,000 completed: {l*1000:.2f} ms (median of {runs*4} runs)")
print(f"ratio: {l/s:.2f} (target <= 1.3)")
PY
