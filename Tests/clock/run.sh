#!/usr/bin/env bash
# A follower after a clock step: `show --follow` and `notify` sleep on a CLOCK_REALTIME timer with
# TFD_TIMER_CANCEL_ON_SET, so when the wall clock is set (NTP after a resume, `date -s`, a VM
# restored) they recompute within a second instead of sleeping to a moment that moved. This steps
# the machine's clock forward an hour and back (root; skipped when the clock cannot be set, as in
# a container without CAP_SYS_TIME). Run alone: other programs see the step too.
#
# Usage: bash Tests/clock/run.sh   (TMINUS_BIN=path)
set -euo pipefail
BIN=${TMINUS_BIN:-$(cd "$(dirname "$0")/../.." && pwd)/.build/debug/tminus}
W=$(mktemp -d "${TMPDIR:-/tmp}/tminus-clock.XXXXXX")
stepped=0
cleanup() {
  if [ "$stepped" = 1 ]; then date -s "-3600 seconds" >/dev/null; fi
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "clock: FAIL: $*"; exit 1; }
if [ "$(id -u)" != 0 ]; then echo "clock: skipped (setting the clock needs root; CI runs it)"; exit 0; fi

export TZ=UTC
# A deadline three days and a half away: at the default precision the follower shows days and
# hours, and sleeps until the next hour's boundary.
due=$(date -u -d '+3 days +12 hours +30 minutes' +%Y-%m-%dT%H:%M:00Z)
"$BIN" --home "$W/home" add "Launch" --due "$due" >/dev/null
"$BIN" --home "$W/home" show --follow --format plain >"$W/out" 2>/dev/null &
pid=$!
for _ in $(seq 100); do [ -s "$W/out" ] && break; sleep 0.05; done
first=$(head -n 1 "$W/out")
[ -n "$first" ] || fail "the follower printed nothing"
sleep 0.3
# Forward an hour: the countdown loses an hour at once.
before=$(wc -l <"$W/out")
if ! date -s "+3600 seconds" >/dev/null 2>&1; then echo "clock: skipped (the clock cannot be set here)"; exit 0; fi
stepped=1
t0=$(date +%s.%N)
for _ in $(seq 40); do [ "$(wc -l <"$W/out")" -gt "$before" ] && break; sleep 0.025; done
t1=$(date +%s.%N)
after=$(tail -n 1 "$W/out")
[ "$(wc -l <"$W/out")" -gt "$before" ] || fail "no new line within a second of the clock step (still '$first')"
[ "$after" != "$first" ] || fail "the line did not change: '$after'"
lag=$(python3 -c "print(round($t1 - $t0, 3))")
# And back.
before=$(wc -l <"$W/out")
date -s "-3600 seconds" >/dev/null
stepped=0
for _ in $(seq 40); do [ "$(wc -l <"$W/out")" -gt "$before" ] && break; sleep 0.025; done
back=$(tail -n 1 "$W/out")
[ "$back" = "$first" ] || fail "after stepping back: '$back', expected '$first'"
echo "clock: PASS: '$first' → '$after' ${lag}s after the clock moved an hour ahead, and back"
