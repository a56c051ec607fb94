# Shared helpers for the real-bar tests. Source it; do not run it.
# TMINUS_BIN picks the binary; else the first of these that exists is used.
set -u
BARS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BARS_DIR/../.." && pwd)
INTEGRATIONS="$REPO/integrations"

find_tminus() {
    if [ -n "${TMINUS_BIN:-}" ]; then
        [ -x "$TMINUS_BIN" ] || { echo "FAIL: TMINUS_BIN=$TMINUS_BIN is not executable" >&2; exit 1; }
        echo "$TMINUS_BIN"; return
    fi
    local c
    for c in "$REPO/.build/release/tminus" "$REPO/.build/debug/tminus" "$REPO/.build-bars/debug/tminus"; do
        [ -x "$c" ] && { echo "$c"; return; }
    done
    echo "FAIL: no tminus binary (build it, or set TMINUS_BIN)" >&2; exit 1
}

skip() { echo "SKIP: $*"; exit 0; }
fail() { echo "FAIL: $*"; exit 1; }
need_bar() { command -v "$1" >/dev/null 2>&1 || skip "$1 is not installed"; }

# A private temp dir, a private TMINUS_HOME, and a PATH whose `tminus` is the built
# binary, so the integrations/ configs run unchanged. Background pids in BG_PIDS are
# killed (their process groups first) on exit.
BG_PIDS=()
setup_env() {
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/tminus-bars.XXXXXX")
    chmod 755 "$TMP"
    mkdir -p "$TMP/bin" "$TMP/home"
    TMINUS=$(find_tminus)
    ln -s "$TMINUS" "$TMP/bin/tminus"
    export PATH="$TMP/bin:$PATH"
    export TMINUS_HOME="$TMP/home"
    export XDG_CONFIG_HOME="$TMP/config"   # never read the user's tminus config
    trap cleanup EXIT
}
# bar_user: sway and the bars refuse root, so as root the bars run as $BARS_USER (default
# tminusbar, made here) and TMP becomes theirs; as_user runs a command as that user with the
# test's PATH, zone, home and config, and a runtime folder of its own ($TMP/run).
bar_user() {
    if [ "$(id -u)" = 0 ]; then
        U=${BARS_USER:-tminusbar}
        id "$U" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$U" || fail "useradd $U"
        chown -R "$U" "$TMP"
        as_user() {
            runuser -u "$U" -- env PATH="$PATH" ${TZ+TZ="$TZ"} TMINUS_HOME="$TMINUS_HOME" \
                XDG_CONFIG_HOME="$XDG_CONFIG_HOME" XDG_RUNTIME_DIR="$TMP/run" "$@"
        }
    else
        as_user() { env XDG_RUNTIME_DIR="$TMP/run" "$@"; }
    fi
    mkdir -p "$TMP/run"; chmod 700 "$TMP/run"; [ "$(id -u)" = 0 ] && chown "$U" "$TMP/run"
}
# desktop_session: a desktop shell's test user (GNOME Shell, Plasma): its own HOME and runtime
# folder, nothing of the caller's display or bus, and a deadline with a hostile title.
desktop_session() {
    export HOME="$TMP/user"; mkdir -p "$HOME"
    export XDG_RUNTIME_DIR="$TMP/run"; mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"
    unset XDG_DATA_HOME DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
    tminus add '<b>Bold</b> & #{x}' --due +30m >/dev/null || fail "tminus add"
}
cleanup() {
    local p f
    # processes that detach (sway, waybar) write their pid to $TMP/*.pid
    for f in "$TMP"/*.pid; do
        [ -f "$f" ] && BG_PIDS+=($(cat "$f"))
    done
    for p in "${BG_PIDS[@]}"; do
        kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null
    done
    sleep 0.3
    for p in "${BG_PIDS[@]}"; do
        kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null
    done
    # What a bar started and left behind when the bar went (Waybar's `exec` pipeline outlives it):
    # every process of the bars' own user.
    [ "$(id -u)" = 0 ] && [ -n "${U:-}" ] && pkill -KILL -u "$U" 2>/dev/null
    [ -n "${KEEP_TMP:-}" ] && { echo "kept $TMP"; return; }
    rm -rf "$TMP"
}
# Poll until a command succeeds or the seconds run out.
wait_for() {
    local secs=$1; shift
    local end=$((SECONDS + secs))
    until "$@"; do
        [ $SECONDS -ge $end ] && return 1
        sleep 0.2
    done
}
# How many pixels of image $1 (within the crop $2, e.g. 900x30+0+0) are within 3 of each channel
# of the colour $3 $4 $5 (a shell or a toolkit may draw #bf616a a step off).
near_pixels() {
    convert "$1" -crop "$2" +repage -format %c histogram:info:- | awk -F'[(,)]' -v r="$3" -v g="$4" -v b="$5" '
        function near(a, c) { return a - c <= 3 && c - a <= 3 }
        near($2, r) && near($3, g) && near($4, b) { n += $1 } END { print n + 0 }'
}
# The text tesseract reads in image $1 (within the crop $2), scaled by $3 (e.g. 400%); "negate" as
# $4 for light text on a dark bar. One line.
ocr_text() {
    local extra=()
    [ "${4:-}" = negate ] && extra=(-negate)
    convert "$1" -crop "$2" +repage -resize "$3" "${extra[@]}" "$TMP/ocr.png" && tesseract "$TMP/ocr.png" - 2>/dev/null | tr -s ' \n' ' '
}
