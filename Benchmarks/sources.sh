#!/usr/bin/env bash
# Sources' costs (docs/sources.md, "Costs"), on the release static executable:
#  1. the poll path with three unchanged sources beside /bin/date +%s (interleaved runs,
#     medians, the ratio; target <= 1.5 x date): a vdir of 500 items as khal and todoman leave
#     one (mostly past events and completed todos), a todo.txt of 60 lines, a holidays .ics of 60
#     events, and 5 deadlines of tminus's own: about 70 open items in all, the realistic
#     container of the poll path's budget; then the same with three times as many open items
#     (a heavy user: printed for information);
#  2. the fold-in: a vdir of 1,000 items changed (a file renamed in, as vdirsyncer does) before
#     each `tminus show`, which reads it again: median wall time of that run (target < 50 ms).
# Usage: Benchmarks/sources.sh [runs]   (TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-400}
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-sources-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
python3 Benchmarks/make-vdir.py "$WORK/cal/work" 500 --open 0.03
python3 Benchmarks/make-vdir.py "$WORK/heavy/work" 500 --open 0.15
python3 Benchmarks/make-vdir.py "$WORK/big/work" 1000
python3 - "$WORK" <<'PY'
import sys, datetime
work = sys.argv[1]
today = datetime.date.today()
def todo(path, lines, done_every):
    with open(path, "w") as f:
        for i in range(lines):
            d = today + datetime.timedelta(days=i % 40 - 10)
            done = "x %s " % today if i % done_every != 0 else ""
            f.write("%s(%s) %s Task %d for the project +proj%d @home due:%s\n" % (done, "ABC"[i % 3], today, i, i % 7, d))
def holidays(path, days_apart):
    with open(path, "w", newline="") as f:
        f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
        for i in range(60):
            d = today + datetime.timedelta(days=i * days_apart - 300)
            f.write("BEGIN:VEVENT\r\nUID:h%d@bench\r\nSUMMARY:Holiday %d\r\nDTSTART;VALUE=DATE:%s\r\nEND:VEVENT\r\n" % (i, i, d.strftime("%Y%m%d")))
        f.write("END:VCALENDAR\r\n")
todo(work + "/todo.txt", 60, 2)
holidays(work + "/holidays.ics", 6)
todo(work + "/heavy.txt", 150, 1)
holidays(work + "/heavy.ics", 12)
PY
cat > "$WORK/config.json" <<JSON
{ "sources": [
  { "name": "cal", "kind": "vdir", "path": "$WORK/cal" },
  { "name": "txt", "kind": "todotxt", "path": "$WORK/todo.txt" },
  { "name": "holidays", "kind": "ics", "path": "$WORK/holidays.ics" },
] }
JSON
cat > "$WORK/heavy.json" <<JSON
{ "sources": [
  { "name": "cal", "kind": "vdir", "path": "$WORK/heavy" },
  { "name": "txt", "kind": "todotxt", "path": "$WORK/heavy.txt" },
  { "name": "holidays", "kind": "ics", "path": "$WORK/heavy.ics" },
] }
JSON
cat > "$WORK/big.json" <<JSON
{ "sources": [ { "name": "big", "kind": "vdir", "path": "$WORK/big" } ] }
JSON
H="$WORK/home"
for i in 1 2 3 4 5; do
  "$BIN" --home "$H" --config "$WORK/config.json" add "Deadline $i" --due "+$((i * 9))h" >/dev/null
  "$BIN" --home "$WORK/heavy-home" --config "$WORK/heavy.json" add "Deadline $i" --due "+$((i * 9))h" >/dev/null
done
"$BIN" --home "$H" --config "$WORK/config.json" sources
"$BIN" --home "$WORK/heavy-home" --config "$WORK/heavy.json" sources | grep open | tr '\n' ' '; echo "(heavy)"
"$BIN" --home "$H" --config "$WORK/config.json" show --format waybar
"$BIN" --home "$WORK/big-home" --config "$WORK/big.json" sources | head -2
python3 - "$BIN" "$WORK" "$RUNS" <<'PY'
import os, subprocess, sys, time, statistics
bin, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
poll = [bin, "--home", work + "/home", "--config", work + "/config.json", "show", "--format", "waybar"]
heavy = [bin, "--home", work + "/heavy-home", "--config", work + "/heavy.json", "show", "--format", "waybar"]
date = ["/bin/date", "+%s"]
t = {"date": [], "poll": [], "heavy": []}
for _ in range(runs):
    for k, c in (("date", date), ("poll", poll), ("heavy", heavy)):
        s = time.perf_counter()
        subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
        t[k].append(time.perf_counter() - s)
m = {k: statistics.median(v) for k, v in t.items()}
print(f"poll, 3 unchanged sources: median {m['poll']*1000:.2f} ms, date {m['date']*1000:.2f} ms: {m['poll']/m['date']:.2f} x date (target <= 1.5)")
print(f"  the same, a heavy user (three times the open items): {m['heavy']*1000:.2f} ms: {m['heavy']/m['date']:.2f} x date")
# The fold-in: before each run a file is renamed into the 1,000-item vdir (a new name each time,
# the previous one taken out again), so every run finds the vdir changed and reads it whole.
big = [bin, "--home", work + "/big-home", "--config", work + "/big.json", "show", "--format", "waybar"]
folder = work + "/big/work"
body = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:bench-%d\r\nSUMMARY:Arrived %d\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
fold, unchanged = [], []
for i in range(max(30, runs // 10)):
    tmp = os.path.join(folder, ".incoming")
    with open(tmp, "w") as f:
        f.write(body % (i, i))
    os.rename(tmp, os.path.join(folder, "arrived-%d.ics" % i))
    if i > 0:
        os.remove(os.path.join(folder, "arrived-%d.ics" % (i - 1)))
    s = time.perf_counter()
    subprocess.run(big, stdout=subprocess.DEVNULL, check=True)
    fold.append(time.perf_counter() - s)
    s = time.perf_counter()
    subprocess.run(big, stdout=subprocess.DEVNULL, check=True)
    unchanged.append(time.perf_counter() - s)
print(f"fold-in, 1,000-item vdir changed: median {statistics.median(fold)*1000:.1f} ms (target < 50), max {max(fold)*1000:.1f} ms; "
      f"the same poll unchanged: {statistics.median(unchanged)*1000:.2f} ms")
PY
