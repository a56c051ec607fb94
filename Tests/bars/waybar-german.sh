#!/usr/bin/env bash
# Waybar in German (headless sway, LANG=de_DE.UTF-8 for the whole session, as a German desktop
# has it): the module's text on the screen is German (OCR: "Std." in "Thesis 1 T. 5 Std."), and
# the tooltip Waybar was handed (the calendar tooltip, "tooltip": "calendar") names the month in
# German and starts its weeks on Monday (Mo), as de_DE's LC_TIME says. What Waybar read is kept
# by a tee between tminus and Waybar: a tooltip is drawn only under a pointer, which a headless
# compositor has none of.
source "$(dirname "$0")/lib.sh"
need_bar sway
need_bar waybar
command -v grim >/dev/null || fail "grim missing (see Tests/bars/PACKAGES)"
command -v tesseract >/dev/null || fail "tesseract missing (see Tests/bars/PACKAGES)"
setup_env
start=$SECONDS
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"
if ! locale -a 2>/dev/null | grep -qix 'de_DE.utf-\?8'; then
    if [ "$(id -u)" = 0 ] && command -v localedef >/dev/null; then localedef -i de_DE -f UTF-8 de_DE.UTF-8; fi
    locale -a 2>/dev/null | grep -qix 'de_DE.utf-\?8' || skip "no de_DE.UTF-8 locale (root makes it with localedef)"
fi

bar_user
[ "$(id -u)" = 0 ] && chmod 755 "$ART"
as_user test -x "$TMINUS" || skip "the bar user cannot execute $TMINUS (put the build somewhere world-readable)"
mkdir -p "$TMP/config/tminus"
printf '{ "tooltip": "calendar" }\n' >"$TMP/config/tminus/config.json"
[ "$(id -u)" = 0 ] && chown -R "$U" "$TMP/config"
as_user tminus add Thesis --due +29h >/dev/null || fail "tminus add"

cat >"$TMP/style.css" <<CSS
* { font-family: "DejaVu Sans"; font-size: 16px; }
window#waybar { background: #000000; color: #ffffff; }
@import url("file://$INTEGRATIONS/waybar/style.css");
CSS
cat >"$TMP/config.jsonc" <<CONF
{
  "layer": "top", "position": "top", "height": 30, "modules-left": ["custom/tminus"],
  "custom/tminus": {
    "exec": "$TMINUS show --follow --format waybar | tee $TMP/waybar-de.jsonl",
    "return-type": "json", "format": "{}", "tooltip": true
  }
}
CONF
cat >"$TMP/sway.conf" <<CONF
output HEADLESS-1 resolution 1024x200
exec sh -c 'echo \$\$ >$TMP/waybar.pid; exec waybar -c $TMP/config.jsonc -s $TMP/style.css >$TMP/waybar.log 2>&1'
CONF
touch "$TMP/waybar-de.jsonl"
chmod 644 "$TMP/style.css" "$TMP/sway.conf" "$TMP/config.jsonc"
chmod 666 "$TMP/waybar-de.jsonl"
as_user env LANG=de_DE.UTF-8 WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    sh -c 'echo $$ >"$1/sway.pid"; exec sway -c "$1/sway.conf"' sh "$TMP" >"$TMP/sway.log" 2>&1 &
BG_PIDS+=($!)
wait_for 15 bash -c "ls '$TMP/run' 2>/dev/null | grep -q '^wayland-[0-9]*$'" || { cat "$TMP/sway.log"; fail "sway did not start"; }
WD=$(ls "$TMP/run" | grep '^wayland-[0-9]*$' | head -1)
wait_for 15 bash -c "grep -q 'Bar configured' '$TMP/waybar.log' 2>/dev/null" || sleep 3
wait_for 10 bash -c "[ -s '$TMP/waybar-de.jsonl' ]" || { cat "$TMP/waybar.log"; fail "Waybar's module printed nothing"; }
sleep 2
as_user env WAYLAND_DISPLAY="$WD" grim "$TMP/de.png" || { cat "$TMP/sway.log" "$TMP/waybar.log"; fail "grim failed"; }
cp "$TMP/de.png" "$ART/waybar-german.png" 2>/dev/null
text=$(ocr_text "$TMP/de.png" 1024x40+0+0 400% negate)
line=$(tail -n 1 "$TMP/waybar-de.jsonl")
echo "waybar-german: on screen: $text"
echo "waybar-german: Waybar read: $line"
case "$text" in *Std*) ;; *) fail "the bar's text is not German on the screen (OCR: '$text'; Waybar read $line)" ;; esac
python3 - "$line" <<'PY' || fail "the tooltip Waybar read is not the German, Monday-first calendar"
import json, sys
tip = json.loads(sys.argv[1])["tooltip"].split("\n")
heads = tip[1].split()
assert "November" in tip[0] or "Dezember" in tip[0], tip[0]
assert heads[:2] == ["Mo", "Di"] and heads[-1] == "So", heads
assert any("fällig" in l for l in tip), tip
print("waybar-german: tooltip:", tip[0].strip(), "/", " ".join(heads), "/", next(l for l in tip if "fällig" in l))
PY
echo "PASS: Waybar in German under sway: the text on screen and a Monday-first German calendar tooltip ($((SECONDS - start)) s)"
