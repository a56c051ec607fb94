#!/usr/bin/env bash
# The notifier's idle cost (docs/reminders.md): `tminus notify` with a realistic home (20
# deadlines with alerts 1d/1h/0, 50 todos, 10 reminders days ahead, so nothing is due for the
# whole run) on the real clock, over D seconds: its wake-ups (voluntary context switches from
# /proc, and, when strace is installed, the number of poll(2) calls that returned) and the CPU time
# it used; then how late a reminder due in 3 s arrives (from its due second to the Notify line).
# Target: at most one wake-up per minute idle. --dry-run stands in for the notification server
# (the same loop and ledger; what would be sent is printed instead).
# Usage: Benchmarks/notify-idle.sh [seconds]   (default 60; TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
D=${1:-60}
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-notify-bench.XXXXXX)
PID=
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; rm -rf "$WORK"' EXIT
H=$WORK/home C=$WORK/config.json
printf '{ "alerts": ["1d", "1h", "0"] }\n' >"$C"
for i in $(seq 1 20); do "$BIN" --home "$H" --config "$C" add "Deadline $i" --due "+$((i + 2))d" >/dev/null; done
for i in $(seq 1 50); do "$BIN" --home "$H" --config "$C" todo "Todo $i" --due "+$((i % 9 + 1))d" >/dev/null; done
for i in $(seq 1 10); do "$BIN" --home "$H" --config "$C" remind "Reminder $i" --in "$((i + 3))d" >/dev/null; done

ctxt() { awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$1/status"; }
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
"$BIN" --home "$H" --config "$C" notify --dry-run >"$WORK/out" 2>"$WORK/err" &
PID=$!
sleep 1
if command -v strace >/dev/null; then
  strace -qq -f -e trace=poll,ppoll -o "$WORK/strace" -p "$PID" &
  ST=$!
  sleep 0.5
fi
c0=$(ctxt "$PID") t0=$(cpu "$PID")
sleep "$D"
c1=$(ctxt "$PID") t1=$(cpu "$PID")
polls=-
if [ -n "${ST:-}" ]; then
  kill "$ST" 2>/dev/null; wait "$ST" 2>/dev/null || true
  polls=$(grep -c '= [0-9]' "$WORK/strace" || true)
fi
wakes=$((c1 - c0))
echo "idle ${D} s, 20 deadlines x 3 alerts, 50 todos, 10 reminders, nothing due:"
echo "  wake-ups (voluntary context switches): $wakes   poll(2) returns: $polls   CPU: $(( (t1 - t0) * 10 )) ms"
per_minute=$(awk -v w="$wakes" -v d="$D" 'BEGIN { printf "%.2f", w * 60 / d }')
echo "  = $per_minute wake-ups per minute (target <= 1)"

# Then a reminder due in 3 s: how late after its second does the notifier print it?
"$BIN" --home "$H" --config "$C" remind "Kettle" --in 3s >/dev/null
due=$(( $(date +%s) + 3 ))
for _ in $(seq 1 100); do grep -q Kettle "$WORK/out" && break; sleep 0.05; done
arrived=$(date +%s.%N)
echo "  a reminder due in 3 s printed $(awk -v a="$arrived" -v d="$due" 'BEGIN { printf "%.0f", (a - d) * 1000 }') ms after its second (polling here every 50 ms)"
awk -v w="$per_minute" 'BEGIN { exit !(w <= 1) }' || { echo "notify-idle: over budget"; exit 1; }
