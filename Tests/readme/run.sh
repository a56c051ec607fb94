#!/usr/bin/env bash
# The examples of the README and of docs/, run as a reader would paste them, so that neither can
# drift from what tminus prints.
#
#   bash Tests/readme/run.sh            # README.md and every docs/*.md; TMINUS_BIN=path to test
#                                       # another binary (default .build/debug/tminus)
#   README=path bash Tests/readme/run.sh   # one file only
#
# An example block is a ``` block whose lines start with "$ ": each "$ " line is a command (a
# line ending in "\" continues it), and the lines after it, up to the next "$ " line or the end
# of the block, are what it prints (stdout and stderr together). Every example block has a
# marker comment as the last line before it (HTML comments do not show on GitHub). Two kinds:
#
#   <!-- readme-test: session=tour -->
#
#     A session: pasted into one terminal, block after block (in the file's order), as a reader
#     does. Nothing is added to the commands: `tminus` is the binary on PATH, and the clock, the
#     zone and the folders are what the session's own first line exports. So the first block of
#     a session must start with `$ export …` setting TMINUS_NOW, TZ, TMINUS_HOME and
#     XDG_CONFIG_HOME. Each command runs in its own bash with the variables the commands before
#     it exported (and their working directory), starting from a reader's environment that is
#     deliberately not the one shown (TZ=America/Los_Angeles, LANG=en_US.UTF-8 where that locale
#     exists, a session's XDG_RUNTIME_DIR) and on a terminal (util-linux's script, where tminus
#     would colour its output): only the export line can make the output match. Then the
#     reader's own ~/.local/share/tminus and ~/.config/tminus must still not exist.
#
#   <!-- readme-test: now=2026-11-22T10:00 tz=Europe/Berlin home=calendar setup=calendar -->
#
#     Injected: every command runs with
#       tminus() { "$BIN" --home "$H" --config "$H/config.json" --now "$NOW" "$@"; }
#     defined, in an empty environment but PATH, HOME (a temp dir, also the working directory),
#     TZ and LANG=C.UTF-8, for examples whose state the page's own commands do not make.
#       now=WHEN       the frozen clock, given to every command as --now
#       tz=ZONE        TZ for every command
#       home=NAME      blocks with the same NAME share one home (state carries over, in file
#                      order); without it the block gets a fresh one
#       setup=NAME     run Tests/readme/setup-NAME.sh first (data the page's own commands do not
#                      make: a calendar, the notifier having run); it gets BIN, H, NOW, TZ, HOME
#       homedir=PATH   HOME is a temp dir; print it as PATH (e.g. /home/you) where output shows it
#
#   <!-- readme-test: skip (why) -->   not run
#
# Each command runs in its own `bash -c` (so quoting is tested exactly as pasted). Its output is
# compared exactly with the page's; a mismatch prints a unified diff and the run exits 1. An
# example block without a marker, an unknown marker key, a session without its export line or a
# missing setup script is an error too (exit 2).
set -u
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SRC=${TMINUS_BIN:-$REPO/.build/debug/tminus}
[ -x "$SRC" ] || { echo "readme: no tminus binary at $SRC (build it, or set TMINUS_BIN)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "readme: python3 missing" >&2; exit 2; }
if [ -n "${README:-}" ]; then
    files=("$README")
else
    files=("$REPO/README.md" "$REPO"/docs/*.md)
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/tminus-readme.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
# A copy: a build may replace the binary while this runs. A session finds it on PATH as `tminus`.
mkdir -p "$T/bin" && cp "$SRC" "$T/bin/tminus" || exit 2
BIN=$T/bin/tminus
# A session's commands run on a terminal (a pseudo-terminal from util-linux's script), as pasted.
on_terminal=
if script -qefc true /dev/null </dev/null >/dev/null 2>&1; then on_terminal=1; else
    echo "readme: no script(1) (util-linux): sessions run without a terminal"; fi
# A reader's locale that differs from the pages' (12-hour times, weeks from Sunday), if there is one.
reader_lang=C.UTF-8
locale -a 2>/dev/null | grep -qix 'en_US.utf-\?8' && reader_lang=en_US.UTF-8

# Parse FILE: one folder per example block under DIR (meta.sh, cmd.K, exp.K, line.K).
parse() {
python3 - "$1" "$2" <<'PY'
import os, re, shlex, sys
readme, out = sys.argv[1], sys.argv[2]
lines = open(readme, encoding="utf-8").read().split("\n")
name = os.path.basename(readme)
KEYS = {"now", "tz", "home", "setup", "homedir", "session"}
MARK = re.compile(r"^<!--\s*readme-test:\s*(.*?)\s*-->\s*$")
EXPORTS = ("TMINUS_NOW", "TZ", "TMINUS_HOME", "XDG_CONFIG_HOME")
errors, blocks, sessions = [], [], set()
os.makedirs(out)
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
        if "session" in meta:
            extra = sorted(k for k in meta if k not in ("line", "session", "homedir"))
            if extra:
                errors.append("%s: marker: a session's own export line sets the clock, zone and home: no %s="
                              % (where, "=, ".join(extra)))
        else:
            for key in ("now", "tz"):
                if key not in meta:
                    errors.append("%s: marker: %s= missing (or session=NAME, whose export line sets it)" % (where, key))
    if body and not body[0].startswith("$ "):
        errors.append("%s: an example block must start with a $ line" % where)
    if "session" in meta and meta["session"] not in sessions:
        sessions.add(meta["session"])
        first = body[0][2:] if body and body[0].startswith("$ ") else ""
        missing = [v for v in EXPORTS if not re.search(r"(^|\s)%s=" % v, first)]
        if not first.startswith("export ") or missing:
            errors.append("%s: session %s starts without its export line (export %s)"
                          % (where, meta["session"], "=… ".join(missing or EXPORTS) + "=…"))
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
        elif cmds:
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
        for key in ("line", "now", "tz", "home", "setup", "homedir", "skip", "session"):
            f.write("M_%s=%s\n" % (key, shlex.quote(meta.get(key, ""))))
        f.write("M_count=%d\n" % len(cmds))
    for c, (first, text, expected) in enumerate(cmds):
        open(os.path.join(d, "cmd.%d" % c), "w").write(text)
        open(os.path.join(d, "line.%d" % c), "w").write(str(first))
        open(os.path.join(d, "exp.%d" % c), "w").write("".join(l + "\n" for l in expected))
PY
}

total_blocks=0 total_commands=0 failed=0 checked=0 skipped=()
for file in "${files[@]}"; do
    [ -f "$file" ] || { echo "readme: no file $file" >&2; exit 2; }
    RNAME=${file#"$REPO"/}
    # Short paths: a page may show a path under HOME, and tminus shortens long ones.
    F=$T/$checked
    checked=$((checked + 1))
    parse "$file" "$F.blocks" || exit 2
    blocks=0 commands=0 sessions=()
    for d in "$F".blocks/*/; do
        [ -d "$d" ] || continue
        # shellcheck disable=SC1091
        source "$d/meta.sh"
        if [ -n "$M_skip" ]; then skipped+=("$RNAME:$M_line $M_skip"); continue; fi
        if [ -n "$M_session" ]; then key=session-$M_session; else key=${M_home:-block-$M_line}; fi
        base=$F.$key
        H=$base/tminus U=$base/home
        if [ -n "$M_session" ] && [ ! -d "$base" ]; then
            # A reader's fresh shell: their own HOME, a zone and locale that are not the page's, a
            # session's runtime folder (where a bar's polls keep their output).
            mkdir -p "$U/tmp" "$U/run"
            chmod 0700 "$U/run"
            env -i PATH="$T/bin:$PATH" HOME="$U" TMPDIR="$U/tmp" XDG_RUNTIME_DIR="$U/run" \
                TZ=America/Los_Angeles LANG="$reader_lang" /bin/bash --noprofile --norc -c 'export -p' >"$base/env"
            echo "$U" >"$base/pwd"
            sessions+=("$base")
        fi
        mkdir -p "$H" "$U"
        run() {  # run ARGS... in the block's environment (injected blocks)
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
            if [ -n "$M_session" ]; then
                # The session so far (its exported variables and folder), the command as pasted, then
                # what the session is after it.
                printf -v restore 'source %q; cd "$(cat %q)" || exit 99\n' "$base/env" "$base/pwd"
                printf -v keep '\n__rc=$?; export -p >%q; pwd >%q; exit $__rc' "$base/env" "$base/pwd"
                printf -v shell 'env -i /bin/bash --noprofile --norc -c %q' "$restore$cmd$keep"
                if [ -n "$on_terminal" ]; then
                    # On a terminal, as pasted: what tminus does there (colours, questions) shows.
                    # script(1) runs its command with $SHELL, or /bin/sh when that is unset (as in
                    # CI); $shell is bash's quoting ($'...'), which dash reads as something else.
                    SHELL=/bin/bash timeout 60 script -qefc "$shell" /dev/null </dev/null 2>&1 | tr -d '\r' >"$T/out"
                else
                    timeout 60 bash -c "$shell" </dev/null >"$T/out" 2>&1
                fi
            else
                (cd "$U" && run timeout 60 bash --noprofile --norc -c '
tminus() { "$BIN" --home "$H" --config "$H/config.json" --now "$NOW" "$@"; }
'"$cmd") </dev/null >"$T/out" 2>&1
            fi
            if [ -n "$M_homedir" ]; then
                python3 -c 'import sys; p = sys.argv[1]; s = open(p, "rb").read(); open(p, "wb").write(s.replace(sys.argv[2].encode(), sys.argv[3].encode()))' \
                    "$T/out" "$U" "$M_homedir"
            fi
            if ! diff -u --label "$RNAME:$(cat "$d/line.$c") (as shown)" --label "actual" "$d/exp.$c" "$T/out" >"$T/diff"; then
                echo "readme: $RNAME:$(cat "$d/line.$c"): \$ $cmd"
                cat "$T/diff"
                failed=$((failed + 1))
            fi
        done
    done
    # A session's export line keeps the tour out of the reader's own data and config.
    for base in "${sessions[@]}"; do
        for own in .local/share/tminus .config/tminus; do
            if [ -e "$base/home/$own" ]; then
                echo "readme: $RNAME: session ${base##*.session-} wrote into the reader's ~/$own (its export line must set TMINUS_HOME and XDG_CONFIG_HOME)"
                failed=$((failed + 1))
            fi
        done
    done
    [ "$blocks" -gt 0 ] && echo "readme: $RNAME: $blocks blocks, $commands commands"
    total_blocks=$((total_blocks + blocks)) total_commands=$((total_commands + commands))
done
for s in "${skipped[@]}"; do echo "readme: skipped $s"; done
if [ "$failed" -gt 0 ]; then
    echo "readme: $total_blocks blocks, $total_commands commands, $failed differ"
    exit 1
fi
echo "readme: $checked files, $total_blocks blocks, $total_commands commands, all match"
