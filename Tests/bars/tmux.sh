#!/usr/bin/env bash
# tmux 3.3a with exactly what `tminus setup tmux --full` prints (status-right '#(…/tminus show
# --format tmux)', status-interval 1), run inside a second tmux whose pane shows the first one's
# whole screen, status line included (capture-pane -e keeps the colours). A deadline titled
#   A#[fg=red]B #(touch F) #{host} Z
# is shown literally in the critical colour (#bf616a), F is never made, and the countdown moves.
# A control run puts the same title into status-right unescaped and sees tmux read it.
source "$(dirname "$0")/lib.sh"
need_bar tmux
setup_env
start=$SECONDS
cd "$TMP" || fail "cd"
export TMUX_TMPDIR="$TMP/tmux"; mkdir -p "$TMUX_TMPDIR"; unset TMUX
TITLE='A#[fg=red]B #(touch F) #{host} Z'
tminus add "$TITLE" --due +30m >/dev/null || fail "tminus add"
"$TMINUS" setup tmux --full >"$TMP/inner.conf" 2>/dev/null || fail "tminus setup tmux"
grep -qF "set -g status-right '#($TMINUS show --format tmux)'" "$TMP/inner.conf" || fail "setup: not this binary's path"
kill_tmux() { tmux -L inner kill-server 2>/dev/null; tmux -L outer kill-server 2>/dev/null; }
trap 'kill_tmux; cleanup' EXIT

status_line() {   # the inner tmux's status line, as the outer pane shows it (with colours)
    tmux -L outer capture-pane -p -e -t o | grep -v '^$' | tail -n 1
}
tmux -L outer -f /dev/null new -d -s o -x 160 -y 5 "tmux -L inner -f '$TMP/inner.conf' new -s i" || fail "tmux (outer)"
wait_for 10 bash -c "tmux -L outer capture-pane -p -t o | grep -qF ' Z 2'" || { tmux -L outer capture-pane -p -t o; fail "the status line never showed the deadline"; }
one=$(status_line); sleep 2.2; two=$(status_line)
plain() { sed 's/\x1b\[[0-9;]*m//g' <<<"$1"; }
echo "status line: $(plain "$two")"
plain "$two" | grep -qF "$TITLE 2" || fail "the title is not shown literally: $(plain "$two")"
grep -qF $'\e[38;2;191;97;106m' <<<"$two" || grep -qF $'\e[38;5;131m' <<<"$two" || fail "not in the critical colour #bf616a: $(cat -v <<<"$two")"
grep -qF $'\e[31m' <<<"$two" && fail "the title's #[fg=red] coloured the line"
[ "$(plain "$one" | grep -oE '[0-9]{2}:[0-9]{2}' | tail -1)" != "$(plain "$two" | grep -oE '[0-9]{2}:[0-9]{2}' | tail -1)" ] \
    || fail "the countdown did not move"
[ -e "$TMP/F" ] && fail "tmux ran the title's #(touch F)"
kill_tmux

# control: the same title unescaped in status-right: tmux reads it (F made or the red style)
printf '%s\n' "$TITLE" >"$TMP/raw"
sed "s|#($TMINUS show --format tmux)|#(cat $TMP/raw)|" "$TMP/inner.conf" >"$TMP/control.conf"
tmux -L outer -f /dev/null new -d -s o -x 160 -y 5 "tmux -L inner -f '$TMP/control.conf' new -s i" || fail "tmux (control)"
sleep 3
ctl=$(status_line)
grep -qF $'\e[31m' <<<"$ctl" || fail "control: tmux did not read #[fg=red] from a command's output (test cannot detect injection): $(cat -v <<<"$ctl")"
echo "PASS: tmux ($((SECONDS - start)) s; title literal in #bf616a, control run read the same title's #[fg=red])"
