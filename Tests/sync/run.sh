#!/usr/bin/env bash
# Sync across devices through a CalDAV server (docs/sources.md, docs/calendar.md):
# Radicale on 127.0.0.1 with a throw-away storage folder, two vdirsyncer configs ("device A" and
# "device B", each with its own vdir; B's is the example in integrations/vdirsyncer) and two tminus homes with a vdir source "work". A todo made
# with `tminus todo … --to work` on A reaches B's `tminus list` after `vdirsyncer sync` on both;
# `tminus done` on B reaches A as completed (the .ics file and todoman agree). Loopback only,
# every step under a time limit, everything removed at the end.
# Usage: bash Tests/sync/run.sh   (TMINUS_BIN=path; needs radicale, vdirsyncer, todoman)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${TMINUS_BIN:-$PWD/.build/debug/tminus}
PY=/usr/bin/python3   # the system's Python, where Debian's radicale and vdirsyncer live
W=$(mktemp -d /tmp/tminus-sync.XXXXXX)
RADICALE_PID=
cleanup() {
  [ -n "$RADICALE_PID" ] && kill "$RADICALE_PID" 2>/dev/null && wait "$RADICALE_PID" 2>/dev/null || true
  rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "sync: FAIL: $*"; [ -f "$W/radicale.log" ] && tail -n 20 "$W/radicale.log"; exit 1; }
t() { timeout 60 "$@"; }
export HOME="$W/home" XDG_CONFIG_HOME="$W/home/.config" XDG_CACHE_HOME="$W/home/.cache" XDG_DATA_HOME="$W/home/.local/share"
export TZ=Europe/Berlin
mkdir -p "$HOME"

PORT=$($PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
URL="http://127.0.0.1:$PORT"
$PY -m radicale --server-hosts "127.0.0.1:$PORT" --storage-filesystem-folder "$W/radicale" --auth-type none \
  --rights-type owner_only >"$W/radicale.log" 2>&1 &
RADICALE_PID=$!
for _ in $(seq 1 100); do
  $PY -c "import urllib.request; urllib.request.urlopen('$URL/.web/', timeout=1)" 2>/dev/null && break
  kill -0 "$RADICALE_PID" 2>/dev/null || fail "radicale did not start"
  sleep 0.1
done
# The calendar, made as a phone's client would (MKCALENDAR for todos and events).
$PY - "$URL/tminus/work/" <<'PY' || fail "MKCALENDAR"
import base64, sys, urllib.request
body = b'''<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>Work</D:displayname>
<C:supported-calendar-component-set><C:comp name="VTODO"/><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>'''
req = urllib.request.Request(sys.argv[1], data=body, method="MKCALENDAR",
                             headers={"Authorization": "Basic " + base64.b64encode(b"tminus:x").decode(), "Content-Type": "application/xml"})
urllib.request.urlopen(req, timeout=10)
PY
echo "sync: radicale on 127.0.0.1:$PORT with a calendar /tminus/work/"

# Device A: a config written here, for the one calendar. Device B: the example a user copies
# (integrations/vdirsyncer/config), with the three lines it says to change changed.
mkdir -p "$W/A/cal" "$W/A/status"
cat >"$W/A/vdirsyncer" <<CONF
[general]
status_path = "$W/A/status/"

[pair work]
a = "work_local"
b = "work_remote"
collections = null
conflict_resolution = "b wins"

[storage work_local]
type = "filesystem"
path = "$W/A/cal/"
fileext = ".ics"

[storage work_remote]
type = "caldav"
url = "$URL/tminus/work/"
username = "tminus"
password = "x"
CONF
mkdir -p "$W/B" "$HOME/.config/vdirsyncer"
sed -e "s|^url = .*|url = \"$URL/\"|" -e 's|^username = .*|username = "tminus"|' -e 's|^password.fetch = .*|password = "x"|' \
  integrations/vdirsyncer/config >"$W/B/vdirsyncer"
grep -q "^password = \"x\"" "$W/B/vdirsyncer" || fail "the example config has no password.fetch line to change"
cat >"$W/A/config.json" <<CONF
{ "sources": [ { "name": "work", "kind": "vdir", "path": "$W/A/cal" } ] }
CONF
cat >"$W/B/config.json" <<CONF
{ "sources": [ { "name": "work", "kind": "vdir", "path": "~/.local/share/calendars/work" } ] }
CONF
t vdirsyncer -c "$W/A/vdirsyncer" discover </dev/null >"$W/A/discover.log" 2>&1 || { cat "$W/A/discover.log"; fail "vdirsyncer discover on A"; }
# B's discover asks whether to make the local folder for the server's calendar: yes.
(set +o pipefail; yes | timeout 60 vdirsyncer -c "$W/B/vdirsyncer" discover >"$W/B/discover.log" 2>&1) \
  || { cat "$W/B/discover.log"; fail "vdirsyncer discover on B (the example config)"; }
[ -d "$HOME/.local/share/calendars/work" ] || { cat "$W/B/discover.log"; fail "B's discover made no folder for the calendar"; }
sync() { t vdirsyncer -c "$W/$1/vdirsyncer" sync >>"$W/$1/sync.log" 2>&1 || { cat "$W/$1/sync.log"; fail "vdirsyncer sync on $1"; }; }
tm() { local d=$1; shift; t "$BIN" --home "$W/$d/home" --config "$W/$d/config.json" "$@"; }

DUE=$(date -d '+3 days' +%F)
tm A todo "Pay rent" --due "$DUE" --to work | grep -q "to work" || fail "tminus todo --to work on A"
ls "$W/A/cal"/*.ics >/dev/null || fail "no .ics file in A's vdir"
echo "sync: A made a todo in its vdir"
sync A
sync B
BCAL="$HOME/.local/share/calendars/work"
files=$(ls "$BCAL"/*.ics 2>/dev/null | wc -l)
[ "$files" = 1 ] || fail "B's vdir has $files files after the sync, not 1"
tm B list --json | grep -q '"title": "Pay rent"' || { tm B list --json; fail "B's tminus does not list Pay rent"; }
tm B list | grep -q "Pay rent  (work)" || fail "B's tminus list does not name the source"
echo "sync: B lists it after vdirsyncer sync on A and B"

tm B done "Pay rent" | grep -q "done #" || fail "tminus done on B"
grep -q "STATUS:COMPLETED" "$BCAL"/*.ics || fail "B's file is not completed"
sync B
sync A
grep -q "STATUS:COMPLETED" "$W/A/cal"/*.ics || { cat "$W/A/cal"/*.ics; fail "A's file is not completed after the sync"; }
if tm A list | grep -q "Pay rent"; then fail "A still lists Pay rent as open"; fi
# todoman, reading A's vdir, sees it completed too.
mkdir -p "$XDG_CONFIG_HOME/todoman"
cat >"$XDG_CONFIG_HOME/todoman/config.py" <<CONF
path = "$W/A/*"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_list = "cal"
CONF
t todoman --porcelain list --status COMPLETED | grep -q '"summary": "Pay rent"' || { t todoman --porcelain list --status ANY; fail "todoman does not see Pay rent completed"; }
echo "sync: done on B reached A (the file, tminus and todoman agree)"
echo "sync: OK"
