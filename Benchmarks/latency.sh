#!/usr/bin/env bash
# The latencies that were wall-clock thresholds in tests (Benchmarks/README.md), on the release
# static executable: median wall time of RUNS runs each, against its target.
#  1. `timeline --limit 40` to a deadline in 9999 with `{worktime}` and a deadline counting in
#     working time (each entry used to walk 8,000 years of clock changes week by week): < 20 s;
#  2. `list` on an Obsidian vault with a 16 MiB note, a note of 60,000 tasks and a line of a
#     megabyte of task markers (`maxItems` 3): < 20 s;
#  3. a WHEN phrase read (`add --due` in a fresh home, the whole process), and a hostile one of
#     4,000 words refused: < 500 ms each (the in-process target of 5 ms on average is for the
#     parser alone; a process costs its start on top).
# Prints one line per figure and fails when one is over its target.
# Usage: Benchmarks/latency.sh [runs]   (TMINUS_BIN=path skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
. Benchmarks/lib.sh
WORK=$(mktemp -d /tmp/tminus-latency.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export TZ=Europe/Berlin LANG=C.UTF-8 HOME=$WORK XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
unset XDG_RUNTIME_DIR XDG_CACHE_HOME TMINUS_HOME TMINUS_NOW
NOW=2026-03-13T16:00

# median_ms COMMAND…: the median wall time of RUNS runs, in milliseconds (its output dropped).
median_ms() {
  local times=() i s e
  for ((i = 0; i < RUNS; i++)); do
    s=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    e=$(date +%s%N)
    times+=($(((e - s) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}
fail=0
# report NAME MS TARGET_MS
report() {
  local verdict=ok
  [ "$2" -lt "$3" ] || { verdict=OVER; fail=1; }
  printf 'latency: %-70s %7s ms  (target < %s ms) %s\n' "$1" "$2" "$3" "$verdict"
}

# 1. A timeline to 9999 with working time.
H1=$WORK/far
mkdir -p "$WORK/c1"
printf '%s\n' '{ "deadline": "Far", "templates": { "small": "{worktime}", "medium": "{title} {countdown}" } }' >"$WORK/c1/config.json"
"$BIN" --home "$H1" --config "$WORK/c1/config.json" --now "$NOW" add Far --due "9999-12-01 10:00" >/dev/null
"$BIN" --home "$H1" --config "$WORK/c1/config.json" --now "$NOW" add Work --due "9999-11-01 10:00" >/dev/null
"$BIN" --home "$H1" --config "$WORK/c1/config.json" --now "$NOW" edit 2 --working-time on >/dev/null
"$BIN" --home "$H1" --config "$WORK/c1/config.json" --now "$NOW" timeline --limit 40 | grep -q '"entries"' \
  || { echo "latency: FAIL: timeline to 9999 did not run"; exit 1; }
report "timeline --limit 40 to 9999 with {worktime}" \
  "$(median_ms "$BIN" --home "$H1" --config "$WORK/c1/config.json" --now "$NOW" timeline --limit 40)" 20000

# 2. A hostile Obsidian vault.
V=$WORK/vault
mkdir -p "$V"
python3 - "$V" <<'PY'
import sys
v = sys.argv[1]
with open(v + "/Huge.md", "wb") as f:
    f.write("- [ ] inside a huge note 📅 2026-03-11\n".encode())
    f.write(b"a" * (16 << 20))
with open(v + "/Many.md", "w") as f:
    for i in range(60000):
        f.write("- [ ] Task %d 📅 2027-%02d-01\n" % (i, i % 12 + 1))
    f.write("- [ ] The soonest 📅 2026-03-09\n")
with open(v + "/Line.md", "w") as f:
    f.write("- [ ] " + "🔁 x #y [due:: " * 60000 + "\n")
PY
mkdir -p "$WORK/c2"
printf '{ "sources": [ { "name": "notes", "kind": "obsidian", "path": "%s", "maxItems": 3 } ] }\n' "$V" >"$WORK/c2/config.json"
# (A fresh home each run: the first read of the vault is what is measured, not a kept one.)
obsidian_list() {
  local h
  h=$(mktemp -d "$WORK/h2.XXXXXX")
  "$BIN" --home "$h" --config "$WORK/c2/config.json" --now "$NOW" list
}
obsidian_list | grep -q "The soonest" || { echo "latency: FAIL: list on the vault does not show its soonest task"; exit 1; }
report "list on a vault with a 16 MiB note, 60,000 tasks, a 1 MB line" "$(median_ms obsidian_list)" 20000

# 3. WHEN phrases, read and refused.
when_add() {
  local h
  h=$(mktemp -d "$WORK/h3.XXXXXX")
  "$BIN" --home "$h" --config /dev/null/none --now "$NOW" add Thesis --due "$1"
}
for phrase in "next friday at 5pm" "in 3 days" "2026-12-01T17:00" "end of month"; do
  when_add "$phrase" >/dev/null || { echo "latency: FAIL: add --due \"$phrase\" was refused"; exit 1; }
  report "add --due \"$phrase\"" "$(median_ms when_add "$phrase")" 500
done
hostile=$(python3 -c 'print(" ".join(["next"] * 4000))')
status=0
when_add "$hostile" >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || { echo "latency: FAIL: the hostile phrase was not refused with exit 2 (exit $status)"; exit 1; }
report "add --due with a hostile phrase of 4,000 words (refused)" "$(median_ms when_add "$hostile")" 500
exit "$fail"
