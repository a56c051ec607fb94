#!/usr/bin/env bash
# KDE Plasma 5.27's plasmoidviewer under Xvfb with the applet as `tminus setup plasma` installs it
# (kpackagetool5). A deadline titled  <b>Bold</b> & #{x}  due in 30 minutes and a todo titled
# Buy <i>milk</i>: a screenshot shows both as written (plain text, no markup; read back by
# OCR), the countdown in the critical colour #bf616a, moving between two screenshots. Then once
# in German (LANG=de_DE.UTF-8): the "Next deadline" button says what the applet's
# contents/locale/de catalog gives (read by Python's gettext; OCR drops the accents).
source "$(dirname "$0")/lib.sh"
need_bar plasmoidviewer
for b in xvfb-run dbus-run-session kpackagetool5 tesseract convert import; do command -v $b >/dev/null || fail "$b missing (see Tests/bars/PACKAGES)"; done
setup_env
start=$SECONDS
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"
desktop_session
tminus todo 'Buy <i>milk</i>' >/dev/null || fail "tminus todo"
"$TMINUS" setup plasma >"$TMP/setup.out" 2>"$TMP/setup.err" || { cat "$TMP/setup.out" "$TMP/setup.err"; fail "tminus setup plasma"; }
cat "$TMP/setup.out"
QML="$HOME/.local/share/plasma/plasmoids/org.tminus.countdown/contents/ui/main.qml"
[ -f "$QML" ] || fail "setup plasma did not install the applet"
grep -qF "readonly property string tminus: \"$TMINUS\"" "$QML" || grep -qF "readonly property string tminus: \"$(readlink -f "$TMINUS")\"" "$QML" \
    || fail "main.qml does not name this binary"

# A look every 2 s until two looks in a row show the critical colour (up to 180 s: on a machine
# busy with a build, plasmoidviewer drew nothing coloured in 90 s), read here while the session
# goes on; the first of the two and the second are compared (the countdown moved between them).
rm -f "$TMP"/look-*.png "$TMP/looked"
timeout 190 xvfb-run -a -s '-screen 0 800x400x24' dbus-run-session sh -c "
    plasmoidviewer -a org.tminus.countdown -s 600x300 >'$TMP/viewer.log' 2>&1 &
    n=0
    for i in \$(seq 1 90); do
        sleep 2; [ -f '$TMP/looked' ] && break
        import -window root 'png:$TMP/look.tmp' && n=\$((n + 1)) && mv '$TMP/look.tmp' '$TMP/look-'\$n'.png'
    done; kill \$! 2>/dev/null" >"$TMP/session.log" 2>&1 &
session=$!
colour=0 shot=1 coloured="" first_c=""
# countdown N: the countdown OCR reads in look N (empty when the look was taken mid-draw).
countdown() { ocr_text "$TMP/look-$1.png" 600x300+0+0 300% | grep -oE '[0-9]+ minutes [0-9]+ seconds' | head -1; }
while :; do
    if [ -f "$TMP/look-$shot.png" ]; then
        # (Qt may draw #bf616a a step off: within 3 of each channel counts.)
        colour=$(near_pixels "$TMP/look-$shot.png" 600x300+0+0 191 97 106)
        cp "$TMP/look-$shot.png" "$ART/plasma.png"
        if [ "$colour" -ge 50 ] && [ -n "$coloured" ]; then
            cp "$TMP/look-$coloured.png" "$TMP/one.png"
            # Done once this look's countdown differs from the first coloured look's; a look
            # taken mid-draw (nothing to read) or within the same second is followed by more, as
            # long as the session takes them (a loaded machine's applet draws late).
            now_c=$(countdown "$shot")
            if [ -z "$first_c" ]; then first_c=$(countdown "$coloured"); [ -n "$first_c" ] || coloured=$shot; fi
            if [ -n "$first_c" ] && [ -n "$now_c" ] && [ "$first_c" != "$now_c" ]; then
                touch "$TMP/looked"
                break
            fi
            shot=$((shot + 1))
            continue
        fi
        [ "$colour" -ge 50 ] && coloured=$shot
        shot=$((shot + 1))
    elif kill -0 "$session" 2>/dev/null; then
        sleep 0.5
    else
        break
    fi
