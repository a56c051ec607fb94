#!/usr/bin/env bash
# CONTRIBUTING's recipes ("Adding things") still hold: a command with an option, a bar format, a
# config key and a source kind are each added as a trial entry, to the letter of the recipe, in a
# scratch copy of this checkout (its tracked files as they are in the working tree; the checkout
# itself is never changed), and the tests the recipe names are run on it.
#
#   bash Tests/recipes/run.sh        # builds twice in a temporary folder (removed at the end)
#   RECIPES_KEEP=1 bash Tests/recipes/run.sh   # keeps it, to look into a failure
#
# Phase A: the code half of every recipe (the files it says to write, the lines it says to add),
# one build. Each test the recipe says will then ask for the rest must fail and name what is
# missing (the golden file, the conformance case, integrations/NAME/, the docs section or row,
# SourceKindCase.all, the command table's list, schema.py's cases): a test that passes, or fails
# without naming it, means the recipe's "a test says exactly what is missing" no longer holds.
# Phase B: the rest, as the recipe says (the golden recorded with RECORD_GOLDEN=1, the
# integration from `setup NAME --full`, the docs, the lists), one more build: the same tests pass.
# Any failure is one line "recipes: FAIL: …" and exit 1; at the end one line per recipe with the
# hand-written code files it took.
#
# Needs: the Swift toolchain, git, python3 (python3-jsonschema for Tests/config/schema.py; without
# it schema.py skips and so does its check here, unless TMINUS_REQUIRE_JSONSCHEMA=1).
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tminus-recipes.XXXXXX")
# (RECIPES_KEEP=1 keeps the scratch copy, built, to look into a failure.)
if [ -n "${RECIPES_KEEP:-}" ]; then
    trap 'echo "recipes: the scratch copy is kept in $tmp"' EXIT
else
    trap 'rm -rf "$tmp"; echo "recipes: ($SECONDS s in all, the scratch copy removed)"' EXIT
fi
src=$tmp/repo
log=$tmp/log
mkdir -p "$src" "$log"

fail() {
    echo "recipes: FAIL: $*"
    exit 1
}
step() { printf 'recipes: %s (%s s)\n' "$*" "$SECONDS"; }

