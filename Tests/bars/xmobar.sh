#!/usr/bin/env bash
# xmobar 0.46 on exactly what `tminus setup xmobar --full` prints (a CommandReader running
# tminus --follow), in its text mode (-TPango: the real parser and layout, written to stdout as
# Pango instead of drawn). A deadline titled with xmobar markup, an <action> that would create a
# file, and the template's }{ and %…% is shown literally in the critical colour, the countdown
# moves, and the file is never created. A control run feeds the same title to xmobar without
# <raw/> and must see it parsed (else this test proves nothing).
source "$(dirname "$0")/lib.sh"
need_bar xmobar
setup_env
start=$SECONDS
cd "$TMP" || fail "cd"

TITLE='<action=`touch F`>Y</action><fc=#00ff00>G</fc>}{%x%'
tminus add "$TITLE" --due +30m >/dev/null || fail "tminus add"
"$TMINUS" setup xmobar --full >"$TMP/xmobarrc" 2>/dev/null || fail "tminus setup xmobar"
grep -qF "Run CommandReader \"$TMINUS show --follow --format xmobar\"" "$TMP/xmobarrc" || fail "setup: not this binary's path"

# (xmobar connects to the session bus at $XDG_RUNTIME_DIR/bus and dies when there is none
# there; without the variable it notes that and goes on. A desktop session has a bus.)
unset XDG_RUNTIME_DIR DBUS_SESSION_BUS_ADDRESS
# (xmobar reads its config in the locale's encoding and dies on UTF-8 under C or POSIX, as with
# no LANG at all; a desktop session has a UTF-8 locale.)
export LC_ALL=C.UTF-8
timeout 4 xmobar -TPango "$TMP/xmobarrc" >"$TMP/out" 2>"$TMP/err"
cat "$TMP/out"
ESCAPED='&lt;action=`touch F`&gt;Y&lt;/action&gt;&lt;fc=#00ff00&gt;G&lt;/fc&gt;}{%x%'
grep -F "foreground=\"#bf616a\" background=\"#000000\">$ESCAPED</span>" "$TMP/out" >/dev/null \
    || fail "the title is not shown literally in the critical colour"
grep -F '#00ff00"' "$TMP/out" >/dev/null && fail "the title's <fc> coloured the bar"
n=$(grep -oE '>[0-9]{2}:[0-9]{2}<' "$TMP/out" | sort -u | wc -l)
[ "$n" -ge 2 ] || fail "the countdown did not move ($n distinct values)"
sleep 0.5
[ -e "$TMP/F" ] && fail "xmobar ran an action from the title"

# control: the same title without <raw/>: xmobar parses it (the green <fc> appears)
printf '%s\n' "$TITLE" >"$TMP/raw"
# (The reader stays a while after its line: one that exits at once can be shown as EXITED before
# xmobar's first refresh, on a loaded machine.)
printf '#!/bin/sh\ncat "%s"\nexec sleep 5\n' "$TMP/raw" >"$TMP/control.sh"
chmod +x "$TMP/control.sh"
sed "s|Run CommandReader \"[^\"]*\"|Run CommandReader \"$TMP/control.sh\"|" "$TMP/xmobarrc" >"$TMP/control"
timeout 4 xmobar -TPango "$TMP/control" >"$TMP/control.out" 2>/dev/null
grep -F 'foreground="#00ff00"' "$TMP/control.out" >/dev/null \
    || { cat "$TMP/control.out"; fail "control: xmobar did not parse markup in a command's output (test cannot detect injection)"; }
echo "PASS: xmobar ($((SECONDS - start)) s; title literal, control run parsed the same title unwrapped)"
