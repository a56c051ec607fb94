#!/usr/bin/env bash
# Big sources (docs/sources.md, "The file cache" and "Costs"), on the release static executable:
# a vdir of 10,000 files as khal, todoman and vdirsyncer leave one (Benchmarks/make-vdir.py: 40 %
# events, one in ten of them weekly; 60 % todos, most completed; about 1,800 open items).
#  1. the fold-in: one file of the vdir replaced by a rename (as vdirsyncer does), then `show`:
#     median wall time (target 50 ms), and the one more read two seconds later (a racy stamp);
#  2. a follower (`show --follow`) while one file lands: how many of the vdir's files it opens
#     (strace), i.e. whole reads per sync (target: the one file);
#  3. the poll with the vdir unchanged beside /bin/date +%s and the same home without the source
#     (instructions, valgrind, when installed): with the widget cache ($XDG_RUNTIME_DIR) and
#     without it (a full run, which reads every open item of the summary);
#  4. side by side where installed: `khal list now 1d` on the same vdir;
#  5. side by side where installed: `calcurse -n` (the next appointment, from calcurse's own file)
#     on 100, 1,000 and 10,000 events imported from the .ics tminus reads as a source: wall
#     medians and instructions, tminus through the widget cache (as a bar polls) and in full.
# With --huge, also a 1,000,000-event .ics: the first read's wall time and peak memory, then a poll.
# Usage: Benchmarks/big-sources.sh [runs] [--huge]   (TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-15}
HUGE=${2:-}
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-big-bench.XXXXXX)
trap 'pkill -f "$WORK" 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 Benchmarks/make-vdir.py "$WORK/cal/work" 10000
printf '{ "sources": [ { "name": "big", "kind": "vdir", "path": "%s/cal" } ] }\n' "$WORK" >"$WORK/config.json"
H="$WORK/home"
start=$(date +%s%N)
"$BIN" --home "$H" --config "$WORK/config.json" sources | head -2
echo "first read of the vdir (every file parsed, the cache written): $(( ($(date +%s%N) - start) / 1000000 )) ms"
"$BIN" --home "$H" --config "$WORK/config.json" add "A deadline of my own" --due +30h >/dev/null
"$BIN" --home "$WORK/plain" add "A deadline of my own" --due +30h >/dev/null

python3 - "$BIN" "$WORK" "$RUNS" <<'PY'
import os, shutil, statistics, subprocess, sys, time
bin, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = dict(os.environ); env.pop("XDG_RUNTIME_DIR", None)
folder = work + "/cal/work"
cmd = [bin, "--home", work + "/home", "--config", work + "/config.json", "show", "--format", "waybar"]
def run(c):
    t = time.perf_counter(); subprocess.run(c, stdout=subprocess.DEVNULL, env=env, check=True); return time.perf_counter() - t
time.sleep(2.1); run(cmd)
names = sorted(n for n in os.listdir(folder) if n.endswith(".ics"))
def replace(name):
    shutil.copy(os.path.join(folder, name), os.path.join(folder, ".incoming"))
    os.rename(os.path.join(folder, ".incoming"), os.path.join(folder, name))
fold, again, unchanged = [], [], []
for i in range(runs):
    replace(names[i])
    fold.append(run(cmd))
    time.sleep(2.1)
    again.append(run(cmd))
    unchanged.append(run(cmd))
print(f"fold-in of one changed file of 10,000: median {statistics.median(fold)*1000:.1f} ms (target 50), max {max(fold)*1000:.1f} ms; "
      f"the one more read 2 s later {statistics.median(again)*1000:.1f} ms; unchanged poll {statistics.median(unchanged)*1000:.1f} ms")

