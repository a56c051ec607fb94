#!/bin/bash
# `tminus privacy watch` against a real PipeWire (headless, in its own D-Bus session with
# WirePlumber): a screen shared as xdg-desktop-portal-wlr does it (Tests/privacy/screencast.py)
# hides every title in `show` and in a running follower within a second, and they come back when
# it ends; PipeWire restarting is followed; SIGTERM ends the watch and its hiding.
# Usage: TMINUS_BIN=.build/debug/tminus bash Tests/privacy/run.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
BIN=$(realpath "${TMINUS_BIN:-.build/debug/tminus}")
for p in pipewire wireplumber pw-dump dbus-run-session; do
  command -v "$p" >/dev/null || { echo "privacy: FAIL: $p is missing (apt install $(grep -v '^#' "$here/PACKAGES" | tr '\n' ' '))"; exit 1; }
done
if [ "${1:-}" != --inside ]; then
  exec dbus-run-session -- bash "$0" --inside 2> >(grep -v 'Failed to set fd limit' >&2)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tminus-privacy.XXXXXX")
export XDG_RUNTIME_DIR=$tmp/run HOME=$tmp XDG_CONFIG_HOME=$tmp/config TZ=Europe/Berlin LANG=C.UTF-8
mkdir -m 700 "$XDG_RUNTIME_DIR"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "privacy: FAIL: $*"; echo "--- watch:"; cat "$tmp/watch.log"; echo "--- follower:"; tail -5 "$tmp/follow.log"; exit 1; }
start_pipewire() {
  pipewire >"$tmp/pipewire.log" 2>&1 & pw=$!; pids+=("$pw")
  for _ in $(seq 50); do pw-dump >/dev/null 2>&1 && break; sleep 0.1; done
  wireplumber >"$tmp/wireplumber.log" 2>&1 & pids+=("$!")
}
# Waits up to 10 s for the watch log's line count of TEXT to reach N.
wait_for() {
  for _ in $(seq 100); do [ "$(grep -c "$1" "$tmp/watch.log")" -ge "$2" ] && return 0; sleep 0.1; done
  fail "no '$1' (#$2) from privacy watch"
}
tm() { "$BIN" --home "$tmp/home" "$@"; }
shown() { tm show --format plain; }
# The follower's last line, once it has settled (a line a second at most in the last hour).
followed() { sleep 1.2; tail -n 1 "$tmp/follow.log"; }

start_pipewire
tm add "Secret plan" --due +2h >/dev/null
# (The binary itself in the background, not the function: $! must be tminus's pid.)
"$BIN" --home "$tmp/home" show --follow --format plain >"$tmp/follow.log" 2>&1 & pids+=("$!")
"$BIN" --home "$tmp/home" privacy watch >"$tmp/watch.log" 2>&1 & watch=$!; pids+=("$watch")
wait_for "screen not shared" 1
shown | grep -q "^Secret plan" || fail "title hidden before anything is shared: $(shown)"

# Sharing begins: titles hidden in a one-shot show, in the follower, and `privacy` says why.
/usr/bin/python3 "$here/screencast.py" >"$tmp/screen.log" 2>&1 & screen=$!; pids+=("$screen")
wait_for "screen shared (xdpw_stream)" 1
[[ "$(shown)" == busy\ * ]] || fail "a shared screen shows: $(shown)"
followed | grep -q '^busy' || fail "the follower shows while shared: $(tail -n 1 "$tmp/follow.log")"
tm privacy | grep -q "while the screen is shared" || fail "privacy says: $(tm privacy)"
for f in waybar i3blocks polybar genmon xbar json; do
  tm show --format "$f" --family large | grep -q "Secret plan" && fail "$f shows the title while shared"
done

# Sharing ends: titles back.
kill "$screen"; wait "$screen" 2>/dev/null
wait_for "screen not shared" 2
shown | grep -q "^Secret plan" || fail "title still hidden after sharing ended: $(shown)"
followed | grep -q '^Secret plan' || fail "the follower after sharing: $(tail -n 1 "$tmp/follow.log")"

# PipeWire restarts while sharing: the watch follows it again.
/usr/bin/python3 "$here/screencast.py" >"$tmp/screen.log" 2>&1 & screen=$!; pids+=("$screen")
wait_for "screen shared (xdpw_stream)" 2
kill "$screen" "$pw"; wait "$screen" "$pw" 2>/dev/null
wait_for "screen not shared" 3
grep -q "pw-dump ended" "$tmp/watch.log" || fail "no note of pw-dump ending"
start_pipewire
/usr/bin/python3 "$here/screencast.py" >"$tmp/screen.log" 2>&1 & screen=$!; pids+=("$screen")
for _ in $(seq 200); do [ "$(grep -c "screen shared (xdpw_stream)" "$tmp/watch.log")" -ge 3 ] && break; sleep 0.1; done
[ "$(grep -c "screen shared (xdpw_stream)" "$tmp/watch.log")" -ge 3 ] || fail "not followed again after PipeWire restarted"

# SIGTERM ends the watch, and the hiding with it.
kill -TERM "$watch"; wait "$watch"; code=$?
[ "$code" = 0 ] || fail "privacy watch exited $code on SIGTERM"
shown | grep -q "^Secret plan" || fail "title hidden after the watch ended: $(shown)"
echo "PASS: privacy watch with PipeWire $(pipewire --version | sed -n 's/^Linked with libpipewire //p'): a shared screen hides titles (show, 6 formats, a follower), sharing's end and SIGTERM bring them back, a PipeWire restart is followed"
