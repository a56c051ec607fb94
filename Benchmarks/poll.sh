#!/usr/bin/env bash
# The poll path budget (docs/reliability.md, "Costs"): `tminus show --format waybar` (the release static executable)
# on a realistic container (20 deadlines, 50 open todos, 10,000 completed) side by side with
# `/bin/date +%s` and with a python3 script that prints the same countdown. Whole processes,
# interleaved, median of many runs each; prints the ratios. Targets: as a bar polls (through the
# widget cache) <= 1.0 x date; a full run <= 1.5 x date.
# Usage: Benchmarks/poll.sh [runs]   (TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-500}
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-poll-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
H=$WORK/home
# 10,000 completed todos, written as an older tminus did and migrated by this one (the same code
# that upgrades a user's home), then 20 deadlines and 50 open todos.
mkdir -p "$H"
python3 - "$H" <<'PY'
import sys, uuid, json
home = sys.argv[1]
with open(home + "/archive.jsonl", "w") as f:
    for i in range(10000):
        f.write('{"todo":{"completed":"2026-01-01T10:00:00Z","created":"2026-01-01T09:00:00Z","handle":%d,"id":"%s","note":"","priority":"none","starred":false,"title":"Old todo %d"}}\n'
                % (100000 + i, uuid.uuid4(), i))
json.dump({"version": 2, "nextHandle": 110000, "tags": [{"name": "work", "color": "#5e81ac"}, {"name": "personal", "color": "#a3be8c"}],
           "deadlines": [], "todos": []}, open(home + "/store.json", "w"))
