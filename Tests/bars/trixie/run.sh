#!/usr/bin/env bash
# The desktops Debian 12 lacks, from a Debian 13 chroot: GNOME Shell 48 and Plasma 6. Makes the
# chroot when it is not there (build.sh), then runs both. TMINUS_BIN: a static build.
cd "$(dirname "$0")" || exit 2
bash build.sh || exit 1
failed=0
for t in gnome-shell.sh plasma.sh; do
    out=$(timeout 240 bash "$t" 2>&1); rc=$?
    if [ $rc -eq 0 ]; then echo "ok   trixie/$t $(grep -E '^(PASS|SKIP):' <<<"$out" | tail -n 1)"
    else failed=1; echo "FAIL trixie/$t (exit $rc)"; sed 's/^/    /' <<<"$out"; fi
done
exit $failed
