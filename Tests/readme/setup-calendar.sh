#!/usr/bin/env bash
# The calendar of docs/calendar.md: what vdirsyncer leaves in
# ~/.local/share/calendars/work after a sync (one .ics file per item, named at random), and the
# config that names it. A weekly standup (Mondays 09:30 in Berlin, since September) and a todo
# (due Friday 2026-11-27, priority 1, category billing), as a CalDAV server sends them. tminus
# numbers a vdir's items in the order of their files' names: the standup's sorts first (#1).
# Run by Tests/readme/run.sh with HOME (a temp dir standing in for /home/you) and H (the tminus
# home; the config is $H/config.json).
set -eu
work="$HOME/.local/share/calendars/work"
mkdir -p "$work"
printf '%s\r\n' \
    'BEGIN:VCALENDAR' 'VERSION:2.0' 'PRODID:-//Nextcloud calendar//EN' \
    'BEGIN:VEVENT' 'UID:7f3c2a90-standup@example.org' 'DTSTAMP:20260901T080000Z' \
    'SUMMARY:Standup' \
    'DTSTART;TZID=Europe/Berlin:20260907T093000' 'DTEND;TZID=Europe/Berlin:20260907T094500' \
    'RRULE:FREQ=WEEKLY;BYDAY=MO' \
    'END:VEVENT' 'END:VCALENDAR' >"$work/2c9a0f3e51d74e61.ics"
printf '%s\r\n' \
    'BEGIN:VCALENDAR' 'VERSION:2.0' 'PRODID:-//Nextcloud tasks//EN' \
    'BEGIN:VTODO' 'UID:b52e77d1-invoice@example.org' 'DTSTAMP:20261116T120000Z' \
    'SUMMARY:Send the invoice' 'DUE;VALUE=DATE:20261127' 'PRIORITY:1' 'CATEGORIES:billing' \
    'STATUS:NEEDS-ACTION' 'SEQUENCE:0' \
    'END:VTODO' 'END:VCALENDAR' >"$work/8d1e6b1c4a0f4b0e.ics"
cat >"$H/config.json" <<'JSON'
{
  "sources": [
    { "name": "work", "kind": "vdir", "path": "~/.local/share/calendars/work" },
  ]
}
JSON
