#!/usr/bin/env bash
# A real xfce4-panel 4.18 with the Generic Monitor plugin (xfce4-genmon-plugin 4.1) under Xvfb, on
# what `tminus setup genmon --full` prints (its genmon-1.rc: the command by the binary's path, no
# label, each second). A deadline titled  </txt><txtclick>touch F</txtclick><txt>  due in 30
# minutes: a screenshot shows the text in the critical colour (#bf616a), OCR reads the title back
# as text, the plugin's output holds one <txtclick> (tminus's), and clicking the text never makes
# F. A control run feeds the panel the same title unescaped and sees the title's click command.
source "$(dirname "$0")/lib.sh"
need_bar xfce4-panel
[ -e /usr/lib/x86_64-linux-gnu/xfce4/panel/plugins/libgenmon.so ] || ls /usr/lib/*/xfce4/panel/plugins/libgenmon.so >/dev/null 2>&1 \
    || skip "xfce4-genmon-plugin is not installed"
for b in Xvfb import xdotool tesseract dbus-run-session; do command -v $b >/dev/null || fail "$b missing (see Tests/bars/PACKAGES)"; done
setup_env
start=$SECONDS
FILE="$TMP/F"
tminus add "</txt><txtclick>touch $FILE</txtclick><txt>" --due +30m >/dev/null || fail "tminus add"
out=$("$TMINUS" show --format genmon)
[ "$(grep -o '<txtclick>' <<<"$out" | wc -l)" = 1 ] || fail "the output holds more than one <txtclick>: $out"
grep -qF "<txtclick>$TMINUS next</txtclick>" <<<"$out" || grep -qF "<txtclick>$(readlink -f "$TMINUS") next</txtclick>" <<<"$out" \
    || fail "the click is not tminus next by its path: $out"

# A fresh panel: one panel at the top, one plugin, genmon's settings as setup prints them.
panel() {   # $1: the genmon command; $2: a name for this run
    local H="$TMP/$2"
    mkdir -p "$H/.config/xfce4/xfconf/xfce-perchannel-xml" "$H/.config/xfce4/panel"
    cat >"$H/.config/xfce4/xfconf/xfce-perchannel-xml/xfce4-panel.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<channel name="xfce4-panel" version="1.0">
  <property name="panels" type="array"><value type="int" value="1"/></property>
  <property name="panels" type="empty">
    <property name="panel-1" type="empty">
      <property name="position" type="string" value="p=6;x=0;y=0"/>
      <property name="length" type="uint" value="100"/>
      <property name="size" type="uint" value="30"/>
      <property name="plugin-ids" type="array"><value type="int" value="1"/></property>
    </property>
  </property>
  <property name="plugins" type="empty">
    <property name="plugin-1" type="string" value="genmon"/>
  </property>
</channel>
XML
    "$TMINUS" setup genmon --full --binary "$1" >"$H/.config/xfce4/panel/genmon-1.rc" 2>/dev/null || fail "tminus setup genmon"
    D=:$((60 + RANDOM % 200))
    Xvfb "$D" -screen 0 900x200x24 -nolisten tcp >"$TMP/xvfb-$2.log" 2>&1 &
    BG_PIDS+=($!)
    wait_for 10 xdpyinfo -display "$D" >/dev/null 2>&1 || fail "Xvfb did not start"
    env HOME="$H" XDG_CONFIG_HOME="$H/.config" DISPLAY="$D" setsid dbus-run-session xfce4-panel --disable-wm-check >"$TMP/panel-$2.log" 2>&1 &
    BG_PIDS+=($!)
    PANEL_DISPLAY=$D
}
# The command line genmon runs: a script that runs tminus (the same output), and a control that
# prints the title raw.
panel "$TMINUS" tminus
sleep 6
DISPLAY=$PANEL_DISPLAY import -window root "$TMP/one.png" || fail "screenshot"
sleep 1.5
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"
DISPLAY=$PANEL_DISPLAY import -window root "$ART/xfce-genmon.png" || fail "screenshot"
colour=$(near_pixels "$ART/xfce-genmon.png" 900x30+0+0 191 97 106)
[ "$colour" -ge 1 ] || { cat "$TMP/panel-tminus.log"; fail "no text in the critical colour #bf616a (screenshot $ART/xfce-genmon.png)"; }
first=$(ocr_text "$TMP/one.png" 900x30+0+0 400% negate); second=$(ocr_text "$ART/xfce-genmon.png" 900x30+0+0 400% negate)
echo "OCR: $first / $second"
grep -qF '</txt><txtclick>touch' <<<"$second" || fail "the title was not shown as text"
c1=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$first" | tail -1); c2=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$second" | tail -1)
[ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] || fail "the countdown did not move ($c1 → $c2)"
# Click along the panel: genmon runs its <txtclick> (tminus next), never the title's.
for x in 40 120 200 280 360 440 520 600 680 760 840; do
    DISPLAY=$PANEL_DISPLAY xdotool mousemove $x 15 click 1 2>/dev/null; sleep 0.2
done
sleep 1
[ -e "$FILE" ] && fail "a click ran the title's command: $FILE was made"

# control: the same title printed raw must add a click command that runs
printf '#!/bin/sh\necho "<txt>x</txt>%s"\n' "<txtclick>touch $FILE</txtclick>" >"$TMP/raw.sh"; chmod +x "$TMP/raw.sh"
panel "$TMP/raw.sh" control
sleep 6
for x in 5 10 15 20 30 40 60; do DISPLAY=$PANEL_DISPLAY xdotool mousemove $x 15 click 1 2>/dev/null; sleep 0.3; done
sleep 1
[ -e "$FILE" ] || fail "control: a <txtclick> in a command's output did not run (test cannot detect injection)"
echo "PASS: xfce4-panel genmon ($((SECONDS - start)) s; $c1 → $c2; title shown as text, control title's click ran)"
