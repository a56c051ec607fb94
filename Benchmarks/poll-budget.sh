#!/usr/bin/env bash
# The poll path's instruction budget, checked in CI (instruction counts from valgrind's lackey are
# deterministic, so this cannot flake the way a timed test would): on the realistic home of
# Benchmarks/poll.sh (20 deadlines, 50 open todos), the release static executable's
#   cached poll  (the widget cache, docs/widget-cache.md)   <= 0.22 M  (measured 0.200-0.206 M: a few k with the binary's
#                                                                      layout, which moves the runtime's metadata table;
#                                                                      issue 42's goal 0.2 M; 0.256 M before the arguments
#                                                                      were taken without /proc/self/maps, Sources/CTMinusSys/
#                                                                      argv.c; 0.286 M before the Makefile's metadata flag;
#                                                                      /bin/date: 0.310 M)
#   no runtime folder (kept in ~/.cache/tminus instead)     <= 0.22 M  (the cached poll's budget; a full run, 2.36 M, before)
#   full poll    (nothing kept: no folder to keep in)       <= 2.0 M   (measured 1.25-1.66 M by the hour: it reads the
#                                                                      summary's items near now, today's todos in the
#                                                                      outputs' zone, so it depends on the hour; 1.81-1.93 M
#                                                                      before that, 2.05 M before, 2.36 M first)
#   keeping poll (a full run that keeps the hour to come)   <= 3.8 M   (measured 2.61-3.34 M by the hour, 16 hours of 27
#                                                                      at most 3 M; the most in the hour before midnight
#                                                                      (the day's change rendered) and after it (all of
#                                                                      the day's todos ahead, read);
#                                                                      issue 42's goal 3 M; 3.0-3.7 M before, 4.48 M,
#                                                                      5.18 M before, 18.4 M first)
#   per-minute average (a bar polling once a minute)        <= 0.30 M  (issue 42's goal; measured 0.257 M here; 0.273 M,
#                                                                      0.292 M, 0.332 M, 0.346 M, 0.39 M before, 0.67 M first)
# Each budget is the goal or the measured figure plus about 10-20 %; the full and keeping runs
# depend on the hour of the day the run falls in (the home's dates are relative, but an hour that
# crosses midnight has more change points to render, and the todos of the day ahead are read): the
# measured range by the hour (TZ=Etc/GMT-11 … Etc/GMT+6 at one moment) plus about 15 %. Exceeding
# one fails with both figures printed. It prints
# the rows of issue 42's table that this home measures (the others: Benchmarks/poll.sh, big-sources.sh).
# Usage: Benchmarks/poll-budget.sh   (TMINUS_BIN=path skips the build; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "poll-budget: FAIL: valgrind is not installed"; exit 1; }
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-budget.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
H=$WORK/home
mkdir -p -m 700 "$WORK/run"
for i in $(seq 1 20); do "$BIN" --home "$H" add "Deadline $i with a realistic title" --due "+$((i * 7))h" --tag work >/dev/null; done
for i in $(seq 1 50); do "$BIN" --home "$H" todo "Todo $i" --due "+$((i % 30))h" --tag personal >/dev/null; done
# count COMMAND…: the instructions valgrind's lackey counted (the command runs valgrind itself).
count() { "$@" 2>&1 >/dev/null | sed -n 's/.*guest instrs: *//p' | tr -d ,; }
# (Files changed in the last 2 whole seconds are not trusted by the cache; under valgrind /proc/self/exe is
# valgrind's tool, so a first run under it keeps, the second is the cached poll.)
sleep 3.1
# A fixed environment, so the count does not follow the caller's (PATH's length is in the key).
base=(env -i PATH=/usr/bin:/bin HOME="$WORK" LANG=C.UTF-8 TZ=Europe/Berlin)
keep=$(count "${base[@]}" XDG_RUNTIME_DIR="$WORK/run" valgrind --tool=lackey --basic-counts=yes "$BIN" --home "$H" show --format waybar)
cached=""
for _ in 1 2 3; do
  cached=$(count "${base[@]}" XDG_RUNTIME_DIR="$WORK/run" valgrind --tool=lackey --basic-counts=yes "$BIN" --home "$H" show --format waybar)
  [ "$cached" -lt 1000000 ] && break