# The scratch copy: the tracked files as the working tree has them.
(cd "$repo" && git ls-files -z | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$src"
cd "$src"
# (Inside the copy: the spawning tests look for .build/debug/tminus there.)
build=$src/.build

# Where things are, found rather than assumed (the folders move as targets split).
found() { # found PATTERN: the one tracked file whose path matches
    local hits
    hits=$(git -C "$repo" ls-files | grep -E "$1" || true)
    [ "$(printf '%s\n' "$hits" | grep -c .)" = 1 ] || fail "expected one file matching $1, found: ${hits:-none}"
    printf '%s\n' "$hits"
}
commands=$(dirname "$(found '/Commands/AddCommand\.swift$')")
table=$(found '/Table/CommandTable\.swift$')
renderers=$(found '^Sources/[^/]+/Renderer\.swift$')
render_dir=$(dirname "$renderers")
config_keys=$(found '/ConfigKey\+All\.swift$')
config_swift=$(found '/Config/Config\.swift$')
source_config=$(found '/SourceConfig\.swift$')
kinds=$(dirname "$(found '/Kinds/TodoTxtSource\.swift$')")
kinds_module=$(cut -d/ -f2 <<<"$kinds")
parsers=$(dirname "$(found '/TodoTxt\.swift$')")
parsers_module=$(cut -d/ -f2 <<<"$parsers")
core_module=$(cut -d/ -f2 <<<"$source_config")
step "scratch copy in $src; source kinds in $kinds ($kinds_module), parsers in $parsers_module"

# edit FILE REGEX TEXT WHAT: one substitution (Python's re, "." matching newlines too), or fail:
# the place the recipe names is gone. In TEXT, \1 and \2 are the groups, \n a newline, \\ a \.
edit() {
    python3 - "$@" <<'EOF' || fail "$4: cannot find its place in $1"
import re, sys
path, pattern, text = sys.argv[1:4]
def put(m):
    return re.sub(r"\\([\\n0-9])", lambda e: {"\\": "\\", "n": "\n"}.get(e[1]) or m.group(int(e[1])), text)
old = open(path, encoding="utf-8").read()
new, n = re.subn(pattern, put, old, count=1, flags=re.S | re.M)
if n != 1: sys.exit(1)
open(path, "w", encoding="utf-8").write(new)
EOF
}

# ---------------------------------------------------------------------------------------------
# Phase A: the code half of each recipe.

# A command (one file: its Options, its spec and its run) with an option (a static let in its
# Options, in its spec's list, read as a[Options.loud]).
cat >"$commands/TrialCommand.swift" <<'EOF'
import TMinusApp
import TMinusCore

extension TrialCommand {
    /// `trial`'s options.
    enum Options {
        static let loud = Opt.flag("loud", "say it in capitals")
    }
}

private typealias O = TrialCommand.Options

extension Specs {
    /// `tminus trial`.
    static let trial = CommandSpec(
        name: "trial", group: "shell", summary: "says trial (the recipes' trial command)",
        options: [O.loud.spec], text: "Prints the word trial.", examples: ["tminus trial --loud"],
        run: TrialCommand.run, readsConfig: false)
}

/// `tminus trial [--loud]`: prints a word (Tests/recipes/run.sh's trial command).
enum TrialCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "trial")
        try a.expectPositional(0...0, command: "trial")
        ctx.say(a[Options.loud] ? "TRIAL" : "trial")
        return 0
    }
}
EOF
command_files=("$commands/TrialCommand.swift")

# A bar format: its renderer (with its BarSetup in the same file) and its line in Renderers.all.
cat >"$render_dir/TrialRenderer.swift" <<'EOF'
import TMinusCore
public import TMinusTimeline

/// `trial`: `STATE|TEXT` on one line, for a bar that splits at `|`: data's `\` and `|` are
/// escaped with a backslash (Tests/recipes/run.sh's trial format).
public struct TrialRenderer: Renderer {
    /// The `--format` name.
    public let format = "trial"
    /// The one line for `show`'s help and the man page.
    public let about = "STATE|TEXT for the trial bar"
    /// One shot only.
    public let streams = false
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.trial] }

    /// The family (default medium) on one line after its state.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Self.escape))
        return Rendered("\(entry.error == nil ? entry.state.rawValue : "critical")|\(text)")
    }

    /// The trial bar's escaping: `\` and `|` get a backslash.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in Escape.oneLine(s) {
            if c == "\\" || c == "|" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}

extension BarSetup {
    static let trial: BarSetup = BarSetup(
        name: "trial", aliases: [], about: N_("the trial bar's command line"),
        configFiles: ["trial/trial.conf"], write: .createOnly,
        integration: "trial/trial.conf", marker: "--format trial",
        snippet: { c in "command = \(c.binary) show --format trial\n" },
        full: { c in "# the trial bar\ninterval = 1\n" + trial.snippet(c) },
        next: { _, file in "Put the line in \(file)" })
}
EOF
edit "$renderers" '(static let all: \[any Renderer\] = \[.*?)(\n\s*\])' '\1, TrialRenderer()\2' "a bar format (Renderers.all)"
bar_files=("$render_dir/TrialRenderer.swift" "$renderers")

# A config key: a ConfigKey in ConfigKey+All.swift and its field in Config.swift.
edit "$config_keys" '(public static let all: \[ConfigKey\] = \[.*?)\n(    \]\n)' '\1,
        ConfigKey(
            "trialFlag", "the recipes'"'"' trial key",
            initValue: "false", schema: Schema.boolean
        ) { r, m in if let b = r.bool(m, m.key) { r.config.trialFlag = b } }
