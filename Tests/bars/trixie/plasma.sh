#!/usr/bin/env bash
# KDE Plasma 6.3's plasmoidviewer (Debian 13, in a chroot: chroot.sh) under Xvfb with the applet as
# `tminus setup plasma` installs it there (kpackagetool6: the Plasma 6 applet, integrations/plasma6).
# A deadline titled <b>Bold</b> & #{x} due in 30 minutes and a todo titled Buy <i>milk</i>: the
# popup shows both as written (plain text; screenshots read back by OCR on the host), the
# countdown moving, in the critical colour #bf616a; then the compact label in a panel.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/chroot.sh"
trixie_test plasma
# inner.sh SCREEN SIZE [plasmoidviewer options…]: one viewer, two screenshots two seconds apart.
cat >"$T/inner.sh" <<INNER
#!/bin/sh
screen=\$1 size=\$2; shift 2
export HOME=$IN/user XDG_RUNTIME_DIR=$IN/run TMINUS_HOME=$IN/home XDG_CONFIG_HOME=$IN/config
rm -rf $IN/config; mkdir -p \$HOME \$XDG_RUNTIME_DIR; chmod 700 \$XDG_RUNTIME_DIR
if [ ! -e $IN/home ]; then
    tminus add '<b>Bold</b> & #{x}' --due +30m >/dev/null || exit 3
    tminus todo 'Buy <i>milk</i>' >/dev/null || exit 3
    tminus setup plasma >$IN/setup.out 2>&1 || exit 4
fi
timeout 60 xvfb-run -a -s "-screen 0 \${screen}x24" dbus-run-session sh -c "
    plasmoidviewer -a org.tminus.countdown -s \$size \$* >$IN/viewer.log 2>&1 &
    sleep 12; xwd -root -silent -out $IN/one.xwd; sleep 2; xwd -root -silent -out $IN/two.xwd; kill \\\$! 2>/dev/null" >$IN/session.log 2>&1
exit 0
INNER
qml_errors() {
    # (Plasma 6's desktop containment logs a binding loop of its own main.qml on every start.)
    grep -E "main.qml:[0-9]+|error when loading applet|Component is not ready|not compatible with Plasma" "$T/viewer.log" \
        | grep -v org.kde.desktopcontainment
}
# 1. The popup (the full representation) on the desktop containment: a 1000x700 window, as the
# viewer puts the applet at 320,240 under its toolbar.
trixie_enter sh "$IN/inner.sh" 1200x800 1000x700; rc=$?
cat "$T/setup.out" 2>/dev/null
[ $rc = 0 ] || fail "the session in the chroot failed (exit $rc)"
grep -q "Plasma 6 applet" "$T/setup.out" || fail "setup plasma did not install the Plasma 6 applet"
[ -s "$T/two.xwd" ] || { tail -n 20 "$T/viewer.log" "$T/session.log"; fail "no screenshot"; }
qml_errors && fail "the applet's QML reported an error"
convert "xwd:$T/one.xwd" "$T/one.png" && convert "xwd:$T/two.xwd" "$ART/plasma-6.png" || fail "convert"
# Colour only within the applet (the default wallpaper is pink, near #bf616a): its rectangle as
# the viewer stored it.
geo=$(grep -oE 'ItemGeometries-1000x700=Applet-[0-9]+:[0-9]+,[0-9]+,[0-9]+,[0-9]+' "$T/config/plasmoidviewer-appletsrc" | sed 's/.*://')
IFS=, read -r ax ay aw ah <<<"$geo"
[ -n "${ah:-}" ] || fail "no applet geometry in plasmoidviewer-appletsrc"
colour=$(near_pixels "$ART/plasma-6.png" "${aw}x${ah}+${ax}+${ay}" 191 97 106)
first=$(ocr_text "$T/one.png" 1000x700+0+0 300%); second=$(ocr_text "$ART/plasma-6.png" 1000x700+0+0 300%)
echo "OCR: $second; #bf616a pixels in the applet (${aw}x${ah}+${ax}+${ay}): $colour"
[ "$colour" -ge 50 ] || fail "no text in the critical colour #bf616a in the applet ($colour pixels)"
grep -qF '<b>Bold</b> & #{x}' <<<"$second" || fail "the title's <b>…</b> was not shown literally"
grep -qF '<i>milk</i>' <<<"$second" || fail "the todo's <i>…</i> was not shown literally"
c1=$(grep -oE '[0-9]+ minutes [0-9]+ seconds' <<<"$first" | head -n 1); c2=$(grep -oE '[0-9]+ minutes [0-9]+ seconds' <<<"$second" | head -n 1)
[ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] || fail "the countdown did not move ($c1 → $c2)"
# 2. The compact label in a horizontal panel at the top edge.
trixie_enter sh "$IN/inner.sh" 800x400 600x200 -c org.kde.panel -f horizontal -l topedge || fail "the panel session failed"
[ -s "$T/two.xwd" ] || fail "no panel screenshot"
qml_errors && fail "the applet's QML reported an error in a panel"
convert "xwd:$T/two.xwd" "$ART/plasma-6-panel.png" || fail "convert"
pcolour=$(near_pixels "$ART/plasma-6-panel.png" 600x40+0+0 191 97 106)
panel=$(ocr_text "$ART/plasma-6-panel.png" 600x40+0+0 300%)
echo "panel OCR: $panel; #bf616a pixels: $pcolour"
[ "$pcolour" -ge 50 ] || fail "no text in the critical colour in the panel's label"
grep -qF '<b>Bold</b> & #{x}' <<<"$panel" || fail "the panel's label did not show the title literally"
version=$(trixie_enter dpkg-query -W -f '${Version}' plasma-workspace)
rm -rf "$T"
echo "PASS: Plasma $version plasmoidviewer ($((SECONDS - start)) s): both titles literal, $c1 → $c2 in #bf616a, the panel's label too"
