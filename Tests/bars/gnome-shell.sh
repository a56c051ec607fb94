#!/usr/bin/env bash
# GNOME Shell 43 headless (a virtual monitor, Wayland, no X11) with the extension as `tminus
# setup gnome` installs it, as root (the shell needs a system bus and no logind: both made here).
# A deadline titled  <b>Bold</b> & #{x}  starting in 10 minutes (inside an event's 15-minute lead:
# before it, a calendar's event does not hold the bar), an event of GNOME's own calendar (put in
# Evolution Data Server through libecal, as GNOME Calendar would; read by a gnome source, the
# config `setup gnome` offers, the tminus store empty): the top bar shows it literally (plain
# label, no markup; OCR of a screenshot through org.gnome.Shell.Screenshot), in the critical colour
# #bf616a from stylesheet.css; one `tminus show --format json --follow` child runs (not a poll);
# when it is killed the extension starts another; disabling the extension ends it. The session
# speaks German (LANG=de_DE.UTF-8): the menu's own "Next deadline" is the one the extension's
# locale/de/LC_MESSAGES/tminus.mo gives (read by Python's gettext), and the large family's lines
# are tminus's German (the menu read over org.gnome.Shell.Eval, the shell in unsafe mode).
source "$(dirname "$0")/lib.sh"
need_bar gnome-shell
[ "$(id -u)" = 0 ] || skip "needs root (a system bus, a mount namespace to hide logind)"
for b in gdbus unshare dbus-daemon dbus-send dbus-run-session gsettings tesseract convert python3; do command -v $b >/dev/null || fail "$b missing"; done
/usr/bin/python3 -c 'import gi' 2>/dev/null || fail "python3-gi missing (see Tests/bars/PACKAGES)"
setup_env
start=$SECONDS
locale -a 2>/dev/null | grep -qix 'de_DE.utf8' || localedef -i de_DE -f UTF-8 de_DE.UTF-8 || fail "no de_DE.UTF-8 locale (localedef)"
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"
desktop_session
"$TMINUS" setup gnome >"$TMP/setup.out" 2>"$TMP/setup.err" || { cat "$TMP/setup.err"; fail "tminus setup gnome"; }
cat "$TMP/setup.out"
# The deadline comes from EDS, not from tminus's own store.
rm -rf "$TMINUS_HOME"; mkdir -p "$TMINUS_HOME" "$XDG_CONFIG_HOME/tminus"
grep -q '"kind": "gnome"' "$TMP/setup.err" || fail "setup gnome did not offer the gnome source: $(cat "$TMP/setup.err")"
echo '{ "sources": [ { "name": "gnome", "kind": "gnome" } ] }' >"$XDG_CONFIG_HOME/tminus/config.json"
/usr/bin/python3 -c 'import gi; gi.require_version("ECal", "2.0")' 2>/dev/null || fail "libecal for Python missing (Tests/gnome/PACKAGES)"
[ -x /usr/libexec/evolution-calendar-factory ] || fail "evolution-data-server missing (Tests/gnome/PACKAGES)"
EXT="$HOME/.local/share/gnome-shell/extensions/tminus@tminus.github.io"
for f in extension.js metadata.json indicator.js stylesheet.css locale/de/LC_MESSAGES/tminus.mo; do [ -f "$EXT/$f" ] || fail "setup gnome did not install $f"; done
grep -qF "\"tminus-binary\": \"$TMINUS\"" "$EXT/metadata.json" || grep -qF "\"tminus-binary\": \"$(readlink -f "$TMINUS")\"" "$EXT/metadata.json" \
    || fail "metadata.json does not name this binary: $(cat "$EXT/metadata.json")"

# A system bus for the shell (it asks it for accounts, power, …).
# (A socket left by a bus that is gone refuses connections: then a new bus.)
if ! dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetId >/dev/null 2>&1; then
    mkdir -p /run/dbus && rm -f /run/dbus/system_bus_socket /run/dbus/pid
    dbus-daemon --system --fork --print-pid >"$TMP/system-bus.pid" || fail "system bus"
    BG_PIDS+=($(cat "$TMP/system-bus.pid"))
fi

