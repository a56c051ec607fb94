#!/usr/bin/env bash
# The config of docs/notifications.md's reminders: alerts before every deadline, one day
# and one hour before and when it is over. Run by Tests/readme/run.sh with H (the tminus home;
# the config is $H/config.json).
set -eu
cat >"$H/config.json" <<'JSON'
{
  "alerts": ["1d", "1h", "0"],
}
JSON
