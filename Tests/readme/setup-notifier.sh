#!/usr/bin/env bash
# The notifier of docs/notifications.md having run: `tminus notify --once`
# at 16:45, when the dentist reminder and the "1h before" alert fall due, sending through a
# stand-in notify-send (it prints a notification id, as the real one does with --print-id, and
# logs what it was given) so that no notification server is needed. Run by Tests/readme/run.sh
# with BIN, H, HOME (a temp dir) and TZ.
set -eu
mkdir -p "$HOME/stub"
cat >"$HOME/stub/notify-send" <<'SH'
#!/bin/sh
printf '%s\n' "$*" >>"$HOME/stub/notify-send.log"
echo 7
SH
chmod +x "$HOME/stub/notify-send"
PATH="$HOME/stub:$PATH" timeout 30 "$BIN" --home "$H" --config "$H/config.json" --now 2026-11-22T16:45 notify --once
# Both were sent: the alert and the reminder.
[ "$(grep -c '' "$HOME/stub/notify-send.log")" = 2 ] || { cat "$HOME/stub/notify-send.log"; exit 1; }
