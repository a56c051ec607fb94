#!/usr/bin/env bash
# The screenshots of the README and docs/bars.md: realistic bars rendered headless, written as PNGs to $OUT
# (default docs/screenshots in the repo). Run:  bash Tests/bars/showcase.sh  [OUT=dir]
#  - Waybar under headless sway (WLR_BACKENDS=headless, pixman): workspaces 1 2 3 on the
#    left, tminus in the centre (the "custom/tminus" block of integrations/waybar/config.jsonc,
#    streaming, with --now added), a clock on the right, a dark theme plus the integration's
#    style.css. One PNG per state: waybar-{normal,warning,critical,over,empty}.png, and
#    waybar-tooltip.png with the pointer on the module (a wlr virtual pointer) and the tooltip open;
#    waybar-agenda.png and waybar-calendar.png the same with "tooltip": "agenda" / "calendar" in
#    the config, and for the calendar a wheel turn down on the module (the virtual pointer's
#    axis): Waybar runs the integration's on-scroll-down, "tminus scroll down", and state.json
#    must then hold the next month.
#  - waybar-private.png: the warning state in private mode (the title shown as its tag).
#  - swaybar.png: sway's own bar with  status_command tminus show --follow --format i3bar.
#  - polybar.png: polybar under Xvfb: workspaces, the integration's module (inherited), a date.
#  - board.png: tminus board in xterm through tmux (Xvfb).
# Every state is a moment frozen with --now (time runs on from there); the clocks show that
# moment. Sway refuses root: as root (CI) the bars run as $BARS_USER (default tminusbar).
# Exit 1 with a FAIL line when a bar does not start or a PNG is missing or blank.
# Hostile titles are the job of waybar.sh / polybar.sh; their shots stay in the test output.
source "$(dirname "$0")/lib.sh"
for b in sway swaybar waybar grim polybar Xvfb import convert xdotool jq; do
    command -v $b >/dev/null || fail "$b missing (see Tests/bars/PACKAGES)"
done
PY=/usr/bin/python3; [ -x $PY ] || PY=$(command -v python3) || fail "python3 missing"
setup_env
start=$SECONDS
OUT=${OUT:-$REPO/docs/screenshots}; mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) || fail "cannot create $OUT"
export TZ=Europe/Berlin W=960 BAR=30 OUTH=440   # output width, bar height, output height (px)

bar_user
mkdir -p "$TMP/shots"; [ "$(id -u)" = 0 ] && chown "$U" "$TMP/shots"
as_user test -x "$TMINUS" || fail "the bar user cannot execute $TMINUS (put the build somewhere world-readable)"

# The data: three deadlines and three todos, added on Mon 16 Nov; the empty state's home has
# the todos only. States by the time left (defaults): normal, warning under 24 h, critical
# under 1 h, over for an hour (overHold) after the due time; "Thesis draft" is due 24 Nov 17:00.
t() { as_user tminus --now 2026-11-16T10:00 "$@" >/dev/null || fail "tminus $*"; }
t add "Thesis draft" --due 2026-11-24T17:00 --start 2026-11-02T09:00 --tag study
t add "Tax return" --due 2026-11-30
t add "Flight to Lisbon" --due 2026-12-04T07:30
# (No todo is overdue in the shots before the 24th's evening: an open overdue todo makes the
# state "overdue" in the normal and warning shots. The empty home's todo is tomorrow's, by date:
# a timed todo of today would count down in the bar.)
t todo "Pay the rent" --due 2026-11-24 --priority high
t todo "Call the dentist" --due 2026-11-24T11:00 --star
t todo "Buy milk"
EMPTY="$TMP/empty"
TMINUS_HOME=$EMPTY t todo "Call the dentist" --due 2026-11-25 --star
TMINUS_HOME=$EMPTY t todo "Buy milk"