PY
"$BIN" --home "$H" doctor --repair >/dev/null
for i in $(seq 1 20); do "$BIN" --home "$H" add "Deadline $i with a realistic title" --due "+$((i * 7))h" --tag work >/dev/null; done
for i in $(seq 1 50); do "$BIN" --home "$H" todo "Todo $i" --due "+$((i % 30))h" --tag personal >/dev/null; done
# The script a user might write instead: read the summary, print the next countdown as Waybar JSON.
cat > "$WORK/countdown.py" <<'PY'
import json, sys, datetime
s = json.load(open(sys.argv[1]))
now = datetime.datetime.now(datetime.timezone.utc)
d = min(s["deadlines"], key=lambda d: d["due"])
due = datetime.datetime.fromisoformat(d["due"].replace("Z", "+00:00"))
left = int((due - now).total_seconds())
print(json.dumps({"text": "%s %dd %dh" % (d["title"], left // 86400, left % 86400 // 3600), "class": "normal"}))
PY
"$BIN" --home "$H" show --format waybar
# As a bar polls: with XDG_RUNTIME_DIR (the widget cache, docs/widget-cache.md; its files are
# trusted 2 s after they were written); and a full run, without it.
mkdir -p -m 700 "$WORK/run"
XDG_RUNTIME_DIR=$WORK/run "$BIN" --home "$H" show --format waybar >/dev/null
sleep 3.1
python3 - "$BIN" "$H" "$WORK/countdown.py" "$RUNS" "$WORK/run" <<'PY'
import os, subprocess, sys, time, statistics
bin, home, script, runs, run = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
full = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
cmds = {
    "date": (["/bin/date", "+%s"], full),
    "tminus": ([bin, "--home", home, "show", "--format", "waybar"], dict(full, XDG_RUNTIME_DIR=run)),
    "full run": ([bin, "--home", home, "show", "--format", "waybar"], full),
    "python3": (["python3", "-S", script, home + "/summary.json"], full),
}
times = {k: [] for k in cmds}
for _ in range(runs):
    for k, (c, env) in cmds.items():
        t = time.perf_counter()
        subprocess.run(c, stdout=subprocess.DEVNULL, check=True, env=env)
        times[k].append(time.perf_counter() - t)
m = {k: statistics.median(v) for k, v in times.items()}
for k in cmds:
    print(f"{k:8s} median {m[k]*1000:6.2f} ms  ({m[k]/m['date']:.2f} x date)")
print(f"tminus as a bar polls / date: {m['tminus']/m['date']:.2f} (target <= 1.0); full run / date: {m['full run']/m['date']:.2f} (target <= 1.5); "
      f"python3 / tminus: {m['python3']/m['tminus']:.1f}")
PY

# Instructions (valgrind's lackey: deterministic, unlike wall times), side by side: the floor for
# any Swift program (a static one-line program built here), /bin/date, and the poll on this home
# and on homes with 10, 1,000 and 10,000 open items (the poll should cost what is shown, not what is
# kept): the full run (no widget cache), `todo` on each, and a follower's tick in a deadline's last
# hour (a line a second: a 16 s run minus a 6 s run, per line).
if command -v valgrind >/dev/null; then
  count() { valgrind --tool=lackey --basic-counts=yes "$@" 2>&1 >/dev/null | sed -n 's/.*guest instrs: *//p' | tr -d ,; }
  mkdir -p "$WORK/floor/Sources/floor"
  printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "floor", targets: [.executableTarget(name: "floor")])\n' >"$WORK/floor/Package.swift"
  echo 'print("7h 00m")' >"$WORK/floor/Sources/floor/main.swift"
  floor=""
  if (cd "$WORK/floor" && swift build -c release -Xswiftc -static-executable >/dev/null 2>&1); then floor=$(count "$WORK/floor/.build/release/floor"); fi
  for n in 10 1000 10000; do
    h=$WORK/open$n
    python3 - "$BIN" "$h" "$n" <<'PY'
import subprocess, sys
bin, home, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
# One `todo` per item is slow for 1,000: the first through tminus, the rest as a store another
# release could have written, then one command so this release reads and rewrites it.
subprocess.run([bin, "--home", home, "add", "Deadline", "--due", "+30h"], check=True, stdout=subprocess.DEVNULL)
import json
store = json.load(open(home + "/store.json"))
items = store["items"]
base = dict(items[0])
for i in range(n):
    it = {"kind": "todo", "id": "%08x-0000-4000-8000-%012x" % (i, i), "handle": 2 + i, "title": "Open todo %d" % i,
          "created": base["created"], "due": None}
    items.append({k: v for k, v in it.items() if v is not None})
store["nextHandle"] = n + 2
json.dump(store, open(home + "/store.json", "w"))
subprocess.run([bin, "--home", home, "summary", "--rebuild"], check=True, stdout=subprocess.DEVNULL)
PY
    "$BIN" --home "$h" show --format waybar >/dev/null
    eval "open_$n=\$(env -u XDG_RUNTIME_DIR bash -c \"\$(declare -f count); count \$BIN --home \$h show --format waybar\")"
    # The widget cache: the full run that keeps the hour to come, then a poll from it (files
    # younger than 2 s are not trusted; under valgrind the binary is valgrind's, so the first
    # run under it keeps).
    mkdir -p -m 700 "$WORK/run$n"
    sleep 3.1
    eval "keep_$n=\$(XDG_RUNTIME_DIR=\$WORK/run\$n count \"\$BIN\" --home \"\$h\" show --format waybar)"
    eval "hit_$n=\$(XDG_RUNTIME_DIR=\$WORK/run\$n count \"\$BIN\" --home \"\$h\" show --format waybar)"
    # (The first change after another program wrote the store reads and writes it whole, in
    # tminus's layout; from then on a change touches only its lines: docs/storage.md.)
    "$BIN" --home "$h" todo "Warm up" >/dev/null
    eval "todo_$n=\$(count \"\$BIN\" --home \"\$h\" todo \"One more\")"
  done
  printf 'instructions, full run of show: 10 open %s, 1,000 open %s (%.2f x), 10,000 open %s (%.2f x); todo: 10 open %s, 1,000 open %s (%.2f x, target 2)\n' \
    "$open_10" "$open_1000" "$(awk -v a="$open_1000" -v b="$open_10" 'BEGIN { print a / b }')" "$open_10000" \
    "$(awk -v a="$open_10000" -v b="$open_10" 'BEGIN { print a / b }')" "$todo_10" "$todo_1000" "$(awk -v a="$todo_1000" -v b="$todo_10" 'BEGIN { print a / b }')"
  printf 'instructions, widget cache: full run that keeps the hour to come: 10 open %s, 1,000 open %s, 10,000 open %s; poll from it: 10 open %s, 1,000 open %s, 10,000 open %s (%.2f x)\n' \
    "$keep_10" "$keep_1000" "$keep_10000" "$hit_10" "$hit_1000" "$hit_10000" "$(awk -v a="$hit_10000" -v b="$hit_10" 'BEGIN { print a / b }')"
  F=$WORK/follow
  "$BIN" --home "$F" add "Soon" --due +30m >/dev/null
  for i in $(seq 1 20); do "$BIN" --home "$F" todo "Todo $i" --due "+${i}h" >/dev/null; done
  tick() { timeout -s INT "$1" valgrind --tool=lackey --basic-counts=yes "$BIN" --home "$F" show --follow --format waybar 2>&1 >"$WORK/follow.$1" | sed -n 's/.*guest instrs: *//p' | tr -d , || true; }
  t6=$(tick 6); t16=$(tick 16)
  l6=$(wc -l <"$WORK/follow.6"); l16=$(wc -l <"$WORK/follow.16")
  echo "instructions per follower tick (waybar, 20 todos, a line a second): $(( (t16 - t6) / (l16 - l6) )) (target 200,000)"
  d=$(count /bin/date +%s)
  p=$(count "$BIN" --home "$H" show --format waybar)
  printf 'instructions: swift floor %s, date %s, poll %s (%.2f x date); 10 open %s, 1,000 open %s (%.2f x)\n' \
    "${floor:-?}" "$d" "$p" "$(awk -v a="$p" -v b="$d" 'BEGIN { print a / b }')" "$open_10" "$open_1000" "$(awk -v a="$open_1000" -v b="$open_10" 'BEGIN { print a / b }')"
fi