\2' "a config key (ConfigKey.all)"
edit "$config_swift" '(public struct Config: [^{]*\{\n)' '\1    /// The recipes'"'"' trial key.\n    public var trialFlag = false\n' \
    "a config key (Config's field)"
config_files=("$config_keys" "$config_swift")

# A source kind: its SourceKindIO in the kinds' folder (what it is, its kind and its facts declared
# there) and its parser in the parsers' module; tools/source-kinds.py makes the lists of kinds from
# the kinds' files (SourceConfig.Kind, SourceKinds.io).
cat >"$kinds/TrialSource.swift" <<EOF
import $core_module
import $parsers_module

/// \`trial\`: a text file, one todo a line; read-only (Tests/recipes/run.sh's trial kind).
enum TrialSource: SourceKindIO {
    /// A text file, one todo a line (the recipes' trial kind, read-only).
    static let kind = SourceConfig.Kind.trial
    static let facts = SourceKindFacts(path: .file, example: "~/trial.txt", isWritable: false, isCalendar: false)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let (_, bytes) = try readFile(
            source, sourcing, into: &out, missing: N_("%s does not exist; create it or fix \"path\""))
        out.items = TrialList.parse(bytes, source: source.name)
    }
}
EOF
cat >"$parsers/TrialList.swift" <<'EOF'
public import TMinusCore

/// The trial kind's file: one todo a line, its title the line (Tests/recipes/run.sh).
public enum TrialList {
    /// The file's todos, in its order; each id the hash of its line (and its count, for a repeat).
    public static func parse(_ bytes: [UInt8], source: String) -> [Item] {
        var out: [Item] = []
        var seen: [String: Int] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let title = String(decoding: line, as: UTF8.self)
            let base = "trl-" + FNV1a.hex(title.utf8)
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            out.append(
                Item(kind: .todo, id: n == 1 ? base : "\(base)#\(n)", handle: 0, title: title, source: source))
        }
        return out
    }
}
EOF
kind_files=("$kinds/TrialSource.swift" "$parsers/TrialList.swift")
python3 tools/source-kinds.py >/dev/null || fail "a source kind: tools/source-kinds.py does not take the trial kind"

swift_build() {
    local name=$1
    if ! swift build --build-tests --scratch-path "$build" >"$log/$name" 2>&1; then
        grep -E 'error:' "$log/$name" | head -5
        fail "$name: the build failed (the recipe's code half does not compile as the recipe says)"
    fi
}
step "phase A: building with the code half of every recipe"
swift_build build-a
bin=$build/debug/tminus
export TMINUS_BIN=$bin
step "phase A: built"

# run_tests NAME FILTER: swift test's output in $log/NAME; its status.
run_tests() {
    local name=$1 filter=$2
    set +e
    swift test --skip-build --scratch-path "$build" --filter "$filter" >"$log/$name" 2>&1
    local status=$?
    set -e
    return $status
}
# asks RECIPE NAME FILTER WORDS...: the tests fail, and their failure names each of WORDS.
asks() {
    local recipe=$1 name=$2 filter=$3
    shift 3
    if run_tests "$name" "$filter"; then
        fail "$recipe: $filter passes without the rest of the recipe: it does not say what is missing"
    fi
    local w
    for w in "$@"; do
        grep -qF -- "$w" "$log/$name" || {
            tail -20 "$log/$name"
            fail "$recipe: $filter fails without naming '$w'"
        }
    done
    echo "recipes: $recipe: $filter fails and names: $*"
}
# holds RECIPE NAME FILTER: the tests pass.
holds() {
    local recipe=$1 name=$2 filter=$3
    if ! run_tests "$name" "$filter"; then
        grep -E '✘|error|Expectation failed' "$log/$name" | head -8
        fail "$recipe: $filter still fails after the recipe's steps"
    fi
    echo "recipes: $recipe: $filter passes"
}
schema_skipped=0
schema() { TMINUS_BIN=$bin python3 Tests/config/schema.py >"$log/$1" 2>&1; }