# A follower while one file lands: the vdir files it opens. (-y: a file opened by its name in an
# opened folder, as tminus opens them, is shown with the folder's path.)
log = work + "/follow.strace"
p = subprocess.Popen(["strace", "-f", "-y", "-e", "trace=openat", "-o", log] + cmd[:-2] + ["--follow", "--format", "waybar"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
def opens(): return sum(1 for l in open(log) if folder in l and ".ics" in l)
time.sleep(3)
before = opens()
replace(names[runs + 1])
time.sleep(5)
after = opens()
subprocess.run(["pkill", "-P", str(p.pid)]); p.wait(timeout=10)
print(f"a follower, one file landed: {after - before} of the vdir's files opened ({(after - before) / len(names):.4f} whole reads)")
PY

if command -v valgrind >/dev/null; then
  count() { valgrind --tool=lackey --basic-counts=yes "$@" 2>&1 >/dev/null | sed -n 's/.*guest instrs: *//p' | tr -d ,; }
  RT="$WORK/runtime"; mkdir -p "$RT"; chmod 700 "$RT"
  d=$(count /bin/date +%s)
  full=$(env -u XDG_RUNTIME_DIR bash -c "$(declare -f count); count $BIN --home $H --config $WORK/config.json show --format waybar")
  plain=$(env -u XDG_RUNTIME_DIR bash -c "$(declare -f count); count $BIN --home $WORK/plain show --format waybar")
  sleep 3.1
  # The widget cache keeps an output until it changes: the next deadline (one of the vdir's events,
  # maybe within the hour, counting seconds) or the user's own (30 h away, counting minutes).
  XDG_RUNTIME_DIR=$RT count "$BIN" --home "$H" --config "$WORK/config.json" show --format waybar >/dev/null
  cached=$(XDG_RUNTIME_DIR=$RT count "$BIN" --home "$H" --config "$WORK/config.json" show --format waybar)
  XDG_RUNTIME_DIR=$RT count "$BIN" --home "$H" --config "$WORK/config.json" show --format waybar --deadline "A deadline of my own" >/dev/null
  pinned=$(XDG_RUNTIME_DIR=$RT count "$BIN" --home "$H" --config "$WORK/config.json" show --format waybar --deadline "A deadline of my own")
  # The same poll on the same deadline in a home without the source (target: the vdir's within 1.1 x).
  RT2="$WORK/runtime-plain"; mkdir -p "$RT2"; chmod 700 "$RT2"
  XDG_RUNTIME_DIR=$RT2 count "$BIN" --home "$WORK/plain" show --format waybar >/dev/null
  sleep 3.1
  XDG_RUNTIME_DIR=$RT2 count "$BIN" --home "$WORK/plain" show --format waybar >/dev/null
  plainCached=$(XDG_RUNTIME_DIR=$RT2 count "$BIN" --home "$WORK/plain" show --format waybar)
  printf 'instructions: date %s; poll with the 10,000-file vdir unchanged: full run %s (%.1f x the full poll without the source, %s); ' \
    "$d" "$full" "$(awk -v a="$full" -v b="$plain" 'BEGIN { print a / b }')" "$plain"
  printf 'through the widget cache: next deadline %s, a deadline 30 h away %s (%.2f x date; %.2f x the same poll without the source, %s, target 1.1)\n' \
    "$cached" "$pinned" "$(awk -v a="$pinned" -v b="$d" 'BEGIN { print a / b }')" "$(awk -v a="$pinned" -v b="$plainCached" 'BEGIN { print a / b }')" "$plainCached"
fi

if command -v khal >/dev/null; then
  mkdir -p "$WORK/khal"
  printf '[calendars]\n[[work]]\npath = %s/cal/work\n[locale]\ntimeformat = %%H:%%M\ndateformat = %%Y-%%m-%%d\nlongdateformat = %%Y-%%m-%%d\ndatetimeformat = %%Y-%%m-%%d %%H:%%M\nlongdatetimeformat = %%Y-%%m-%%d %%H:%%M\n[sqlite]\npath = %s/khal/khal.db\n' "$WORK" "$WORK" >"$WORK/khal/config"
  khal -c "$WORK/khal/config" list now 1d >/dev/null 2>&1 || true
  python3 - "$BIN" "$WORK" <<'PY'
import os, statistics, subprocess, sys, time
bin, work = sys.argv[1], sys.argv[2]
env = dict(os.environ); env.pop("XDG_RUNTIME_DIR", None)
def med(c, n=5):
    ts = []
    for _ in range(n):
        t = time.perf_counter(); subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env); ts.append(time.perf_counter() - t)
    return statistics.median(ts)
k = med(["khal", "-c", work + "/khal/config", "list", "now", "1d"])
t = med([bin, "--home", work + "/home", "--config", work + "/config.json", "show", "--format", "waybar"])
print(f"side by side, the same vdir unchanged: khal list now 1d {k*1000:.0f} ms, tminus show (full run) {t*1000:.1f} ms: khal {k/t:.0f} x")
PY
fi

if command -v calcurse >/dev/null; then
  for n in 100 1000 10000; do
    C="$WORK/calcurse$n"
    mkdir -p "$C/conf" "$C/run"; chmod 700 "$C/run"
    python3 - "$C/events.ics" "$n" <<'PY'
import sys, datetime
path, n = sys.argv[1], int(sys.argv[2])
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
with open(path, "w", newline="") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
    for i in range(n):
        d = now + datetime.timedelta(minutes=(i - n // 2) * 97 + 45)
        e = d + datetime.timedelta(minutes=30)
        f.write("BEGIN:VEVENT\r\nUID:e%d@bench\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Event %d\r\nDTSTART:%s\r\nDTEND:%s\r\nEND:VEVENT\r\n"
                % (i, i, d.strftime("%Y%m%dT%H%M%SZ"), e.strftime("%Y%m%dT%H%M%SZ")))
    f.write("END:VCALENDAR\r\n")
PY
    calcurse -D "$C/data" -C "$C/conf" -i "$C/events.ics" >/dev/null 2>&1
    printf '{ "sources": [ { "name": "cal", "kind": "ics", "path": "%s/events.ics" } ] }\n' "$C" >"$C/config.json"
    "$BIN" --home "$C/home" --config "$C/config.json" sources >/dev/null
  done
  # (A source read in the 2 s after it was written is read once more: fold that in, then wait
  # until no file is young enough for the widget cache to distrust.)
  sleep 2.1
  for n in 100 1000 10000; do "$BIN" --home "$WORK/calcurse$n/home" --config "$WORK/calcurse$n/config.json" show >/dev/null; done
  sleep 3.1
  python3 - "$BIN" "$WORK" <<'PY'
import os, statistics, subprocess, sys, time, shutil
bin, work = sys.argv[1], sys.argv[2]
def med(c, env, n=101):
    ts = []
    for _ in range(n):
        t = time.perf_counter(); subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env); ts.append(time.perf_counter() - t)
    return statistics.median(ts)
def count(c, env):
    if not shutil.which("valgrind"): return None
    r = subprocess.run(["valgrind", "--tool=lackey", "--basic-counts=yes"] + c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    for l in r.stderr.splitlines():
        if "guest instrs:" in l: return int(l.split(":")[-1].replace(",", ""))
full_env = dict(os.environ); full_env.pop("XDG_RUNTIME_DIR", None)
for n in (100, 1000, 10000):
    c = f"{work}/calcurse{n}"
    cal = ["calcurse", "-D", c + "/data", "-C", c + "/conf", "-n"]
    tm = [bin, "--home", c + "/home", "--config", c + "/config.json", "show", "--format", "waybar"]
    cached_env = dict(full_env, XDG_RUNTIME_DIR=c + "/run")
    subprocess.run(tm, stdout=subprocess.DEVNULL, env=cached_env)
    tc, tf, cc = med(tm, cached_env), med(tm, full_env), med(cal, full_env)
    count(tm, cached_env)  # (under valgrind the binary is valgrind's: the first run keeps)
    ic, ifull, icc = count(tm, cached_env), count(tm, full_env), count(cal, full_env)
    ins = "" if ic is None else f"; instructions: calcurse {icc:,}, tminus {ic:,} (calcurse {icc / ic:.2f} x), full run {ifull:,}"
    print(f"side by side, {n:,} events: calcurse -n {cc*1000:.2f} ms, tminus show {tc*1000:.2f} ms (calcurse {cc/tc:.2f} x tminus), "
          f"full run {tf*1000:.2f} ms{ins}")
PY
fi

if [ "$HUGE" = "--huge" ]; then
  python3 - "$WORK/huge.ics" <<'PY'
import sys, datetime
now = datetime.datetime.now(datetime.timezone.utc)
with open(sys.argv[1], "w", newline="") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
    for i in range(1_000_000):
        d = now + datetime.timedelta(minutes=(i - 900_000) * 7)
        f.write("BEGIN:VEVENT\r\nUID:e%d@bench\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Event %d\r\nDTSTART:%s\r\nEND:VEVENT\r\n" % (i, i, d.strftime("%Y%m%dT%H%M%SZ")))
    f.write("END:VCALENDAR\r\n")
PY
  printf '{ "sources": [ { "name": "huge", "kind": "ics", "path": "%s/huge.ics" } ] }\n' "$WORK" >"$WORK/huge.json"
  ls -la "$WORK/huge.ics" | awk '{ printf "a 1,000,000-event .ics of %d MB\n", $5 / 1048576 }'
  /usr/bin/time -f 'first read: %e s, peak %M KB' "$BIN" --home "$WORK/huge-home" --config "$WORK/huge.json" sources | head -2
  sleep 2.1
  /usr/bin/time -f 'a poll after it (full run): %e s, peak %M KB' env -u XDG_RUNTIME_DIR "$BIN" --home "$WORK/huge-home" --config "$WORK/huge.json" show --format waybar >/dev/null
fi
