#!/usr/bin/env bash
# The locale's clock, first weekday and names (weekdays, months, the afternoon's word, and on
# which side of a 12-hour time the word goes), read by tminus as `locale -k LC_TIME` says them, in the
# dynamic (debug) build and the static release build alike: in a statically linked program,
# glibc's nl_langinfo_l answers with the C locale's values for a locale newlocale made, so the
# release binary once showed 24-hour times in en_US and weeks from Sunday in de_DE.
#
#   bash Tests/locale/run.sh     DYNAMIC=path STATIC=path (default .build/debug/tminus and
#                                .build-bench/release/tminus); a missing one is skipped, said so.
# Locales not on this machine are made with localedef when run as root (CI), else skipped.
set -u
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DYNAMIC=${DYNAMIC:-$REPO/.build/debug/tminus}
STATIC=${STATIC:-$REPO/.build-bench/release/tminus}
LOCALES="en_US en_GB de_DE fr_FR ko_KR ja_JP zh_CN"
fail=0 checked=0
bins=()
for b in "$DYNAMIC" "$STATIC"; do
    if [ -x "$b" ]; then bins+=("$b"); else echo "locale: no binary at $b (skipped)"; fi
done
[ ${#bins[@]} -gt 0 ] || { echo "locale: no tminus binary to test" >&2; exit 2; }
if [ -x "$STATIC" ] && ! file "$STATIC" 2>/dev/null | grep -q 'statically linked'; then
    echo "locale: note: $STATIC is not statically linked"
fi
H=$(mktemp -d "${TMPDIR:-/tmp}/tminus-locale.XXXXXX")
trap 'rm -rf "$H"' EXIT
have() { locale -a 2>/dev/null | grep -qix "$1.utf-\?8"; }
"${bins[0]}" --home "$H" --now 2026-11-26T09:00 add Thesis --due 2026-11-26T17:00 >/dev/null || exit 2
"${bins[0]}" --home "$H" --now 2026-11-26T09:00 add Essay --due 2026-11-28T17:00 >/dev/null || exit 2
echo '{"clock": "12h"}' >"$H/12h.json"
for l in $LOCALES; do
    if ! have "$l"; then
        if [ "$(id -u)" = 0 ] && command -v localedef >/dev/null; then
            localedef -i "$l" -f UTF-8 "$l.UTF-8" 2>/dev/null || true
        fi
        have "$l" || { echo "locale: $l.UTF-8 is not on this machine (skipped; root makes it)"; continue; }
    fi
    L=$l.UTF-8
    # What the locale says: 12-hour when its time format uses %I, %l or %r; the first weekday
    # is first_weekday counted from week-1stday's date (glibc's definition).
    t_fmt=$(LC_ALL=$L locale t_fmt)
    case "$t_fmt" in *%I* | *%l* | *%r*) clock=12 ;; *) clock=24 ;; esac
    pm=$(LC_ALL=$L locale am_pm | cut -d";" -f2)
    # The first weekday's head in `cal`: its abbreviation's first two columns (So, lu, 月).
    first=$(LC_ALL=$L python3 -c '
import datetime, subprocess, unicodedata
out = subprocess.run(["locale", "week-1stday", "first_weekday", "abday"], capture_output=True, text=True).stdout.split("\n")
d = datetime.date(int(out[0][:4]), int(out[0][4:6]), int(out[0][6:8]))
sunday_first = (d.weekday() + 1) % 7
abday = out[2].split(";")
name, head, cols = abday[(sunday_first + int(out[1]) - 1) % 7], "", 0
for c in name:
    w = 2 if unicodedata.east_asian_width(c) in "WF" else 1
    if cols + w > 2:
        break
    head, cols = head + c, cols + w
print(head)')
    # A 12-hour time (the config's "clock": "12h") as t_fmt_ampm orders it: "5:00 PM", "오후 5:00",
    # "午後5:00" (English's word where the locale has none).
    ampm=$(LC_ALL=$L locale t_fmt_ampm)
    word=${pm:-PM}
    case "$ampm" in
        *%[pP]*%[Ilr]*) if [[ "$ampm" == *"%p "* || "$ampm" == *"%P "* ]]; then twelve="$word 5:00"; else twelve="${word}5:00"; fi ;;
        *) twelve="5:00 $word" ;;
    esac
    saturday=$(LC_ALL=$L locale abday | cut -d';' -f7)
    november=$(LC_ALL=$L locale alt_mon | cut -d';' -f11)
    # Where the locale writes a date year first (d_fmt %Y年%m月%d日: ja_JP, ko_KR, zh_CN), the
    # calendar's title is that d_fmt up to the day, as date(1) formats it ("2026年11月"): zh_CN's
    # month names (十一月) are not what its dates show.
    d_fmt=$(LC_ALL=$L locale d_fmt)
    title_want=""
    case "$d_fmt" in %Y*) title_want=$(LC_ALL=$L date -d 2026-11-26 +"$(printf '%s' "$d_fmt" | sed 's/ *%d.*$//; s/%m/%-m/')") ;; esac
    for b in "${bins[@]}"; do
        kind=dynamic
        [ "$b" = "$STATIC" ] && kind=static
        shown=$(LC_ALL=$L TZ=UTC "$b" --home "$H" --now 2026-11-26T09:00 list 2>&1)
        got_clock="?"
        case "$shown" in *"17:00"*) got_clock=24 ;; esac
        if [ -n "$pm" ]; then case "$shown" in *"5:00 $pm"*) got_clock=12 ;; esac; fi
        got_first=$(LC_ALL=$L "$b" --home "$H" --now 2026-11-26T09:00 cal 2>&1 | sed -n 2p | awk '{print $1}')
        title=$(LC_ALL=$L "$b" --home "$H" --now 2026-11-26T09:00 cal 2>&1 | sed -n 1p)
        tooltip=$(LC_ALL=$L TZ=UTC "$b" --home "$H" --now 2026-11-27T09:00 show --format plain --family large 2>&1 | sed -n 1p)
        as12=$(LC_ALL=$L TZ=UTC "$b" --home "$H" --config "$H/12h.json" --now 2026-11-26T09:00 list 2>&1)
        checked=$((checked + 1))
        title_ok=1
        if [ -n "$title_want" ]; then [[ "$title" == *" $title_want" || "$title" == "$title_want" ]] || title_ok=0
        else [[ "$title" == *"$november"* ]] || title_ok=0; fi
        if [ "$got_clock" != "$clock" ] || [ "$got_first" != "$first" ] || [ "$title_ok" = 0 ] \
            || [[ "$tooltip" != *"$saturday"* ]] || [[ "$as12" != *"$twelve"* ]]; then
            echo "locale: FAIL $L $kind: ${got_clock}-hour, weeks from $got_first, title '$title', tooltip '$tooltip'," \
                "12-hour list '$as12'; locale -k says ${clock}-hour ($t_fmt), from $first, November '$november'" \
                "(title '${title_want:-…$november…}')," \
                "Saturday '$saturday', 12-hour '$twelve' ($ampm)"
            fail=1
        else
            echo "locale: $L $kind: ${clock}-hour, weeks from $first, '${title_want:-$november}', '$saturday', '$twelve'," \
                "as locale -k LC_TIME says"
        fi
    done
done
[ "$fail" = 0 ] || exit 1
echo "locale: OK ($checked checks)"