# Helpers for the sway session: "window TITLE PIDFILE" maps a plain GTK window (so that
# workspaces 2 and 3 exist: sway drops empty ones); "pointer X Y W H" creates a wlr virtual pointer
# (the headless seat has none, so nothing could hover) and parks it at X,Y, speaking the
# Wayland wire protocol directly; it must stay connected for the pointer to stay.
cat >"$TMP/helper.py" <<'PY'
import ctypes, os, socket, struct, sys, time
if sys.argv[1] == "window":   # TITLE PIDFILE (sway's exec would eat a $$)
    open(sys.argv[3], "w").write("%d\n" % os.getpid())
    g = ctypes.CDLL("libgtk-3.so.0"); g.gtk_window_new.restype = ctypes.c_void_p
    g.gtk_init(None, None); w = ctypes.c_void_p(g.gtk_window_new(0))
    g.gtk_window_set_title(w, sys.argv[2].encode()); g.gtk_widget_show_all(w); g.gtk_main()
    sys.exit(0)
x, y, W, H = map(int, sys.argv[2:6])
s = socket.socket(socket.AF_UNIX)
s.connect(os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"]))
def send(obj, op, payload=b""):   # a request: object id, size << 16 | opcode, arguments
    s.sendall(struct.pack("<II", obj, (8 + len(payload)) << 16 | op) + payload)
IFACE = b"zwlr_virtual_pointer_manager_v1\0"
send(1, 1, struct.pack("<I", 2))   # wl_display.get_registry -> id 2
send(1, 0, struct.pack("<I", 3))   # wl_display.sync -> id 3, done after every global
buf, mgr, done = b"", None, False
while not done:
    buf += s.recv(65536)
    while len(buf) >= 8:
        obj, so = struct.unpack("<II", buf[:8])
        if len(buf) < so >> 16: break
        body, buf = buf[8:so >> 16], buf[so >> 16:]
        if obj == 2 and so & 0xffff == 0 and body[8:8 + len(IFACE)] == IFACE:  # global(name, iface, v)
            mgr = struct.unpack("<I", body[:4])[0]
        done = done or obj == 3
if mgr is None: sys.exit("the compositor has no zwlr_virtual_pointer_manager_v1")
send(2, 0, struct.pack("<II", mgr, len(IFACE)) + IFACE + b"\0" * (-len(IFACE) % 4) + struct.pack("<II", 1, 4))
send(4, 0, struct.pack("<II", 0, 5))   # create_virtual_pointer(default seat) -> id 5
for dx in (30, 0):                     # come in from the side: enter, then a motion
    ms = int(time.monotonic() * 1000) & 0xffffffff
    send(5, 1, struct.pack("<5I", ms, x + dx, y, W, H)); send(5, 4, struct.pack("<I", ms))
    time.sleep(0.3)
if len(sys.argv) > 6 and sys.argv[6] == "scroll":   # one wheel notch down, after the hover
    time.sleep(float(sys.argv[7]))
    ms = int(time.monotonic() * 1000) & 0xffffffff
    send(5, 5, struct.pack("<I", 0))                                  # axis_source(wheel)
    send(5, 7, struct.pack("<IIiI", ms, 0, 15 * 256, 1))              # axis_discrete(vertical, 15.0, 1 notch)
    send(5, 4, struct.pack("<I", ms))                                 # frame
time.sleep(600)
PY

# A dark theme; tminus's state classes come from the integration's style.css.
cat >"$TMP/style.css" <<CSS
* { font-family: "DejaVu Sans"; font-size: 15px; border: none; border-radius: 0; min-height: 0; }
window#waybar { background: #2e3440; color: #d8dee9; }
#workspaces button { padding: 0 10px; color: #d8dee9; background: transparent; }
#workspaces button.focused { background: #4c566a; box-shadow: inset 0 -3px #88c0d0; }
#clock { padding: 0 12px; }
tooltip { background: #2e3440; border: 1px solid #81a1c1; border-radius: 6px; }
tooltip label { color: #e5e9f0; padding: 2px; }
@import url("file://$INTEGRATIONS/waybar/style.css");
CSS
# swaybar starts hidden (mode invisible) and is docked once the Waybars are gone.
SWAYBAR_NOW=2026-11-24T09:00
cat >"$TMP/sway.conf" <<CONF
output HEADLESS-1 resolution ${W}x$OUTH bg #4c566a solid_color
assign [title="^ws2\$"] workspace 2
assign [title="^ws3\$"] workspace 3
exec $PY $TMP/helper.py window ws2 $TMP/win2.pid 2>$TMP/win2.log
exec $PY $TMP/helper.py window ws3 $TMP/win3.pid 2>$TMP/win3.log
bar {
    id showcase
    position top
    mode invisible
    height $BAR
    workspace_min_width 36
    font pango:DejaVu Sans 11.5
    status_command tminus --now $SWAYBAR_NOW show --follow --format i3bar
    colors {
        background #2e3440
        statusline #d8dee9
        focused_workspace #4c566a #4c566a #eceff4
        inactive_workspace #2e3440 #2e3440 #d8dee9
        urgent_workspace #bf616a #bf616a #2e3440
    }
}
CONF
chmod 644 "$TMP/helper.py" "$TMP/style.css" "$TMP/sway.conf"

as_user env WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    setsid sh -c 'echo $$ >"$1/sway.pid"; exec sway -c "$1/sway.conf"' sh "$TMP" >"$TMP/sway.log" 2>&1 &
BG_PIDS+=($!)
wait_for 15 bash -c "ls '$TMP/run' 2>/dev/null | grep -q '^wayland-[0-9]*$'" || { cat "$TMP/sway.log"; fail "sway did not start"; }
wl() { as_user env WAYLAND_DISPLAY="$(ls "$TMP/run" | grep '^wayland-[0-9]*$' | head -1)" \
    SWAYSOCK="$(ls "$TMP"/run/sway-ipc.*.sock | head -1)" "$@"; }
three_ws() { [ "$(wl swaymsg -t get_workspaces | jq length)" -ge 3 ]; }
wait_for 15 three_ws || echo "note: workspaces 2 and 3 did not appear (no GTK windows: $(cat "$TMP/win2.log"))"

count() {   # png, crop geometry, colour: how many pixels are within 8 % of that colour
    convert "$1" -crop "$2" +repage -alpha off -fuzz 8% -fill black +opaque "$3" -fill white -opaque "$3" \
        -format '%[fx:int(mean*w*h+0.5)]' info:
}
grab() { wl grim "$1"; }   # the screenshot tool: grim here, import under Xvfb (below)
shoot() {   # name, crop, colour, minimum count [, where to count (default: the crop)]:
    local n=0 i where=${5:-$2}   # grab until the colour is there, then crop
    for i in $(seq 20); do
        grab "$TMP/shots/$1.png" || fail "screenshot failed ($1)"
        n=$(count "$TMP/shots/$1.png" "$where" "$3"); [ "$n" -ge "$4" ] && break; sleep 0.5
    done
    [ "$n" -ge "$4" ] || fail "$1: only $n pixels of $3 (a bar did not start or shows the wrong state)"
    convert "$TMP/shots/$1.png" -crop "$2" +repage -strip "$OUT/$1.png" || fail "convert $1"
    [ "$(convert "$OUT/$1.png" -format %k info:)" -gt 8 ] || fail "$1.png is blank"
    echo "wrote $OUT/$1.png ($(stat -c %s "$OUT/$1.png") bytes)"
}

# Waybar: one per state. The module is the integration's block with --now put in front of
# "show"; the clock prints the frozen moment as literal text.
block=$(sed -n '/"custom\/tminus": {/,/^  }/p' "$INTEGRATIONS/waybar/config.jsonc")
grep -q '"exec": "tminus show --follow --format waybar"' <<<"$block" || fail "config.jsonc: custom/tminus is not the --follow form"
waybar_state() {   # name, now, home, colour to expect, minimum pixels
    local clock; clock=$(date -d "${2/T/ }" '+%a %d %b  %H:%M')
    cat >"$TMP/$1.jsonc" <<JSON
{
  "layer": "top", "position": "top", "height": $BAR,
  "modules-left": ["sway/workspaces"], "modules-center": ["custom/tminus"], "modules-right": ["clock"],
  "clock": { "format": "$clock", "tooltip": false },
${block/tminus show/tminus --now $2 show}
}
JSON
    chmod 644 "$TMP/$1.jsonc"
    : >"$TMP/waybar-$1.log"
    wl env TMINUS_HOME="$3" XDG_CONFIG_HOME="${CONFIG_HOME:-$XDG_CONFIG_HOME}" setsid sh -c 'echo $$ >"$1/waybar.pid"; exec waybar -c "$2" -s "$1/style.css"' \
        sh "$TMP" "$TMP/$1.jsonc" >"$TMP/waybar-$1.log" 2>&1 &
    wait_for 15 grep -q 'Bar configured' "$TMP/waybar-$1.log" || { cat "$TMP/waybar-$1.log"; fail "waybar ($1) did not start"; }
    shoot "waybar-$1" "${W}x$BAR+0+0" "$4" "$5"
}
stop_waybar() {
    kill -TERM -- "-$(cat "$TMP/waybar.pid")"; rm -f "$TMP/waybar.pid"; sleep 0.5
}
H=$TMINUS_HOME
waybar_state normal   2026-11-21T10:00 "$H" '#a3be8c' 40;   stop_waybar
waybar_state warning  2026-11-24T09:00 "$H" '#ebcb8b' 40
# the tooltip: park a virtual pointer on the module (the centre of the bar, at its lower
# edge so that the arrow hides little text); GTK opens the tooltip after its hover delay.
# The crop keeps the bar and the tooltip under it.
hover() {   # [scroll SECONDS]: park the pointer on the module (and turn the wheel after SECONDS)
    wl setsid sh -c 'echo $$ >"$1/pointer.pid"; shift; exec "$@"' sh "$TMP" "$PY" "$TMP/helper.py" pointer \
        $((W / 2 - 20)) $((BAR - 4)) $W $OUTH "$@" >"$TMP/pointer.log" 2>&1 &
}
unhover() { kill -TERM -- "-$(cat "$TMP/pointer.pid")"; rm -f "$TMP/pointer.pid"; }
hover
shoot waybar-tooltip "${W}x165+0+0" '#2e3440' 8000 "${W}x120+0+$BAR"   # the tooltip's background
unhover; stop_waybar
# The agenda and the calendar as the tooltip (same home, a config that says so).
for kind in agenda calendar; do
    mkdir -p "$TMP/cfg-$kind/tminus"; echo "{ \"tooltip\": \"$kind\" }" >"$TMP/cfg-$kind/tminus/config.json"
    [ "$(id -u)" = 0 ] && chown -R "$U" "$TMP/cfg-$kind"
done
CONFIG_HOME=$TMP/cfg-agenda waybar_state agenda-bar 2026-11-24T09:00 "$H" '#ebcb8b' 40
hover
shoot waybar-agenda "${W}x330+0+0" '#2e3440' 20000 "${W}x260+0+$BAR"
unhover; stop_waybar
CONFIG_HOME=$TMP/cfg-calendar waybar_state calendar-bar 2026-11-24T09:00 "$H" '#ebcb8b' 40
hover scroll 2
shoot waybar-calendar "${W}x330+0+0" '#2e3440' 20000 "${W}x260+0+$BAR"
wait_for 10 grep -q '"month": 24323' "$H/state.json" || fail "the wheel on the module did not move the calendar to December (state.json: $(cat "$H/state.json" 2>&1))"
echo "the wheel on Waybar's module ran tminus scroll down: the calendar shows December"
unhover; stop_waybar; rm -f "$H/state.json"
rm -f "$OUT/waybar-agenda-bar.png" "$OUT/waybar-calendar-bar.png"
waybar_state critical 2026-11-24T16:35 "$H" '#bf616a' 1500; stop_waybar
waybar_state over     2026-11-24T17:20 "$H" '#bf616a' 40;   stop_waybar
waybar_state empty    2026-11-24T09:00 "$EMPTY" '#888888' 40; stop_waybar
# Private mode (a shared screen, or tminus privacy on): the title shows as its tag.
t privacy on
waybar_state private  2026-11-24T09:00 "$H" '#ebcb8b' 40; stop_waybar
t privacy off

# swaybar: dock the hidden bar; its status_command is tminus (warning: yellow text).
wl swaymsg bar showcase mode dock >/dev/null || fail "swaymsg bar mode dock failed"
pgrep -u "$(as_user id -u)" -f "show --follow --format i3bar" >/dev/null || fail "swaybar's status_command is not running"
shoot swaybar "${W}x$BAR+0+0" '#ebcb8b' 40

# polybar under Xvfb: the integration's module (inherited, --now added) next to a date, and
# workspaces 1 2 3 when xprop can play the window manager's part (the EWMH desktop
# properties on the root window; -noreset keeps them when the last client leaves).
export DISPLAY=:$((90 + RANDOM % 100))
setsid Xvfb "$DISPLAY" -screen 0 ${W}x60x24 -nolisten tcp -noreset >"$TMP/xvfb.log" 2>&1 &
BG_PIDS+=($!)
wait_for 10 bash -c 'xdotool getdisplaygeometry >/dev/null 2>&1' || fail "Xvfb did not start"
WS=
if command -v xprop >/dev/null; then
    xprop -root -f _NET_SUPPORTED 32a -set _NET_SUPPORTED "_NET_CURRENT_DESKTOP,_NET_NUMBER_OF_DESKTOPS" &&
    xprop -root -f _NET_NUMBER_OF_DESKTOPS 32c -set _NET_NUMBER_OF_DESKTOPS 3 &&
    xprop -root -f _NET_CURRENT_DESKTOP 32c -set _NET_CURRENT_DESKTOP 0 && WS=workspaces
fi
cat >"$TMP/polybar.ini" <<INI
include-file = $INTEGRATIONS/polybar/config.ini
[module/tminus-showcase]
inherit = module/tminus
exec = tminus --now 2026-11-24T16:35 show --follow --format polybar
[module/workspaces]
type = internal/xworkspaces
label-active = %name%
label-active-background = #4c566a
label-active-underline = #88c0d0
label-active-padding = 2
label-empty = %name%
label-empty-padding = 2
[module/date]
type = custom/text
content = $(date -d '2026-11-24 16:35' '+%a %d %b  %H:%M')
[bar/showcase]
width = 100%
height = $BAR
background = #2e3440
foreground = #d8dee9
padding-right = 2
underline-size = 3
module-margin = 2
font-0 = DejaVu Sans:pixelsize=15;3
modules-left = $WS
modules-center = tminus-showcase
modules-right = date
INI
: >"$TMP/polybar.log"
setsid polybar -l info -c "$TMP/polybar.ini" showcase >"$TMP/polybar.log" 2>&1 &
BG_PIDS+=($!)
wait_for 10 grep -q "Bar window: " "$TMP/polybar.log" || { cat "$TMP/polybar.log"; fail "polybar did not map its window"; }
grab() { import -window root "$1"; }
shoot polybar "${W}x$BAR+0+0" '#bf616a' 40   # critical: red text
kill -TERM "$(pgrep -f 'polybar -l info -c '"$TMP")" 2>/dev/null

# tminus board in a terminal through tmux: xterm (DejaVu Sans Mono, the dark theme) on a
# second Xvfb screen big enough for it, tmux inside it, board inside tmux, ten seconds before
# the thesis is due (its bar in its tag's colour, today's todos under it).
if command -v xterm >/dev/null && command -v tmux >/dev/null; then
    export DISPLAY=:$((200 + RANDOM % 100))
    setsid Xvfb "$DISPLAY" -screen 0 760x260x24 -nolisten tcp -noreset >"$TMP/xvfb2.log" 2>&1 &
    BG_PIDS+=($!)
    wait_for 10 bash -c 'xdotool getdisplaygeometry >/dev/null 2>&1' || fail "the second Xvfb did not start"
    # (tmux without its status line: it would show this machine's name and clock.)
    printf 'set -g status off\nset -g default-terminal tmux-256color\nset -ga terminal-overrides ",xterm*:Tc"\n' >"$TMP/tmux.conf"
    setsid xterm -geometry 80x12+0+0 -fa 'DejaVu Sans Mono' -fs 11 -bg '#2e3440' -fg '#d8dee9' -bw 0 \
        -e tmux -L "showcase-$$" -f "$TMP/tmux.conf" new-session "tminus --now 2026-11-24T16:59:50 board" >"$TMP/xterm.log" 2>&1 &
    BG_PIDS+=($!)
    wait_for 10 bash -c "tmux -L showcase-$$ capture-pane -p 2>/dev/null | grep -q 'Thesis draft'" || { cat "$TMP/xterm.log"; fail "board did not start in xterm"; }
    sleep 1
    shoot board "720x216+0+0" '#2e3440' 40000
    tmux -L "showcase-$$" kill-server 2>/dev/null
else
    echo "note: no xterm or tmux: no board.png (see Tests/bars/PACKAGES)"
fi

echo "PASS: showcase, $(ls "$OUT"/*.png | wc -l) PNGs in $OUT ($((SECONDS - start)) s)"
