#!/usr/bin/env bash
# A gnome source against a real Evolution Data Server (docs/sources.md, "gnome"): its source
# registry and calendar factory run headless on a private session bus; items are put in through
# libecal from Python (Tests/gnome/put.py) as GNOME Calendar and GNOME To Do would; `tminus list`
# and `tminus sources` must show the event, the next instance of a daily event with one instance
# moved, and the open task (priority, tag, the task list's colour), and not the completed task.
# Usage: bash Tests/gnome/run.sh   (TMINUS_BIN=path; needs Tests/gnome/PACKAGES). Without EDS it
# is skipped with a note, except under CI=1, where it fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${TMINUS_BIN:-$PWD/.build/debug/tminus}
REGISTRY=/usr/libexec/evolution-source-registry
FACTORY=/usr/libexec/evolution-calendar-factory
for need in "$REGISTRY" "$FACTORY" /usr/bin/dbus-run-session /usr/bin/python3; do
  if [ ! -x "$need" ]; then
    if [ "${CI:-}" = 1 ]; then echo "gnome: FAIL: $need is not installed (Tests/gnome/PACKAGES)"; exit 1; fi
    echo "gnome: skipped: $need is not installed (apt-get install $(grep -v '^#' Tests/gnome/PACKAGES | tr '\n' ' '))"
    exit 0
  fi
done
if ! /usr/bin/python3 -c 'import gi; gi.require_version("ECal", "2.0")' 2>/dev/null; then
  if [ "${CI:-}" = 1 ]; then echo "gnome: FAIL: libecal for Python is not installed (Tests/gnome/PACKAGES)"; exit 1; fi
  echo "gnome: skipped: libecal for Python is not installed (apt-get install gir1.2-ecal-2.0 python3-gi)"
  exit 0
fi
if [ -z "${TMINUS_GNOME_INNER:-}" ]; then
  exec env TMINUS_GNOME_INNER=1 TMINUS_BIN="$BIN" timeout 300 dbus-run-session -- bash "$0" "$@"
fi

W=$(mktemp -d /tmp/tminus-gnome.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$W"
}
trap cleanup EXIT
fail() { echo "gnome: FAIL: $*"; tail -n 5 "$W/eds.log" 2>/dev/null || true; exit 1; }
# EDS keeps its sources and calendars under the (throw-away) home.
export HOME=$W/user XDG_CONFIG_HOME=$W/user/.config XDG_DATA_HOME=$W/user/.local/share XDG_CACHE_HOME=$W/user/.cache
export TZ=Europe/Berlin LANG=C.UTF-8 GSETTINGS_BACKEND=memory
mkdir -p "$HOME"
"$REGISTRY" >>"$W/eds.log" 2>&1 & PIDS+=($!)
# (The factory asks for the registry: started before it owns its name, the bus would start another.)
gdbus wait --session --timeout 20 org.gnome.evolution.dataserver.Sources5 || fail "the source registry did not start"
"$FACTORY" -r >>"$W/eds.log" 2>&1 & PIDS+=($!)
gdbus wait --session --timeout 20 org.gnome.evolution.dataserver.Calendar8 || fail "the calendar factory did not start"
/usr/bin/python3 Tests/gnome/put.py >"$W/put.log" 2>&1 || { cat "$W/put.log"; fail "libecal could not put the items in"; }

T=(--home "$W/home" --now 2026-03-10T12:00:00Z)
mkdir -p "$W/user/.config/tminus"
echo '{ "sources": [ { "name": "gnome", "kind": "gnome" } ] }' >"$W/user/.config/tminus/config.json"
"$BIN" "${T[@]}" list --json >"$W/list.json" 2>"$W/list.err" || fail "tminus list: $(cat "$W/list.err")"
[ ! -s "$W/list.err" ] || fail "tminus list wrote to stderr: $(cat "$W/list.err")"
/usr/bin/python3 - "$W/list.json" <<'PY' || fail "tminus list --json: $(cat "$W/list.json")"
import json, sys
items = {i["title"]: i for i in json.load(open(sys.argv[1]))}
def check(ok, what):
    if not ok:
        print("gnome: " + what + ": " + json.dumps(items, indent=1)[:3000])
        sys.exit(1)
check(set(items) == {"Dentist", "Standup (moved)", "File taxes"}, "the open items")
check(all(i["source"] == "gnome" for i in items.values()), "the source")
d = items["Dentist"]
check(d["kind"] == "deadline" and d["due"] == "2026-03-12T11:00:00+01:00", "the event's start")
check(d["end"] == "2026-03-12T12:00:00+01:00", "the event's end")
check(d["color"] == "#becedd", "the calendar's colour")
s = items["Standup (moved)"]
check(s["due"] == "2026-03-11T11:00:00+01:00", "the next instance is the moved one")
t = items["File taxes"]
check(t["kind"] == "todo" and t["due"] == "2026-03-15T18:00:00+01:00", "the task's due")
check(t["priority"] == "high" and t["tag"] == "money", "the task's priority and category")
check(t["color"] == "#becedd", "the task list's colour")
PY
"$BIN" "${T[@]}" sources >"$W/sources.out" 2>&1 || fail "tminus sources: $(cat "$W/sources.out")"
grep -q '^    3 open items' "$W/sources.out" || fail "tminus sources: $(cat "$W/sources.out")"
! grep -q 'skipped\|cannot read' "$W/sources.out" || fail "tminus sources: $(cat "$W/sources.out")"
"$BIN" "${T[@]}" list >"$W/list.out" 2>&1 || fail "tminus list"
grep -q 'Dentist' "$W/list.out" || fail "tminus list: $(cat "$W/list.out")"

