#!/usr/bin/env bash
# Waybar under headless sway (WLR_BACKENDS=headless WLR_RENDERER=pixman) with
# what `tminus setup waybar --full` prints (integrations/waybar/config.jsonc with this binary's
# path; streaming: exec --follow, no interval) at the top and
# config.poll.jsonc (one-shot, interval 1; moved to the bottom here) with style.css, as a
# non-root user (sway refuses root; as root this script creates the user $BARS_USER, default
# tminusbar). A deadline titled  Thesis <b>& "draft"  due in 30 minutes: Waybar logs no
# markup error, and a grim screenshot shows both modules with the critical background from
# style.css (#bf616a). Then swaybar with  status_command tminus show --follow --format i3bar
# (docked after the Waybars are gone): a second screenshot shows its text in #bf616a.
source "$(dirname "$0")/lib.sh"
need_bar sway
need_bar waybar
command -v grim >/dev/null || fail "grim missing (see Tests/bars/PACKAGES)"
setup_env
start=$SECONDS
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"

bar_user
[ "$(id -u)" = 0 ] && chmod 755 "$ART"
# the binary must be reachable by the bar user
as_user test -x "$TMINUS" || skip "the bar user cannot execute $TMINUS (put the build somewhere world-readable)"

as_user tminus add 'Thesis <b>& "draft"' --due +30m >/dev/null || fail "tminus add"

cat >"$TMP/style.css" <<CSS
* { font-family: "DejaVu Sans"; font-size: 16px; }
window#waybar { background: #000000; color: #ffffff; }
@import url("file://$INTEGRATIONS/waybar/style.css");
CSS
"$TMINUS" setup waybar --full >"$TMP/config.jsonc" 2>/dev/null || fail "tminus setup waybar"
grep -q -- '--follow --format waybar' "$TMP/config.jsonc" || fail "setup waybar: not the --follow form"
sed 's/"position": "top"/"position": "bottom"/' "$INTEGRATIONS/waybar/config.poll.jsonc" >"$TMP/config.poll.jsonc"
cat >"$TMP/sway.conf" <<CONF
output HEADLESS-1 resolution 1024x200
exec sh -c 'echo \$\$ >$TMP/waybar.pid; exec waybar -c $TMP/config.jsonc -s $TMP/style.css >$TMP/waybar.log 2>&1'
exec sh -c 'echo \$\$ >$TMP/waybar-poll.pid; exec waybar -c $TMP/config.poll.jsonc -s $TMP/style.css >$TMP/waybar-poll.log 2>&1'
bar {
    id tminus
    position top
    mode invisible
    font pango:DejaVu Sans 14
    status_command tminus show --follow --format i3bar
}
CONF
chmod 644 "$TMP/style.css" "$TMP/sway.conf" "$TMP/config.poll.jsonc" "$TMP/config.jsonc"

as_user env WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    sh -c 'echo $$ >"$1/sway.pid"; exec sway -c "$1/sway.conf"' sh "$TMP" >"$TMP/sway.log" 2>&1 &
BG_PIDS+=($!)
wait_for 15 bash -c "ls '$TMP/run' 2>/dev/null | grep -q '^wayland-[0-9]*$'" || { cat "$TMP/sway.log"; fail "sway did not start"; }
WD=$(ls "$TMP/run" | grep '^wayland-[0-9]*$' | head -1)
wait_for 15 bash -c "grep -q 'Bar configured' '$TMP/waybar.log' 2>/dev/null && grep -q 'Bar configured' '$TMP/waybar-poll.log' 2>/dev/null" || sleep 3
sleep 2   # a few updates
as_user env WAYLAND_DISPLAY="$WD" grim "$TMP/waybar.png" || { cat "$TMP/sway.log" "$TMP/waybar.log"; fail "grim failed"; }
cp "$TMP/waybar.png" "$ART/waybar.png" 2>/dev/null
cat "$TMP/waybar.log" "$TMP/waybar-poll.log"
grep -qi "markup" "$TMP/waybar.log" "$TMP/waybar-poll.log" && fail "Waybar logged a markup error: the title was not escaped"
red() {   # png, crop geometry, colour: the pixels of exactly that colour
    local n
    n=$(convert "$1" -crop "$2" +repage -format %c histogram:info:- | awk -v c="$3" '$0 ~ c {gsub(":","",$1); s += $1} END {print s + 0}')
    echo "${n:-0}"
}
n=$(red "$TMP/waybar.png" 1024x60+0+0 '#BF616A')
m=$(red "$TMP/waybar.png" 1024x60+0+140 '#BF616A')
echo "waybar: $n (streaming, top) and $m (one-shot, bottom) pixels of the critical background #bf616a; screenshot $ART/waybar.png"
[ "$n" -gt 500 ] || fail "the streaming module is not drawn with its critical class colour (only $n pixels)"
[ "$m" -gt 500 ] || fail "the one-shot module is not drawn with its critical class colour (only $m pixels)"
echo "PASS-PART: waybar under sway, streaming and one-shot ($((SECONDS - start)) s)"

# swaybar: dock the bar (it stacks with the top Waybar). tminus's block is critical, so it
# comes with "urgent": true, and swaybar draws urgent blocks in its urgent colours (default
# background #900000, white text) rather than the block's "color".
as_user env WAYLAND_DISPLAY="$WD" SWAYSOCK="$(ls "$TMP"/run/sway-ipc.*.sock 2>/dev/null | head -1)" \
    swaymsg bar tminus mode dock >/dev/null || { cat "$TMP/sway.log"; fail "swaymsg bar mode dock failed"; }
sleep 1.5
pgrep -u "$(as_user id -u)" -f "tminus show --follow --format i3bar" >/dev/null || { cat "$TMP/sway.log"; fail "swaybar's status_command is not running"; }
as_user env WAYLAND_DISPLAY="$WD" grim "$TMP/swaybar.png" || fail "grim failed (swaybar)"
cp "$TMP/swaybar.png" "$ART/swaybar.png" 2>/dev/null
k=$(red "$TMP/swaybar.png" 1024x70+0+0 '#900000')
echo "swaybar: $k pixels of its urgent background #900000; screenshot $ART/swaybar.png"
[ "$k" -gt 500 ] || { cat "$TMP/sway.log"; fail "swaybar does not show the tminus block as urgent (only $k pixels)"; }
echo "PASS: waybar (streaming and one-shot) and swaybar (status_command --follow --format i3bar) under sway ($((SECONDS - start)) s)"
