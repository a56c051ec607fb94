#!/usr/bin/env bash
# tminus board live in a real terminal: tmux headless (a 100x20 pane) runs
#   tminus --now 2026-11-24T16:59:50 board
# and capture-pane must show every deadline with its countdown and progress bar and today's
# todos; the countdown must tick (a second frame differs only in the countdown), a change to the
# data must show without a restart, and q must end it with the terminal put back (exit 0, no
# alternate screen left). Then NO_COLOR and --once.
source "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip "tmux missing (see Tests/bars/PACKAGES)"
setup_env
export TZ=Europe/Berlin
t() { tminus --now 2026-11-24T09:00 "$@" >/dev/null || fail "tminus $*"; }
t add "Thesis draft" --due 2026-11-24T17:00 --start 2026-11-02T09:00 --tag study
t add "Tax return" --due 2026-11-30
t todo "Pay the rent" --due 2026-11-20 --priority high
t todo "Buy milk"
S=tminus-board-$$
tmux -L "$S" new-session -d -x 100 -y 20 "tminus --now 2026-11-24T16:59:50 board; echo \"EXIT \$?\"; sleep 30" || fail "tmux did not start"
trap 'tmux -L "$S" kill-server 2>/dev/null; cleanup' EXIT
pane() { tmux -L "$S" capture-pane -p; }
wait_for 10 bash -c "tmux -L $S capture-pane -p | grep -q 'Thesis draft'" || { pane; fail "board did not draw"; }
first=$(pane)
grep -Eq 'Thesis draft +00:[01][0-9] +█.* 9[0-9]%  Tue 24 Nov 17:00' <<<"$first" || { echo "$first"; fail "no countdown and bar for Thesis draft"; }
grep -q 'Tax return' <<<"$first" && grep -q '⚠ Pay the rent !! (overdue)' <<<"$first" && grep -q '• Buy milk' <<<"$first" \
    || { echo "$first"; fail "a deadline or today's todos missing"; }
sleep 2.2
second=$(pane)
[ "$first" != "$second" ] || fail "the countdown did not tick"
[ "$(diff <(echo "$first") <(echo "$second") | grep -c '^[<>]')" = 2 ] || { diff <(echo "$first") <(echo "$second"); fail "more than the countdown line changed"; }
t todo "Call the dentist" --due 2026-11-24T18:00
wait_for 5 bash -c "tmux -L $S capture-pane -p | grep -q 'Call the dentist'" || { pane; fail "a new todo did not show"; }
tmux -L "$S" send-keys q
wait_for 5 bash -c "tmux -L $S capture-pane -p | grep -q '^EXIT 0'" || { pane; fail "q did not end it with exit 0"; }
tmux -L "$S" kill-server
out=$(NO_COLOR=1 script -qec "tminus --now 2026-11-24T16:59:50 board --once" /dev/null) || fail "board --once"
grep -q $'\e\[38' <<<"$out" && fail "NO_COLOR: colour codes"
grep -q 'Thesis draft' <<<"$out" || fail "board --once printed no deadline"
echo "PASS: board: drawn, ticks, shows a new todo live, q ends it; NO_COLOR and --once"