done
wait "$session" || true
[ -s "$ART/plasma.png" ] || { tail -n 20 "$TMP/viewer.log" "$TMP/session.log"; fail "no screenshot"; }
grep -E "main.qml:[0-9]+" "$TMP/viewer.log" && fail "the applet's QML reported an error"
[ "$colour" -ge 50 ] || fail "no text in the critical colour #bf616a ($colour pixels; screenshot $ART/plasma.png)"
first=$(ocr_text "$TMP/one.png" 600x300+0+0 300%); second=$(ocr_text "$ART/plasma.png" 600x300+0+0 300%)
echo "OCR: $second"
grep -qF '<b>Bold</b>' <<<"$second" || fail "the title's <b>…</b> was not shown literally"
grep -qF '<i>milk</i>' <<<"$second" || fail "the todo's <i>…</i> was not shown literally"
c1=$(grep -oE '[0-9]+ minutes [0-9]+ seconds' <<<"$first" | head -1); c2=$(grep -oE '[0-9]+ minutes [0-9]+ seconds' <<<"$second" | head -1)
# (A look taken while the applet was still drawing may hold no countdown to read: then the earlier
# looks are read, the first with one that differs from the last look's.)
if [ -n "$c2" ] && { [ -z "$c1" ] || [ "$c1" = "$c2" ]; }; then
    for n in $(seq 1 $((shot - 1))); do
        [ -f "$TMP/look-$n.png" ] || continue
        c=$(ocr_text "$TMP/look-$n.png" 600x300+0+0 300% | grep -oE '[0-9]+ minutes [0-9]+ seconds' | head -1)
        if [ -n "$c" ] && [ "$c" != "$c2" ]; then c1=$c; break; fi
    done
fi
[ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] || fail "the countdown did not move ($c1 → $c2)"

locale -a 2>/dev/null | grep -qix 'de_DE.utf8' || localedef -i de_DE -f UTF-8 de_DE.UTF-8 || fail "no de_DE.UTF-8 locale (localedef)"
MO="$HOME/.local/share/plasma/plasmoids/org.tminus.countdown/contents/locale/de/LC_MESSAGES/plasma_applet_org.tminus.countdown.mo"
[ -f "$MO" ] || fail "setup plasma did not install the German catalog"
next=$(python3 -c 'import gettext, sys, unicodedata
t = gettext.GNUTranslations(open(sys.argv[1], "rb")).gettext("Next deadline")
print("".join(c for c in unicodedata.normalize("NFKD", t) if not unicodedata.combining(c)))' "$MO") || fail "Python cannot read $MO"
[ "$next" != "Next deadline" ] || fail "the German catalog has no \"Next deadline\" (po/de.po)"
# A look every 3 s until the OCR reads the button (up to 180 s, as above), read here while the
# session goes on; it ends at the first one found.
rm -f "$TMP"/plasma-de-*.png "$TMP/de-found"
timeout 190 xvfb-run -a -s '-screen 0 800x400x24' dbus-run-session sh -c "
    LANG=de_DE.UTF-8 LANGUAGE= LC_ALL= LC_MESSAGES= plasmoidviewer -a org.tminus.countdown -s 600x300 >'$TMP/viewer-de.log' 2>&1 &
    n=0
    for i in \$(seq 1 60); do
        sleep 3; [ -f '$TMP/de-found' ] && break
        import -window root 'png:$TMP/plasma-de.tmp' && n=\$((n + 1)) && mv '$TMP/plasma-de.tmp' '$TMP/plasma-de-'\$n'.png'
    done; kill \$! 2>/dev/null" >"$TMP/session-de.log" 2>&1 &
session=$!
german="" shot=1
while :; do
    if [ -f "$TMP/plasma-de-$shot.png" ]; then
        cp "$TMP/plasma-de-$shot.png" "$ART/plasma-de.png"
        german=$(ocr_text "$ART/plasma-de.png" 600x300+0+0 300%)
        grep -qF "$next" <<<"$german" && { touch "$TMP/de-found"; break; }
        shot=$((shot + 1))
    elif kill -0 "$session" 2>/dev/null; then
        sleep 0.5
    else
        break
    fi
done
wait "$session" || true
echo "OCR (de): $german"
grep -qF "$next" <<<"$german" || fail "the applet does not say \"$next\" in German (screenshot $ART/plasma-de.png)"
echo "PASS: plasma 5 plasmoidviewer ($((SECONDS - start)) s; $c1 → $c2; titles shown as written; German: $next)"
