#!/usr/bin/env bash
# GNOME Shell 48 (Debian 13, in a chroot: chroot.sh) headless with the extension as `tminus setup
# gnome` installs it there (it reads gnome-shell --version: the ES-module entry for 45 and later).
# The same checks as ../gnome-shell.sh on 43: the extension ACTIVE, a deadline titled
# <b>Bold</b> & #{x} (an event of GNOME's own calendar, put in Debian 13's Evolution Data Server
# through libecal and read by the gnome source) shown literally in the top bar (a screenshot through the shell's screenshot
# interface, read back by OCR on the host) in #bf616a, the countdown moving, exactly one
# `tminus show --format json --follow` child, a killed one started again, none left once disabled.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/chroot.sh"
trixie_test gnome
cp "$BARS_DIR/gnome-shot.py" "$T/shot.py"
cp "$BARS_DIR/gnome-eds.py" "$T/eds.py"
cat >"$T/session.sh" <<SESSION
#!/bin/sh
rm -f "\$XDG_RUNTIME_DIR/gnome-shell-disable-extensions"
gsettings set org.gnome.shell disable-user-extensions false
gsettings set org.gnome.shell enabled-extensions "['tminus@tminus.github.io']"
python3 $IN/eds.py '<b>Bold</b> & #{x}' >$IN/eds.log 2>&1
gnome-shell --headless --virtual-monitor 1280x800 --wayland --no-x11 >$IN/shell.log 2>&1 &
echo \$! >$IN/shell.pid
i=0; until [ -S "\$XDG_RUNTIME_DIR/wayland-0" ] || [ \$i -ge 60 ]; do sleep 0.5; i=\$((i+1)); done
sleep 8
python3 $IN/shot.py $IN/one.png >$IN/shot.log 2>&1
sleep 2
python3 $IN/shot.py $IN/two.png >>$IN/shot.log 2>&1
gnome-extensions info tminus@tminus.github.io >$IN/info.txt 2>&1
pgrep -f -- "show --format json --follow" >$IN/children.1
# A child that dies is started again (after a second).
pkill -f -- "show --format json --follow"
sleep 3
pgrep -f -- "show --format json --follow" >$IN/children.2
gsettings set org.gnome.shell enabled-extensions "[]"
sleep 2
pgrep -f -- "show --format json --follow" >$IN/children.3
kill \$(cat $IN/shell.pid)
wait
SESSION
cat >"$T/inner.sh" <<INNER
#!/bin/sh
export HOME=$IN/user XDG_RUNTIME_DIR=$IN/run TMINUS_HOME=$IN/home XDG_CONFIG_HOME=$IN/config
mkdir -p \$HOME \$XDG_RUNTIME_DIR; chmod 700 \$XDG_RUNTIME_DIR
mkdir -p \$XDG_CONFIG_HOME/tminus
echo '{ "sources": [ { "name": "gnome", "kind": "gnome" } ] }' >\$XDG_CONFIG_HOME/tminus/config.json
tminus setup gnome >$IN/setup.out 2>&1 || exit 4
mkdir -p /run/dbus; dbus-daemon --system --fork --print-pid >$IN/system-bus.pid || exit 5
timeout 90 dbus-run-session sh $IN/session.sh >$IN/session.log 2>&1
kill \$(cat $IN/system-bus.pid) 2>/dev/null
exit 0
INNER
trixie_enter sh "$IN/inner.sh"; rc=$?
cat "$T/setup.out" 2>/dev/null
[ $rc = 0 ] || fail "the session in the chroot failed (exit $rc)"
grep -q "for GNOME 48" "$T/setup.out" || fail "setup gnome did not set up for GNOME 48: $(cat "$T/setup.out")"
[ -s "$T/two.png" ] || { tail -n 30 "$T/shell.log" "$T/shot.log" "$T/session.log"; fail "no screenshot"; }
grep -q '^put ' "$T/eds.log" || { cat "$T/eds.log"; fail "libecal could not put the event in Debian 13's EDS"; }
cp "$T/two.png" "$ART/gnome-shell-48.png"
grep -nE "tminus@tminus.github.io|JS ERROR" "$T/shell.log" && fail "the shell logged an error in the extension"
grep -q "State: ACTIVE" "$T/info.txt" || fail "the extension is not active: $(cat "$T/info.txt")"
colour=$(near_pixels "$T/two.png" 1280x32+0+0 191 97 106)
first=$(ocr_text "$T/one.png" 1280x32+0+0 300%); second=$(ocr_text "$T/two.png" 1280x32+0+0 300%)
echo "OCR: $first / $second; #bf616a pixels: $colour"
[ "$colour" -ge 50 ] || fail "no text in the critical colour #bf616a ($colour pixels)"
grep -qF '<b>Bold</b> & #{x}' <<<"$second" || fail "the title was not shown literally: $second"
c1=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$first" | tail -n 1); c2=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$second" | tail -n 1)
[ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] || fail "the countdown did not move ($c1 → $c2)"
[ "$(wc -l <"$T/children.1")" = 1 ] || fail "not exactly one follower child: $(cat "$T/children.1")"
[ "$(wc -l <"$T/children.2")" = 1 ] || fail "a killed child was not started again"
[ "$(cat "$T/children.1")" != "$(cat "$T/children.2")" ] || fail "the child was not replaced"
[ ! -s "$T/children.3" ] || fail "disabling the extension left its child running"
version=$(trixie_enter gnome-shell --version | awk '{print $3}')
rm -rf "$T"
echo "PASS: gnome-shell $version ($((SECONDS - start)) s): the EDS event's title literal, $c1 → $c2 in #bf616a; one follower, started again when killed, gone when disabled"
