#!/usr/bin/env bash
# A person's day in a real Waybar (headless sway, the integration's streaming module and
# style.css): a calendar with a daily meeting beside a deadline. The meeting takes the bar only
# from 15 minutes before it starts (the default "eventLead"); outside that the deadline holds
# it; an open overdue todo makes the state "overdue" while the deadline is days away. Read from
# the screen: the state's colour from style.css and the text by OCR. The same follower runs
# throughout, so each change is also one it picks up live (the calendar rewritten, a todo added).
source "$(dirname "$0")/lib.sh"
need_bar sway
need_bar waybar
command -v grim >/dev/null || fail "grim missing (see Tests/bars/PACKAGES)"
setup_env
start=$SECONDS
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"

bar_user
[ "$(id -u)" = 0 ] && chmod 755 "$ART"
as_user test -x "$TMINUS" || skip "the bar user cannot execute $TMINUS (put the build somewhere world-readable)"

# The calendar: a daily 15-minute "Standup" whose first instance starts $1 minutes from now.
calendar() {
    local first
    first=$(date -u -d "+$1 minutes" +%Y%m%dT%H%M00Z)
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tminus tests//day//EN\r\nBEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Standup\r\nDTSTART:%s\r\nDURATION:PT15M\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$first" >"$TMP/day.ics.new"
    chmod 644 "$TMP/day.ics.new"; mv "$TMP/day.ics.new" "$TMP/day.ics"
}
calendar 40
mkdir -p "$TMP/config/tminus"
printf '{ "sources": [ { "name": "work", "kind": "ics", "path": "%s" } ] }\n' "$TMP/day.ics" >"$TMP/config/tminus/config.json"
[ "$(id -u)" = 0 ] && chown -R "$U" "$TMP/config"
as_user tminus add Thesis --due +2d >/dev/null || fail "tminus add"

cat >"$TMP/style.css" <<CSS
* { font-family: "DejaVu Sans"; font-size: 16px; }
window#waybar { background: #000000; color: #ffffff; }
@import url("file://$INTEGRATIONS/waybar/style.css");
CSS
"$TMINUS" setup waybar --full >"$TMP/config.jsonc" 2>/dev/null || fail "tminus setup waybar"
cat >"$TMP/sway.conf" <<CONF
output HEADLESS-1 resolution 1024x200
exec sh -c 'echo \$\$ >$TMP/waybar.pid; exec waybar -c $TMP/config.jsonc -s $TMP/style.css >$TMP/waybar.log 2>&1'
CONF
chmod 644 "$TMP/style.css" "$TMP/sway.conf" "$TMP/config.jsonc"
as_user env WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    sh -c 'echo $$ >"$1/sway.pid"; exec sway -c "$1/sway.conf"' sh "$TMP" >"$TMP/sway.log" 2>&1 &
BG_PIDS+=($!)
wait_for 15 bash -c "ls '$TMP/run' 2>/dev/null | grep -q '^wayland-[0-9]*$'" || { cat "$TMP/sway.log"; fail "sway did not start"; }
WD=$(ls "$TMP/run" | grep '^wayland-[0-9]*$' | head -1)
wait_for 15 bash -c "grep -q 'Bar configured' '$TMP/waybar.log' 2>/dev/null" || sleep 3

# shot NAME R G B: a screenshot; how many pixels of the bar are near the colour, and its text.
shot() {
    as_user env WAYLAND_DISPLAY="$WD" grim "$TMP/$1.png" || { cat "$TMP/sway.log" "$TMP/waybar.log"; fail "grim failed"; }
    cp "$TMP/$1.png" "$ART/waybar-day-$1.png" 2>/dev/null
    n=$(near_pixels "$TMP/$1.png" 1024x60+0+0 "$2" "$3" "$4")
    text=$(command -v tesseract >/dev/null && ocr_text "$TMP/$1.png" 1024x40+0+0 400% negate)
    echo "waybar-day: $1: $n pixels near rgb($2,$3,$4); text: $text"
}
# The meeting is 40 minutes away: the deadline holds the bar (normal, #a3be8c).
sleep 2
shot deadline 163 190 140
[ "$n" -ge 40 ] || fail "40 minutes before the meeting the bar is not the deadline's normal state (only $n pixels of #a3be8c)"
case "${text:-Thesis}" in *Thesis*) ;; *) fail "40 minutes before the meeting the bar reads '$text', not Thesis" ;; esac
# Ten minutes before it: the meeting takes the bar (under an hour: critical, #bf616a background).
calendar 10
sleep 2.5
shot meeting 191 97 106
[ "$n" -ge 500 ] || fail "10 minutes before the meeting the bar does not show it (only $n pixels of #bf616a)"
case "${text:-Standup}" in *Standup*) ;; *) fail "10 minutes before the meeting the bar reads '$text', not Standup" ;; esac
# The meeting 40 minutes away again, and a todo an hour overdue: the deadline's text in the
# overdue state's colour (#d08770).
calendar 40
as_user tminus todo "Call mom" --due "$(date -d '-1 hour' +%Y-%m-%dT%H:%M)" >/dev/null || fail "tminus todo"
sleep 2.5
shot overdue 208 135 112
[ "$n" -ge 40 ] || fail "with an overdue todo the bar is not in the overdue state (only $n pixels of #d08770)"
case "${text:-Thesis}" in *Thesis*) ;; *) fail "with an overdue todo the bar reads '$text', not the deadline" ;; esac
grep -qi "markup" "$TMP/waybar.log" && fail "Waybar logged a markup error"
echo "PASS: waybar-day: the deadline, the meeting in its lead (critical), the deadline again with an overdue todo (overdue colour), one follower ($((SECONDS - start)) s)"
