#!/usr/bin/env bash
# yambar 1.9 (xcb backend, under Xvfb) on exactly what `tminus setup yambar --full` prints: a
# script module in continuous mode running tminus --follow, coloured by the state map. A
# deadline titled  {state} a|b <b>c</b>  due in 30 minutes: yambar logs no script error, a
# screenshot shows the critical colour (#bf616a), and OCR of it reads the title literally
# ({state} not expanded) with a countdown that moves between two screenshots.
source "$(dirname "$0")/lib.sh"
need_bar yambar
command -v Xvfb >/dev/null || skip "Xvfb is not installed"
command -v tesseract >/dev/null || fail "tesseract missing (see Tests/bars/PACKAGES)"
setup_env
start=$SECONDS

tminus add '{state} a|b <b>c</b>' --due +30m >/dev/null || fail "tminus add"
"$TMINUS" setup yambar --full >"$TMP/config.yml" 2>/dev/null || fail "tminus setup yambar"
grep -qF "path: $TMINUS" "$TMP/config.yml" || fail "setup: not this binary's path"
yambar -C -c "$TMP/config.yml" >/dev/null 2>&1 || fail "yambar -C rejects the config setup printed"

D=:$((60 + RANDOM % 200))
Xvfb "$D" -screen 0 900x60x24 -nolisten tcp >"$TMP/xvfb.log" 2>&1 &
BG_PIDS+=($!)
wait_for 10 xdpyinfo -display "$D" >/dev/null 2>&1 || fail "Xvfb did not start"
DISPLAY=$D yambar -b xcb -s -c "$TMP/config.yml" >"$TMP/yambar.log" 2>&1 &
BG_PIDS+=($!)
sleep 3
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"
DISPLAY=$D import -window root "$TMP/one.png" || fail "screenshot"
sleep 1.5
DISPLAY=$D import -window root "$ART/yambar.png" || fail "screenshot"
grep -E ' err: .*(script|particle|config)' "$TMP/yambar.log" && fail "yambar logged an error"

colour=$(near_pixels "$ART/yambar.png" 900x60+0+0 191 97 106)
[ "$colour" -ge 1 ] || fail "no text in the critical colour #bf616a"
first=$(ocr_text "$TMP/one.png" 900x26+0+0 400% negate); second=$(ocr_text "$ART/yambar.png" 900x26+0+0 400% negate)
echo "OCR: $first / $second"
grep -qF '{state}' <<<"$second" || fail "the title's {state} was not shown literally"
grep -q 'critical' <<<"$second" && fail "yambar expanded {state} from the title"
grep -qF '<b>c</b>' <<<"$second" || fail "the title's <b>c</b> was not shown literally"
grep -qE 'a[|lI]b' <<<"$second" || fail "the title's a|b was cut at the |"
c1=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$first" | tail -1); c2=$(grep -oE '[0-9]{2}:[0-9]{2}' <<<"$second" | tail -1)
[ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] || fail "the countdown did not move ($c1 → $c2)"
echo "PASS: yambar ($((SECONDS - start)) s; $c1 → $c2)"