asks "a command" a-command 'CommandSpecFilesTests' "Specs.trial is no listed command's spec" "CommandTable.swift"
asks "a bar format" a-golden 'GoldenRenderTests' "trial.txt"
asks "a bar format" a-conformance 'RendererConformanceTests' "no format-specific conformance check for trial"
asks "a bar format" a-integration 'BarSetupTests' "trial/trial.conf"
asks "a bar format" a-words 'CLIPseudoLocaleTests/everyFormat' "trial [] bypasses the catalogs"
asks "a config key" a-config 'configPageDocumentsEveryConfigKey' "docs/config.md's table lacks the key trialFlag"
if schema a-schema; then
    if grep -q '^SKIP' "$log/a-schema"; then
        schema_skipped=1
        echo "recipes: a config key: $(cat "$log/a-schema") (not checked here)"
    else
        fail "a config key: Tests/config/schema.py passes without the key's cases"
    fi
else
    grep -q 'trialFlag' "$log/a-schema" || fail "a config key: Tests/config/schema.py fails without naming trialFlag"
    echo "recipes: a config key: Tests/config/schema.py fails and names: trialFlag"
fi
asks "a source kind" a-kind 'SourceKindConformanceTests' "trial: add it to SourceKindCase.all"

# ---------------------------------------------------------------------------------------------
# Phase B: the rest of each recipe.

# A command: Specs.trial in its group's list.
edit "$table" '(static let shell: \[CommandSpec\] = \[[^]]*)\]' '\1, Specs.trial]' "a command (CommandTable's list)"
command_files+=("$table")
# A bar format: its bar's syntax checked in RendererConformanceTests.
edit Tests/TMinusRenderTests/RendererConformanceTests.swift '(\n        default:\n            // A new renderer)' '
        case "trial":
            // STATE|TEXT: one | of ours, every | of data after a backslash.
            #expect(text.hasPrefix(entry.error == nil ? entry.state.rawValue + "|" : "critical|"), "trial: \\(text)")
            var rest = Substring(text.drop { $0 != "|" }.dropFirst())
            while let i = rest.firstIndex(where: { $0 == "\\\\" || $0 == "|" }) {
                #expect(rest[i] == "\\\\", "trial: a | from data: \\(text)")
                rest = rest[rest.index(after: i)...].dropFirst()
            }\1' "a bar format (its conformance case)"
# A bar format: its words for the bar (the state), not for a person, taken out of what the
# pseudo-locale test reads.
edit Tests/TMinusCLITests/CLIPseudoLocaleFormatsTests.swift '(\n        default: break\n)' '
        case "trial":
            text = replacing("^[a-z]+\\\\|", in: text)\1' "a bar format (its machine words in humanText)"
# A source kind: its case in SourceKindCase.all.
edit Tests/TMinusCLITests/SourceKindConformanceTests.swift '(static let all: \[SourceKindCase\] = \[\n)' '\1        SourceKindCase(
            kind: .trial, config: #"{ "name": "src", "kind": "trial", "path": "~/trial.txt" }"#,
            watched: ["trial.txt"],
            write: { f, titles in try f.write("trial.txt", titles.map { "\\($0)\\n" }.joined()) }),
' "a source kind (SourceKindCase.all)"

step "phase B: building with every recipe complete"
swift_build build-b
step "phase B: built"

# What the rest asks of files the tests read (no build): first the tests say it is missing.
asks "a command" b-docs 'CommandsDocTests' "docs/commands.md's trial is not the command table's"
# (A new bar is in setup's usage line: the page's line for it is then out of date too.)
grep -qF "docs/commands.md's setup is not the command table's" "$log/b-docs" ||
    fail "a bar format: CommandsDocTests does not name setup's line, which lists the bars"
echo "recipes: a bar format: CommandsDocTests fails and names: docs/commands.md's setup"

