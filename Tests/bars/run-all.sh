#!/usr/bin/env bash
# Run every real-bar test in this folder. A test passes on exit 0 (a "SKIP:" line still
# exits 0: the bar is not installed); the last line is "N passed, M failed".
# TMINUS_BIN picks the binary; BARS_ARTIFACTS keeps the screenshots.
cd "$(dirname "$0")" || exit 2
passed=0; failed=0; skipped=0
for t in i3blocks.sh conky.sh polybar.sh waybar.sh waybar-day.sh waybar-german.sh board.sh yambar.sh xmobar.sh tmux.sh genmon.sh gnome-shell.sh plasma.sh; do
    t0=$(date +%s.%N)
    # (Plasma's two sessions may each wait up to 190 s for plasmoidviewer on a busy machine.)
    limit=120; [ "$t" = plasma.sh ] && limit=420
    out=$(timeout "$limit" bash "$t" 2>&1); rc=$?
    dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
        grep -q '^SKIP:' <<<"$out" && skipped=$((skipped + 1))
        echo "ok   $t (${dt}s) $(grep -E '^(PASS|SKIP):' <<<"$out" | tail -n 1)"
    else
        failed=$((failed + 1))
        echo "FAIL $t (${dt}s, exit $rc)"; sed 's/^/    /' <<<"$out"
    fi
done
[ $skipped -gt 0 ] && echo "($skipped of the passes were skips)"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