done
# The full run: no folder to keep outputs in at all (a cache folder that cannot be made).
whole=$(count "${base[@]}" XDG_CACHE_HOME=/dev/null valgrind --tool=lackey --basic-counts=yes "$BIN" --home "$H" show --format waybar)
# A poll with no runtime folder (cron, a bare ssh, some tmux servers): the outputs are kept in
# ~/.cache/tminus instead; the first run keeps, the polls after it are answered from there.
count "${base[@]}" valgrind --tool=lackey --basic-counts=yes "$BIN" --home "$H" show --format waybar >/dev/null
noruntime=""
for _ in 1 2 3; do
  noruntime=$(count "${base[@]}" valgrind --tool=lackey --basic-counts=yes "$BIN" --home "$H" show --format waybar)
  [ "$noruntime" -lt 1000000 ] && break
done
# (date in the same environment as tminus: with LANG unset it skips loading the locale and costs
# about half, 0.15 M, which is not what it costs in a bar's session.)
date=$(count "${base[@]}" valgrind --tool=lackey --basic-counts=yes /bin/date +%s)
# A bar polling once a minute: one keeping run per kept span (the file's "<written> <until>"), a cached
# poll each other minute.
span=$(sed -n 3p "$WORK"/run/tminus/widget-* | awk '{print $2 - $1}')
polls=$(( span / 60 > 1 ? span / 60 : 1 ))
minute=$(( (keep + cached * (polls - 1)) / polls ))
m() { awk -v n="$1" 'BEGIN { printf "%.3f M", n / 1e6 }'; }
# The rows of issue 42's table this home measures (instructions, valgrind's lackey: deterministic).
echo "poll-budget: | run | instructions |"
echo "poll-budget: | the run that keeps an hour of outputs (after any change) | $(m "$keep") |"
echo "poll-budget: | a poll with no runtime folder (kept in ~/.cache/tminus) | $(m "$noruntime") |"
echo "poll-budget: | the full run, nothing kept (after a change; no folder to keep in) | $(m "$whole") |"
echo "poll-budget: | a bar polling once a minute, averaged over the hour ($polls polls a keeping run) | $(m "$minute") |"
echo "poll-budget: | the kept poll | $(m "$cached") |"
echo "poll-budget: | /bin/date +%s | $(m "$date") |"
echo "poll-budget: cached poll $cached, no runtime folder $noruntime, full poll $whole, keeping poll $keep, per-minute average $minute, /bin/date $date instructions"
fail=0
# The static binary takes its arguments from glibc (Sources/CTMinusSys/argv.c), not from the Swift
# runtime's initializer that reads /proc/self/maps before main (55 k instructions a run): a
# toolchain that changes how the runtime asks for them shows here first.
if command -v strace >/dev/null; then
  if strace -f -e trace=open,openat "$BIN" --version 2>&1 >/dev/null | grep -q '/proc/self/maps'; then
    echo "poll-budget: FAIL: the binary reads /proc/self/maps at start (the runtime's argv initializer is linked in: see Sources/CTMinusSys/argv.c)"
    fail=1
  fi
  args=$("$BIN" --home "$H" frobnicate 2>&1 || true)
  case "$args" in *"'frobnicate'"*) ;; *) echo "poll-budget: FAIL: the arguments did not reach tminus: $args"; fail=1 ;; esac
fi
[ "$cached" -le 220000 ] || { echo "poll-budget: FAIL: the cached poll costs $cached instructions (budget 220000)"; fail=1; }
[ "$noruntime" -le 220000 ] || { echo "poll-budget: FAIL: a poll with no runtime folder costs $noruntime instructions (budget 220000: the cached poll's)"; fail=1; }
[ "$whole" -le 2000000 ] || { echo "poll-budget: FAIL: the full poll costs $whole instructions (budget 2000000)"; fail=1; }
[ "$keep" -le 3800000 ] || { echo "poll-budget: FAIL: the full poll that keeps costs $keep instructions (budget 3800000)"; fail=1; }
[ "$minute" -le 300000 ] || { echo "poll-budget: FAIL: a bar polling once a minute costs $minute instructions a poll (budget 300000)"; fail=1; }
[ "$fail" = 0 ] && echo "poll-budget: OK"
exit "$fail"