# A command: its section in docs/commands.md (the option's row with it).
edit docs/commands.md '(\n<!-- commands:end -->)' '
### trial

says trial (the recipes'"'"' trial command)

`tminus trial [--loud]`

| option | meaning |
|---|---|
| `--loud` | say it in capitals |
\1' "a command (docs/commands.md's section)"
# A bar format: setup's usage line in docs/commands.md (it lists the bars), the golden
# recorded, integrations/trial/ from setup --full.
edit docs/commands.md '(`tminus setup [^`\n]*?)\\\|gnome' '\1\\|trial\\|gnome' \
    "a bar format (setup's line in docs/commands.md)"
RECORD_GOLDEN=1 run_tests b-record 'GoldenRenderTests' || fail "a bar format: recording the golden failed"
[ -n "$(find Tests -name trial.txt -newer "$log/b-docs")" ] || fail "a bar format: RECORD_GOLDEN=1 wrote no trial.txt"
mkdir -p integrations/trial
"$bin" setup trial --full --binary tminus >integrations/trial/trial.conf 2>"$log/b-setup"
printf '# The trial bar\n\nWritten by Tests/recipes/run.sh.\n' >integrations/trial/README.md
# A config key: its row in docs/config.md and its cases in Tests/config/schema.py.
edit docs/config.md '(## Every key.*?\n\| `[^\n]*\n)' '\1| `trialFlag` | `false` | the recipes'"'"' trial key |\n' \
    "a config key (docs/config.md's row)"
edit Tests/config/schema.py '(\ncases = \{\n)' '\1    "trialFlag": ([True, False], ["yes", 0, None]),\n' \
    "a config key (schema.py's cases)"

holds "a command" b-command 'CommandSpecFilesTests|CommandsDocTests|CommandTableTests'
holds "a bar format" b-bar 'GoldenRenderTests|RendererConformanceTests|BarSetupTests|CLIPseudoLocaleTests/everyFormat'
holds "a config key" b-config 'DocsConsistencyTests'
if [ "$schema_skipped" = 0 ]; then
    schema b-schema || {
        tail -5 "$log/b-schema"
        fail "a config key: Tests/config/schema.py still fails after the recipe's steps"
    }
    echo "recipes: a config key: Tests/config/schema.py passes"
fi
holds "a source kind" b-kind 'SourceKindConformanceTests'

# What a user of each trial entry sees, through the binary.
[ "$("$bin" trial)" = trial ] && [ "$("$bin" trial --loud)" = TRIAL ] || fail "a command: tminus trial [--loud] does not run"
"$bin" trial --help | grep -q -- '--loud' || fail "an option: tminus trial --help does not list --loud"
"$bin" completions bash | grep -q 'trial' || fail "a command: the completions do not offer trial"
"$bin" show --help | grep -q 'trial' || fail "a bar format: show --help does not list trial"
"$bin" config schema | grep -q '"trialFlag"' || fail "a config key: config schema lacks trialFlag"

count() { # count FILE...: how many, and which (relative to the scratch copy)
    local f names=()
    for f in "$@"; do names+=("${f#"$src"/}"); done
    echo "${#names[@]} code files (${names[*]})"
}
step "done"
echo "recipe: a command and an option: $(count "${command_files[@]}"); the tests named: CommandSpecFilesTests, CommandsDocTests (docs/commands.md)"
echo "recipe: a bar format: $(count "${bar_files[@]}"); the tests named: golden, conformance, integrations/trial, setup's line (CommandsDocTests), machine words (CLIPseudoLocaleFormatsTests)"
echo "recipe: a config key: $(count "${config_files[@]}"); the tests named: configPageDocumentsEveryConfigKey (docs/config.md), Tests/config/schema.py"
echo "recipe: a source kind: $(count "${kind_files[@]}"); the tests named: SourceKindConformanceTests (SourceKindCase.all)"