# "calendars" narrows it, by UID or display name; a name EDS does not have is said, with the ones it has.
echo '{ "sources": [ { "name": "gnome", "kind": "gnome", "calendars": ["system-task-list", "Nope"] } ] }' \
  >"$W/user/.config/tminus/config.json"
"$BIN" "${T[@]}" list >"$W/list.out" 2>&1 || fail "tminus list: $(cat "$W/list.out")"
grep -q 'File taxes' "$W/list.out" && ! grep -q 'Dentist' "$W/list.out" || fail "calendars: $(cat "$W/list.out")"
"$BIN" "${T[@]}" sources >"$W/sources.out" 2>&1 || fail "tminus sources: $(cat "$W/sources.out")"
grep -q "^    1 open item," "$W/sources.out" || fail "calendars: $(cat "$W/sources.out")"
grep -q "no calendar or task list 'Nope' in Evolution Data Server; it has: .*Personal" "$W/sources.out" \
  || fail "calendars: $(cat "$W/sources.out")"

# Written back through EDS, seen through libecal as GNOME To Do sees it: done (STATUS, COMPLETED,
# PERCENT-COMPLETE), undo, a new task in GNOME's own task list, an edited title, a removed item.
echo '{ "sources": [ { "name": "gnome", "kind": "gnome" } ] }' >"$W/user/.config/tminus/config.json"
got() { /usr/bin/python3 Tests/gnome/get.py 2>/dev/null | grep "^$1|" || true; }
# (What libecal's new client reads may lag a change EDS made for another one by a moment:
# looked at again for up to five seconds.)
seen() {
  local i
  for i in $(seq 20); do /usr/bin/python3 Tests/gnome/get.py 2>/dev/null | grep -qF "$1" && return 0; sleep 0.25; done
  return 1
}
gone() {
  local i
  for i in $(seq 20); do [ -z "$(got "$1")" ] && return 0; sleep 0.25; done
  return 1
}
"$BIN" "${T[@]}" list >/dev/null 2>&1
"$BIN" "${T[@]}" done "File taxes" >"$W/w.out" 2>&1 || fail "tminus done: $(cat "$W/w.out")"
seen "gnome-taxes|File taxes|COMPLETED|100|True" || fail "done, as libecal reads it: $(got gnome-taxes) ($(cat "$W/w.out"))"
"$BIN" "${T[@]}" undo "File taxes" >"$W/w.out" 2>&1 || fail "tminus undo: $(cat "$W/w.out")"
seen "gnome-taxes|File taxes|NEEDS-ACTION|0|False" || fail "undo, as libecal reads it: $(got gnome-taxes)"
"$BIN" "${T[@]}" edit "File taxes" --title "File the taxes" >"$W/w.out" 2>&1 || fail "tminus edit: $(cat "$W/w.out")"
seen "gnome-taxes|File the taxes|NEEDS-ACTION|0|False" || fail "edit, as libecal reads it: $(got gnome-taxes)"
"$BIN" "${T[@]}" todo "Buy stamps" --due 2026-03-14 --to gnome >"$W/w.out" 2>&1 || fail "tminus todo --to gnome: $(cat "$W/w.out")"
seen "|Buy stamps|NEEDS-ACTION|0|False" || fail "todo --to gnome, as libecal reads it: $(/usr/bin/python3 Tests/gnome/get.py 2>&1)"
"$BIN" "${T[@]}" list >"$W/list.out" 2>&1 || fail "tminus list"
grep -q "Buy stamps" "$W/list.out" && grep -q "File the taxes" "$W/list.out" || fail "after the changes: $(cat "$W/list.out")"
"$BIN" "${T[@]}" rm "Dentist" >"$W/w.out" 2>&1 || fail "tminus rm: $(cat "$W/w.out")"
gone gnome-dentist || fail "rm, as libecal reads it: $(got gnome-dentist)"
"$BIN" "${T[@]}" list >"$W/list.out" 2>&1 || fail "tminus list"
! grep -q "Dentist" "$W/list.out" || fail "after rm: $(cat "$W/list.out")"
echo "gnome: ok (an event, a moved instance and a task read from a real Evolution Data Server; calendars narrows it; done, undo, edit, todo --to and rm written back and read through libecal)"
