#!/usr/bin/env bash
# Waybar under headless sway (WLR_BACKENDS=headless WLR_RENDERER=pixman) with
# integrations/waybar/config.jsonc and style.css, as a non-root user (sway refuses root;
# as root this script creates the user $BARS_USER, default tminusbar). A deadline titled
# Thesis <b>& "draft"  due in 30 minutes: Waybar logs no markup error, and a grim
# screenshot shows the module with the critical background from style.css (#bf616a).
source "$(dirname "$0")/lib.sh"
need_bar sway
need_bar waybar
command -v grim >/dev/null || fail "grim missing (see Tests/bars/PACKAGES)"
setup_env
start=$SECONDS
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"

if [ "$(id -u)" = 0 ]; then
    U=${BARS_USER:-tminusbar}
    id "$U" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$U" || fail "useradd $U"
    chown -R "$U" "$TMP"; chmod 755 "$ART"
    as_user() { runuser -u "$U" -- env PATH="$PATH" TMINUS_HOME="$TMINUS_HOME" XDG_CONFIG_HOME="$XDG_CONFIG_HOME" XDG_RUNTIME_DIR="$TMP/run" "$@"; }
else
    as_user() { env XDG_RUNTIME_DIR="$TMP/run" "$@"; }
fi
mkdir -p "$TMP/run"; chmod 700 "$TMP/run"; [ "$(id -u)" = 0 ] && chown "$U" "$TMP/run"
# the binary must be reachable by the bar user
as_user test -x "$TMINUS" || skip "the bar user cannot execute $TMINUS (put the build somewhere world-readable)"

as_user tminus add 'Thesis <b>& "draft"' --due +30m >/dev/null || fail "tminus add"

cat >"$TMP/style.css" <<CSS
* { font-family: "DejaVu Sans"; font-size: 16px; }
window#waybar { background: #000000; color: #ffffff; }
@import url("file://$INTEGRATIONS/waybar/style.css");
CSS
cat >"$TMP/sway.conf" <<CONF
output HEADLESS-1 resolution 1024x200
exec sh -c 'echo \$\$ >$TMP/waybar.pid; exec waybar -c $INTEGRATIONS/waybar/config.jsonc -s $TMP/style.css >$TMP/waybar.log 2>&1'
CONF
chmod 644 "$TMP/style.css" "$TMP/sway.conf"

as_user env WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    sh -c 'echo $$ >"$1/sway.pid"; exec sway -c "$1/sway.conf"' sh "$TMP" >"$TMP/sway.log" 2>&1 &
BG_PIDS+=($!)
wait_for 15 bash -c "ls '$TMP/run' 2>/dev/null | grep -q '^wayland-[0-9]*$'" || { cat "$TMP/sway.log"; fail "sway did not start"; }
WD=$(ls "$TMP/run" | grep '^wayland-[0-9]*$' | head -1)
wait_for 15 bash -c "grep -q 'Bar configured' '$TMP/waybar.log' 2>/dev/null" || sleep 3
sleep 3   # a few polls
as_user env WAYLAND_DISPLAY="$WD" grim "$TMP/waybar.png" || { cat "$TMP/sway.log" "$TMP/waybar.log"; fail "grim failed"; }
cp "$TMP/waybar.png" "$ART/waybar.png" 2>/dev/null
cat "$TMP/waybar.log"
grep -qi "markup" "$TMP/waybar.log" && fail "Waybar logged a markup error: the title was not escaped"
n=$(convert "$TMP/waybar.png" -crop 1024x60+0+0 -format %c histogram:info:- | awk '/#BF616A/ {gsub(":","",$1); print $1}')
n=${n:-0}
echo "waybar: $n pixels of the critical background #bf616a; screenshot $ART/waybar.png"
[ "$n" -gt 500 ] || fail "the module is not drawn with its critical class colour (only $n pixels)"
echo "PASS: waybar under sway ($((SECONDS - start)) s)"
