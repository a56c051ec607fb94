#!/usr/bin/env bash
# polybar under Xvfb with what `tminus setup polybar` prints (integrations/polybar/config.ini
# with this binary's path), both modules in one bar: the
# streaming one (tminus, tail = true) on the left and the one-shot one (tminus-poll,
# interval = 1) on the right. A deadline titled %{A1:touch FILE:}click%{A} (critical, red)
# is drawn by both, a screenshot (import -window root) shows each half in the state colour,
# and clicking all along both modules never creates FILE.
# A control module that prints the same title raw must create FILE when clicked, which
# proves the clicks land and polybar would run an injected action.
# Screenshots land in $BARS_ARTIFACTS (default: the temp dir, removed unless KEEP_TMP=1).
source "$(dirname "$0")/lib.sh"
need_bar polybar
for b in Xvfb import xdotool; do command -v $b >/dev/null || fail "$b missing (see Tests/bars/PACKAGES)"; done
setup_env
start=$SECONDS
ART=${BARS_ARTIFACTS:-$TMP}; mkdir -p "$ART"

FILE="$TMP/pwned"
tminus add "%{A1:touch $FILE:}click%{A}" --due +30m >/dev/null || fail "tminus add"

export DISPLAY=:$((90 + RANDOM % 100))
setsid Xvfb "$DISPLAY" -screen 0 1600x60x24 -nolisten tcp >"$TMP/xvfb.log" 2>&1 &
BG_PIDS+=($!)
wait_for 10 bash -c 'xdotool getdisplaygeometry >/dev/null 2>&1' || fail "Xvfb did not start"

run_bar() {   # left module, log file, right module
    local RIGHT=${3:-}
    cat >"$TMP/polybar.ini" <<INI
include-file = $TMP/tminus.ini

[module/control]
type = custom/script
exec = cat $TMP/raw
interval = 1

[bar/test]
width = 100%
height = 40
background = #000000
foreground = #ffffff
font-0 = DejaVu Sans:size=14;3
modules-left = $1
modules-right = $RIGHT
enable-ipc = false
INI
    setsid polybar -c "$TMP/polybar.ini" -l info test >"$2" 2>&1 &
    BG_PIDS+=($!)
    wait_for 10 grep -q "Bar window: " "$2" || { cat "$2"; fail "polybar did not map its window"; }
    sleep 2.5
}
click_along() {   # click every 30 px across the bar
    local x
    for x in $(seq 5 30 1595); do xdotool mousemove "$x" 20 click 1; sleep 0.02; done
    sleep 1
}
red_pixels() {   # PPM file: the pixels in the critical colour in the left and the right half
    python3 - "$1" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
# binary PPM P6: header "P6\nW H\n255\n"
parts = data.split(b"\n", 3)
w, h = map(int, parts[1].split()); px = parts[3]
red = lambda i: abs(px[i] - 0xbf) < 24 and abs(px[i+1] - 0x61) < 24 and abs(px[i+2] - 0x6a) < 24
halves = [0, 0]
for y in range(h):
    for x in range(w):
        if red((y * w + x) * 3): halves[x >= w // 2] += 1
print(*halves)
PY
}

# 1. the integration modules: streaming on the left, one-shot on the right
"$TMINUS" setup polybar --full >"$TMP/tminus.ini" 2>/dev/null || fail "tminus setup polybar"
grep -q '^tail = true$' "$TMP/tminus.ini" || fail "setup polybar: no tail = true module"
run_bar tminus "$TMP/polybar.log" tminus-poll
pgrep -f "tminus show --follow --format polybar" >/dev/null || fail "the streaming module's tminus --follow is not running"
import -window root "$ART/polybar.png" && convert "$ART/polybar.png" -depth 8 "$TMP/shot.ppm" || fail "import failed"
read -r nl nr < <(red_pixels "$TMP/shot.ppm")
echo "polybar: $nl (streaming, left) and $nr (one-shot, right) pixels in the critical colour #bf616a; screenshot $ART/polybar.png"
[ "$nl" -gt 200 ] || fail "the streaming module is not drawn in its state colour (only $nl red pixels)"
[ "$nr" -gt 200 ] || fail "the one-shot module is not drawn in its state colour (only $nr red pixels)"
grep -q "Failed to parse\|Invalid\|error" "$TMP/polybar.log" && { cat "$TMP/polybar.log"; fail "polybar logged a parse error"; }
click_along
[ -e "$FILE" ] && { cat "$TMP/polybar.log"; fail "a click ran the title's action: $FILE created"; }
grep -q "touch $FILE" "$TMP/polybar.log" && fail "polybar tried to execute the title's action"
n_next=$(grep -c "Executing shell command: $TMINUS next" "$TMP/polybar.log")
echo "polybar: clicks ran 'tminus next' $n_next times, the title's action 0 times"
[ "$n_next" -gt 0 ] || fail "clicks did not reach the module (click-left = tminus next never ran)"
kill -TERM -- "-${BG_PIDS[-1]}" 2>/dev/null; sleep 0.5

# 2. control: the same title printed raw must open an action that a click runs
printf '%s\n' "%{A1:touch $FILE:}click%{A}" >"$TMP/raw"
run_bar control "$TMP/control.log"
click_along
[ -e "$FILE" ] || { cat "$TMP/control.log"; fail "control: a raw %{A1:...} was not clickable (test cannot detect injection)"; }
echo "PASS: polybar ($((SECONDS - start)) s; the control title did run its action, tminus's did not)"
