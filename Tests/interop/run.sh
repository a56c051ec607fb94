#!/usr/bin/env bash
# tminus with the programs whose files it reads and writes (docs/sources.md): todoman and khal on
# one vdir, Taskwarrior through `task`. Files they make are read by tminus with the right titles,
# dues and zones; what tminus makes is listed by them; `done` from tminus is done in todoman and
# Taskwarrior, `undo` reopens it, and every line tminus did not change stays byte for byte.
# Everything in a throw-away folder; each command under a time limit.
# Usage: bash Tests/interop/run.sh   (TMINUS_BIN=path; needs todoman, khal, taskwarrior)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${TMINUS_BIN:-$PWD/.build/debug/tminus}
PY=/usr/bin/python3
W=$(mktemp -d /tmp/tminus-interop.XXXXXX)
trap 'rm -rf "$W"' EXIT
fail() { echo "interop: FAIL: $*"; exit 1; }
ok() { echo "interop: $*"; }
t() { timeout 60 "$@" </dev/null; }
export HOME="$W/home" XDG_CONFIG_HOME="$W/home/.config" XDG_CACHE_HOME="$W/home/.cache" XDG_DATA_HOME="$W/home/.local/share"
export TZ=Europe/Berlin TASKRC="$W/taskrc" TASKDATA="$W/task"
mkdir -p "$XDG_CONFIG_HOME/todoman" "$XDG_CONFIG_HOME/khal" "$W/vdir/todos" "$W/vdir/cal" "$TASKDATA"
: >"$TASKRC"
cat >"$XDG_CONFIG_HOME/todoman/config.py" <<CONF
path = "$W/vdir/todos"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_list = "todos"
default_due = 0
CONF
cat >"$XDG_CONFIG_HOME/khal/config" <<CONF
[calendars]
[[cal]]
path = $W/vdir/cal
type = calendar
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
default_timezone = Europe/Berlin
local_timezone = Europe/Berlin
[default]
default_calendar = cal
CONF
cat >"$W/config.json" <<CONF
{ "sources": [
  { "name": "todos", "kind": "vdir", "path": "$W/vdir/todos" },
  { "name": "cal", "kind": "vdir", "path": "$W/vdir/cal" },
  { "name": "tw", "kind": "taskwarrior" },
] }
CONF
tw() { t task rc.verbose=nothing rc.confirmation=off "$@" 2>/dev/null; }
tm() { t "$BIN" --home "$W/home/tminus" --config "$W/config.json" "$@"; }
# The item with this title in `tminus list ARGS --json`, one field.
field() { local title=$1 key=$2; shift 2; tm list --json "$@" | $PY -c "
import json, sys
items = [i for i in json.load(sys.stdin) if i['title'] == sys.argv[1]]
print(items[0][sys.argv[2]] if items else 'MISSING')" "$title" "$key"; }
D3=$(date -d '+3 days' +%F)
D5=$(date -d '+5 days' +%F)
D9=$(date -d '+9 days' +%F)

# 1. What they make, tminus reads.
t todoman new -l todos --due "$D3 17:00" --priority high "Renew passport" >/dev/null
t todoman new -l todos "Water plants" >/dev/null
t khal new -a cal "$D5" 10:00 11:00 "Board meeting" >/dev/null
tw add "File taxes" due:"$D9" priority:M >/dev/null
expect() { [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"; }
expect "$(field "Renew passport" due)" "$(date -d "$D3 17:00" +%Y-%m-%dT%H:%M:%S%:z)" "todoman's due"
expect "$(field "Renew passport" priority)" "high" "todoman's priority"
expect "$(field "Water plants" due)" "None" "a todo without a due"
expect "$(field "Board meeting" due)" "$(date -d "$D5 10:00" +%Y-%m-%dT%H:%M:%S%:z)" "khal's event with a TZID"
expect "$(field "Board meeting" kind)" "deadline" "an event is a deadline"
expect "$(field "File taxes" due)" "$(date -d "$D9 00:00" +%Y-%m-%dT%H:%M:%S%:z)" "Taskwarrior's due"
expect "$(field "File taxes" priority)" "medium" "Taskwarrior's priority"
problems=$(tm sources --json | $PY -c "import json,sys; print(sum(len(s['problems']) + (1 if s['error'] else 0) for s in json.load(sys.stdin)))")
expect "$problems" "0" "problems reported by tminus sources"
ok "todoman's, khal's and Taskwarrior's items read with their dues, zones and priorities"

# 2. What tminus makes, they list.
tm todo "Buy stamps" --due "$D3" --to todos >/dev/null
tm add "Release party" --due "${D5}T18:00" --to todos >/dev/null
tm todo "Backup laptop" --due "$D5" --priority low --to tw >/dev/null
t todoman --porcelain list | grep -q '"summary": "Buy stamps"' || fail "todoman does not list tminus's todo"
# A deadline is a task with a due date (X-TMINUS-KIND:deadline), which todoman lists with its due.
party=$(t todoman --porcelain list | $PY -c "import json,sys; print([t['due'] for t in json.load(sys.stdin) if t['summary'] == 'Release party'][0])")
expect "$party" "$(date -d "${D5} 18:00" +%s)" "todoman's due of tminus's deadline"
expect "$(field "Release party" kind)" "deadline" "a deadline tminus wrote reads back as one"
tw rc.json.array=on export | grep -q '"description":"Backup laptop"' || fail "Taskwarrior does not have tminus's task"
ok "todoman and Taskwarrior list what tminus added (a deadline as a task with its due)"
# A deadline written to a calendar can be done and undone; todoman sees both.
tm done "Release party" >/dev/null
t todoman --porcelain list --status COMPLETED | grep -q '"summary": "Release party"' || fail "todoman does not see the deadline done"
expect "$(field "Release party" title)" "MISSING" "a done deadline leaves the bar"
tm undo "Release party" >/dev/null
t todoman --porcelain list | grep -q '"summary": "Release party"' || fail "undo did not reopen the deadline in todoman"
expect "$(field "Release party" kind)" "deadline" "an undone deadline is a deadline again"
ok "a deadline tminus wrote to a calendar is done and undone, in todoman too"

# 3. done from tminus is done in todoman, every other line kept; undo reopens it.
file=$(grep -l "SUMMARY:Renew passport" "$W/vdir/todos"/*.ics)
cp "$file" "$W/before.ics"
tm done "Renew passport" >/dev/null
t todoman --porcelain list --status COMPLETED | grep -q '"summary": "Renew passport"' || fail "todoman does not see it completed"
changed="STATUS|COMPLETED|PERCENT-COMPLETE|SEQUENCE|LAST-MODIFIED|DTSTAMP"
grep -vE "^($changed)[;:]" "$W/before.ics" | while IFS= read -r line; do
  grep -qxF -- "$line" "$file" || fail "a line todoman wrote is gone: $line"
done
tm undo "Renew passport" >/dev/null
t todoman --porcelain list | grep -q '"summary": "Renew passport"' || fail "undo did not reopen it in todoman"
ok "done from tminus is completed in todoman, every other line kept; undo reopens it"

# 4. Done elsewhere, gone from tminus.
id=$(t todoman --porcelain list | $PY -c "import json,sys; print([t['id'] for t in json.load(sys.stdin) if t['summary'] == 'Water plants'][0])")
t todoman done "$id" >/dev/null
uuid=$(tw rc.json.array=on export | $PY -c "import json,sys; print([t['uuid'] for t in json.load(sys.stdin) if t['description'] == 'File taxes'][0])")
tw "$uuid" done >/dev/null
expect "$(field "Water plants" title)" "MISSING" "a todo done in todoman"
expect "$(field "File taxes" title)" "MISSING" "a task done in Taskwarrior"
ok "items done in todoman and Taskwarrior leave tminus's list"

# 5. done from tminus in Taskwarrior; undo reopens it.
tm done "Backup laptop" >/dev/null
status=$(tw rc.json.array=on export | $PY -c "import json,sys; print([t['status'] for t in json.load(sys.stdin) if t['description'] == 'Backup laptop'][0])")
expect "$status" "completed" "Taskwarrior's status after tminus done"
tm undo "Backup laptop" >/dev/null
status=$(tw rc.json.array=on export | $PY -c "import json,sys; print([t['status'] for t in json.load(sys.stdin) if t['description'] == 'Backup laptop'][0])")
expect "$status" "pending" "Taskwarrior's status after tminus undo"
ok "done and undo from tminus reach Taskwarrior"

# 6. An edit keeps every line it does not change.
file=$(grep -l "SUMMARY:Renew passport" "$W/vdir/todos"/*.ics)
cp "$file" "$W/before.ics"
tm edit "Renew passport" --title "Renew the passport" >/dev/null
grep -q "^SUMMARY:Renew the passport" "$file" || fail "the title was not written"
grep -vE "^(SUMMARY|$changed)[;:]" "$W/before.ics" | while IFS= read -r line; do
  grep -qxF -- "$line" "$file" || fail "edit lost a line: $line"
done
t todoman --porcelain list | grep -q '"summary": "Renew the passport"' || fail "todoman does not see the new title"
ok "an edit changes its line only, and todoman reads it"

# 7. A Taskwarrior title is taken literally (task modify would read '\' as an escape and +word as a
# tag), and the rest of the task stays as Taskwarrior had it (an import replaces a whole task).
tw add "Scan receipts" project:office priority:H due:"$D9" +paper >/dev/null
uuid=$(tw rc.json.array=on export | $PY -c "import json,sys; print([t['uuid'] for t in json.load(sys.stdin) if t['description'] == 'Scan receipts'][0])")
tw "$uuid" annotate "in the blue folder" >/dev/null
task_json() { tw rc.json.array=on "uuid:$uuid" export | $PY -c "
import json, sys
t = json.load(sys.stdin)[0]
for k in ('id', 'urgency', 'modified'): t.pop(k, None)
print(json.dumps(t, sort_keys=True))"; }
before=$(task_json)
title='C:\Users\me\notes +later & "quoted" due:tomorrow'
tm edit "Scan receipts" --title "$title" >/dev/null
after=$(task_json)
expect "$($PY -c "import json,sys; print(json.loads(sys.argv[1])['description'])" "$after")" "$title" "a Taskwarrior title written by tminus"
expect "$($PY -c "import json,sys; t=json.loads(sys.argv[1]); t.pop('description'); print(json.dumps(t, sort_keys=True))" "$after")" \
  "$($PY -c "import json,sys; t=json.loads(sys.argv[1]); t.pop('description'); print(json.dumps(t, sort_keys=True))" "$before")" "the rest of the task after a title edit"
if ls /tmp/tminus-task-import.* >/dev/null 2>&1; then fail "an import file was left in /tmp"; fi
ok "a Taskwarrior title is written literally and the task keeps its project, priority, tags, notes and due"
echo "interop: OK"