cp "$BARS_DIR/gnome-shot.py" "$TMP/shot.py"
cp "$BARS_DIR/gnome-eds.py" "$TMP/eds.py"
cat >"$TMP/inner.sh" <<INNER
#!/bin/sh
rm -f "\$XDG_RUNTIME_DIR/gnome-shell-disable-extensions"
gsettings set org.gnome.shell disable-user-extensions false
gsettings set org.gnome.shell enabled-extensions "['tminus@tminus.github.io']"
/usr/bin/python3 "$TMP/eds.py" '<b>Bold</b> & #{x}' >"$TMP/eds.log" 2>&1
LANG=de_DE.UTF-8 LANGUAGE= LC_ALL= LC_MESSAGES= gnome-shell --headless --unsafe-mode --virtual-monitor 1280x800 --wayland --no-x11 >"$TMP/shell.log" 2>&1 &
echo \$! >"$TMP/shell.pid"
i=0; until [ -S "\$XDG_RUNTIME_DIR/wayland-0" ] || [ \$i -ge 60 ]; do sleep 0.5; i=\$((i+1)); done
sleep 8
/usr/bin/python3 "$TMP/shot.py" "$TMP/one.png" >"$TMP/shot.log" 2>&1
sleep 2
/usr/bin/python3 "$TMP/shot.py" "$ART/gnome-shell.png" >>"$TMP/shot.log" 2>&1
# (In UTF-8 whatever the caller's locale: gdbus writes other characters as ? under C.)
LC_ALL=C.UTF-8 gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell --method org.gnome.Shell.Eval \
    "Main.panel.statusArea['tminus@tminus.github.io'].menu._getMenuItems().map(i => i.label ? i.label.text : '').join(' | ')" >"$TMP/menu.txt" 2>&1
pgrep -f -- "show --format json --follow" >"$TMP/children.1"
# A child that dies is started again (after a second).
pkill -f -- "show --format json --follow"
sleep 3
pgrep -f -- "show --format json --follow" >"$TMP/children.2"
gsettings set org.gnome.shell enabled-extensions "[]"
sleep 2
pgrep -f -- "show --format json --follow" >"$TMP/children.3"
kill \$(cat "$TMP/shell.pid")
wait
INNER
chmod +x "$TMP/inner.sh"
timeout 90 unshare -m sh -c "mount -t tmpfs none /run/systemd 2>/dev/null; dbus-run-session '$TMP/inner.sh'" >"$TMP/session.log" 2>&1
[ -s "$ART/gnome-shell.png" ] || { tail -n 30 "$TMP/shell.log" "$TMP/shot.log" "$TMP/session.log"; fail "no screenshot"; }
grep -q '^put ' "$TMP/eds.log" || { cat "$TMP/eds.log"; fail "libecal could not put the event in EDS"; }
# (The extension logs nothing when all is well: any trace through its files is an error.)
grep -n "tminus@tminus.github.io" "$TMP/shell.log" && fail "the shell logged an error in the extension"
# (The shell draws #bf616a as #be6069: within 3 of each channel counts.)
colour=$(near_pixels "$ART/gnome-shell.png" 1280x32+0+0 191 97 106)
[ "$colour" -ge 50 ] || fail "no text in the critical colour #bf616a in the top bar ($colour pixels; screenshot $ART/gnome-shell.png)"
first=$(ocr_text "$TMP/one.png" 1280x32+0+0 300%); second=$(ocr_text "$ART/gnome-shell.png" 1280x32+0+0 300%)
echo "OCR: $first / $second"
grep -qF '<b>Bold</b>' <<<"$second" || fail "the title's <b>…</b> was not shown literally"
c1=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$first" | tail -1); c2=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$second" | tail -1)
[ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] || fail "the countdown did not move ($c1 → $c2)"
# German: the extension's own words from its catalog, tminus's from its own.
next=$(/usr/bin/python3 -c 'import gettext, sys; print(gettext.GNUTranslations(open(sys.argv[1], "rb")).gettext("Next deadline"))' \
    "$EXT/locale/de/LC_MESSAGES/tminus.mo") || fail "Python cannot read the German catalog"
echo "menu: $(cat "$TMP/menu.txt")"
[ "$next" != "Next deadline" ] || fail "the German catalog has no \"Next deadline\" (po/de.po)"
grep -qF "$next" "$TMP/menu.txt" || fail "the menu does not say \"$next\": $(cat "$TMP/menu.txt")"
grep -qF 'fällig' "$TMP/menu.txt" || fail "the menu's large family is not German: $(cat "$TMP/menu.txt")"
[ "$(wc -l <"$TMP/children.1")" = 1 ] || fail "not exactly one follower child: $(cat "$TMP/children.1")"
[ "$(wc -l <"$TMP/children.2")" = 1 ] || fail "a killed child was not started again"
[ "$(cat "$TMP/children.1")" != "$(cat "$TMP/children.2")" ] || fail "the child was not replaced"
[ ! -s "$TMP/children.3" ] || fail "disabling the extension left its child running"
echo "PASS: gnome-shell 43 ($((SECONDS - start)) s; $c1 → $c2; one follower, restarted when killed, gone when disabled; German menu: $next)"
