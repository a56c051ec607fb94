#!/usr/bin/env bash
# Golden outputs per locale: what a German, a Korean and a US user sees in every format and family
# (and in list, agenda, cal, board, item and stats), from the dynamic and the static release build
# alike. The files in Tests/locale/golden/ are the record; UPDATE=1 writes them again.
#
#   bash Tests/locale/goldens.sh   DYNAMIC=path STATIC=path (defaults .build/debug/tminus and
#                                  .build-bench/release/tminus); a missing one is skipped, said so.
# Locales not on this machine are made with localedef when run as root (CI), else skipped.
set -u
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DYNAMIC=${DYNAMIC:-$REPO/.build/debug/tminus}
STATIC=${STATIC:-$REPO/.build-bench/release/tminus}
GOLDEN=$REPO/Tests/locale/golden
LOCALES="de_DE ko_KR en_US"
NOW=2026-11-26T09:00
fail=0 checked=0
bins=()
for b in "$DYNAMIC" "$STATIC"; do
    if [ -x "$b" ]; then bins+=("$b"); else echo "locale goldens: no binary at $b (skipped)"; fi
done
[ ${#bins[@]} -gt 0 ] || { echo "locale goldens: no tminus binary to test" >&2; exit 2; }
W=$(mktemp -d "${TMPDIR:-/tmp}/tminus-goldens.XXXXXX")
trap 'rm -rf "$W"' EXIT
have() { locale -a 2>/dev/null | grep -qix "$1.utf-\?8"; }
run() { env -i PATH=/usr/bin:/bin HOME="$W" TZ=Europe/Berlin LC_ALL="$L" "$b" --home "$W/home" --now "$NOW" "$@" 2>&1; }
b=${bins[0]} L=C.UTF-8
run add "Thesis draft" --due 2026-11-28T17:00 --start 2026-11-01 --tag study >/dev/null
run add "Tax return" --due 2026-12-24 >/dev/null
run todo "Pay the electricity bill" --due 2026-11-25 --priority high >/dev/null
run todo "Email supervisor" --due 2026-11-26T18:30 --star >/dev/null
run todo "Buy milk" >/dev/null
formats=$(run completions bash 2>/dev/null | grep -o 'waybar [a-z0-9 -]*json' | head -1)
[ -n "$formats" ] || formats="waybar i3blocks i3bar polybar conky i3status-rs yambar xmobar tmux genmon xbar pango plain json"
# Everything a person reads, in one file per locale.
outputs() {
    for f in $formats; do
        for fam in small medium large; do
            echo "== show --format $f --family $fam"
            run show --format "$f" --family "$fam"
        done
    done
    for cmd in "list" "list --deadlines" "agenda --days 7" "cal" "board --once" "item 1" "item 3" "stats"; do
        echo "== $cmd"
        # shellcheck disable=SC2086
        run $cmd
    done
}
for l in $LOCALES; do
    if ! have "$l"; then
        if [ "$(id -u)" = 0 ] && command -v localedef >/dev/null; then
            localedef -i "$l" -f UTF-8 "$l.UTF-8" 2>/dev/null || true
        fi
        have "$l" || { echo "locale goldens: $l.UTF-8 is not on this machine (skipped; root makes it)"; continue; }
    fi
    L=$l.UTF-8
    for b in "${bins[@]}"; do
        kind=dynamic
        [ "$b" = "$STATIC" ] && kind=static
        # (Ids are random per home: each is ID in the record; the binary's path, which the
        # click actions name, is tminus.)
        outputs | sed -E -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/ID/g' -e "s#$b#tminus#g" \
            >"$W/$l.$kind.txt"
        checked=$((checked + 1))
        if [ "${UPDATE:-}" = 1 ] && [ "$kind" = dynamic ]; then
            cp "$W/$l.$kind.txt" "$GOLDEN/$l.txt"
            echo "locale goldens: wrote Tests/locale/golden/$l.txt"
        elif ! diff -u "$GOLDEN/$l.txt" "$W/$l.$kind.txt" >"$W/diff" 2>&1; then
            echo "locale goldens: FAIL $L $kind differs from Tests/locale/golden/$l.txt (UPDATE=1 writes it):"
            head -40 "$W/diff"
            fail=1
        else
            echo "locale goldens: $L $kind: as recorded"
        fi
    done
done
[ "$fail" = 0 ] || exit 1
echo "locale goldens: OK ($checked checks)"
