#!/usr/bin/env bash
# The README's examples, run as a reader would paste them, so that the README cannot drift.
#
#   bash Tests/readme/run.sh            # TMINUS_BIN=path to test another binary (default
#                                       # .build/debug/tminus); README=path for another file
#
# An example block is a ``` block whose lines start with "$ ": each "$ " line is a command (a
# line ending in "\" continues it), and the lines after it, up to the next "$ " line or the end
# of the block, are what it prints (stdout and stderr together). Every example block has a
# marker comment as the last line before it (HTML comments do not show on GitHub):
#
#   <!-- readme-test: now=2026-11-22T10:00 tz=Europe/Berlin home=tour -->
#
#   now=WHEN       the frozen clock, given to every command as --now
#   tz=ZONE        TZ for every command
#   home=NAME      blocks with the same NAME share one home (state carries over, in README
#                  order); without it the block gets a fresh one
#   setup=NAME     run Tests/readme/setup-NAME.sh first (data the README's own commands do not
#                  make: a calendar, the notifier having run); it gets BIN, H, NOW, TZ and HOME
#   homedir=PATH   HOME is a temp dir; print it as PATH (e.g. /home/you) where output shows it
#   skip           not run (say why in the marker: <!-- readme-test: skip (why) -->)
#
# Each command runs in its own `bash -c` (so quoting is tested exactly as pasted) with
#   tminus() { "$BIN" --home "$H" --config "$H/config.json" --now "$NOW" "$@"; }
# defined, in an empty environment but PATH, HOME (a temp dir, also the working directory),
# TZ and LANG=C.UTF-8. Its output is compared exactly with the README's; a mismatch prints a
# unified diff and the run exits 1. An example block without a marker, an unknown marker key
# or a missing setup script is an error too (exit 2).
set -u
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
README=${README:-$REPO/README.md}
SRC=${TMINUS_BIN:-$REPO/.build/debug/tminus}
[ -x "$SRC" ] || { echo "readme: no tminus binary at $SRC (build it, or set TMINUS_BIN)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "readme: python3 missing" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/tminus-readme.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
# A copy: a build may replace the binary while this runs.
cp "$SRC" "$T/tminus" || exit 2
BIN=$T/tminus

# Parse: one folder per example block under $T/blocks (meta.sh, cmd.K, exp.K, line.K).
python3 - "$README" "$T/blocks" <<'PY' || exit 2
import os, re, shlex, sys
readme, out = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")
name = os.path.basename(readme)
KEYS = {"now", "tz", "home", "setup", "homedir"}
MARK = re.compile(r"^<!--\s*readme-test:\s*(.*?)\s*-->\s*$")
errors, blocks = [], []
i = 0
while i < len(lines):
    fence = re.match(r"^(\s*)(```+|~~~+)", lines[i])
    if not fence:
        i += 1
        continue
    start, ticks = i, fence.group(2)
    j = i + 1
    while j < len(lines) and not lines[j].strip().startswith(ticks):
        j += 1
    body = lines[start + 1:j]
    i = j + 1
    if not any(l.startswith("$ ") for l in body):
        continue
    # The marker: the last non-blank line before the fence.
    k = start - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    m = MARK.match(lines[k]) if k >= 0 else None
    where = "%s:%d" % (name, start + 1)
    if not m:
        errors.append("%s: an example block ($ lines) without a <!-- readme-test: ... --> marker" % where)
        continue
    words = m.group(1).split()
    meta = {"line": str(start + 1)}
    if words and words[0] == "skip":
        meta["skip"] = " ".join(words[1:]) or "(no reason given)"
    else:
        for w in words:
            key, eq, value = w.partition("=")
            if key not in KEYS or not eq or not value:
                errors.append("%s: marker: '%s' is not one of %s=VALUE, or skip" % (where, w, "/".join(sorted(KEYS))))
            meta[key] = value
        for key in ("now", "tz"):
            if key not in meta:
                errors.append("%s: marker: %s= missing" % (where, key))
    if body and not body[0].startswith("$ "):
        errors.append("%s: an example block must start with a $ line" % where)
    cmds = []
    n = 0
    while n < len(body):
        line = body[n]
        if line.startswith("$ "):
            text, first = line[2:], start + 2 + n
            while text.endswith("\\") and n + 1 < len(body):
                n += 1
                text += "\n" + body[n]
            cmds.append([first, text, []])
        else:
            cmds[-1][2].append(line)
        n += 1
    blocks.append((meta, cmds))
if errors:
    print("\n".join("readme: " + e for e in errors), file=sys.stderr)
    sys.exit(1)
for b, (meta, cmds) in enumerate(blocks):
    d = os.path.join(out, "%03d" % b)
    os.makedirs(d)
    with open(os.path.join(d, "meta.sh"), "w") as f:
        for key in ("line", "now", "tz", "home", "setup", "homedir", "skip"):
            f.write("M_%s=%s\n" % (key, shlex.quote(meta.get(key, ""))))
        f.write("M_count=%d\n" % len(cmds))
    for c, (first, text, expected) in enumerate(cmds):
        open(os.path.join(d, "cmd.%d" % c), "w").write(text)
        open(os.path.join(d, "line.%d" % c), "w").write(str(first))
        open(os.path.join(d, "exp.%d" % c), "w").write("".join(l + "\n" for l in expected))
PY

RNAME=$(basename "$README")
blocks=0 commands=0 failed=0 skipped=()
for d in "$T"/blocks/*/; do
    [ -d "$d" ] || continue
    # shellcheck disable=SC1091
    source "$d/meta.sh"
    if [ -n "$M_skip" ]; then skipped+=("$RNAME:$M_line $M_skip"); continue; fi
    key=${M_home:-block-$M_line}
    base=$T/homes/$key
    H=$base/tminus U=$base/home
    mkdir -p "$H" "$U"
    run() {  # run ARGS... in the block's environment
        env -i PATH="$PATH" HOME="$U" TZ="$M_tz" LANG=C.UTF-8 BIN="$BIN" H="$H" NOW="$M_now" "$@"
    }
    if [ -n "$M_setup" ]; then
        script=$REPO/Tests/readme/setup-$M_setup.sh
        [ -f "$script" ] || { echo "readme: $RNAME:$M_line: setup=$M_setup: no $script" >&2; exit 2; }
        if ! (cd "$U" && run bash "$script") >"$T/setup.out" 2>&1; then
            echo "readme: $RNAME:$M_line: setup-$M_setup.sh failed:" >&2; cat "$T/setup.out" >&2; exit 2
        fi
    fi
    blocks=$((blocks + 1))
    for ((c = 0; c < M_count; c++)); do
        commands=$((commands + 1))
        cmd=$(cat "$d/cmd.$c")
        (cd "$U" && run timeout 60 bash --noprofile --norc -c '
tminus() { "$BIN" --home "$H" --config "$H/config.json" --now "$NOW" "$@"; }
'"$cmd") </dev/null >"$T/out" 2>&1
        if [ -n "$M_homedir" ]; then
            python3 -c 'import sys; p = sys.argv[1]; s = open(p, "rb").read(); open(p, "wb").write(s.replace(sys.argv[2].encode(), sys.argv[3].encode()))' \
                "$T/out" "$U" "$M_homedir"
        fi
        if ! diff -u --label "$RNAME:$(cat "$d/line.$c") (README)" --label "actual" "$d/exp.$c" "$T/out" >"$T/diff"; then
            echo "readme: $RNAME:$(cat "$d/line.$c"): \$ $cmd"
            cat "$T/diff"
            failed=$((failed + 1))
        fi
    done
done
for s in "${skipped[@]}"; do echo "readme: skipped $s"; done
if [ "$failed" -gt 0 ]; then
    echo "readme: $blocks blocks, $commands commands, $failed differ"
    exit 1
fi
echo "readme: $blocks blocks, $commands commands, all match"
