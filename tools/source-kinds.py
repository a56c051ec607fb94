#!/usr/bin/env python3
"""Makes the lists of source kinds from the kinds' own files, so that a new kind is its file
(Sources/TMinusSourcing/Kinds/NameSource.swift) and its parser, nothing else by hand.

Each kind's file declares, on its `SourceKindIO` type:

    /// The doc comment of the kind (it becomes the case's).
    static let kind = SourceConfig.Kind.name
    static let facts = SourceKindFacts(path: .folder, example: "~/…", isWritable: true, isCalendar: false)

and this writes, from every such file (in the order of the kinds' names):

  - Sources/TMinusCore/Model/SourceConfig+Kind.swift: `SourceConfig.Kind`, one case per kind, with
    its facts (TMinusCore cannot see the kinds' types, and the config's parser needs them);
  - Sources/TMinusSourcing/Kinds/SourceKinds.swift: `SourceKinds.io`, the kind's type by its case.

usage: source-kinds.py [check]   (check: exit 1 when either file is not what this would write)
"""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = os.path.join("Sources", "TMinusSourcing", "Kinds")
CORE_OUT = os.path.join("Sources", "TMinusCore", "Model", "SourceConfig+Kind.swift")
IO_OUT = os.path.join(KINDS, "SourceKinds.swift")
HEADER = ("// Made by tools/source-kinds.py from the kinds' files (Sources/TMinusSourcing/Kinds/): edit\n"
          "// those and run it again (`python3 tools/source-kinds.py`); SourceKindFilesTests says when it is due.\n")

TYPE = re.compile(r"^(?:public )?enum (\w+): SourceKindIO \{", re.M)
KIND = re.compile(r"((?:^[ ]*///.*\n)*)^[ ]*static let kind = SourceConfig\.Kind\.(\w+)\s*$", re.M)
STRING = r'"((?:[^"\\\n]|\\.)*)"'
FACTS = re.compile(r"static let facts = SourceKindFacts\(\s*path: \.(none|file|folder|fileOrFolder),\s*example: "
                   + STRING + r",\s*isWritable: (true|false),\s*isCalendar: (true|false)\s*\)")


def kinds():
    """(case, doc lines, type, path, example, writable, calendar) of every kind file."""
    out = []
    folder = os.path.join(ROOT, KINDS)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".swift"):
            continue
        text = open(os.path.join(folder, name), encoding="utf-8").read()
        types = TYPE.findall(text)
        if not types:
            continue
        where = os.path.join(KINDS, name)
        if len(types) > 1:
            sys.exit(f"{where}: one SourceKindIO type a file")
        kind, facts = KIND.search(text), FACTS.search(text)
        if not kind or not facts:
            sys.exit(f"{where}: {types[0]} needs `static let kind = SourceConfig.Kind.NAME` (with a /// line on what it is)"
                     " and `static let facts = SourceKindFacts(path: …, example: \"…\", isWritable: …, isCalendar: …)`")
        doc = [l.strip() for l in kind.group(1).splitlines() if l.strip()]
        if not doc:
            sys.exit(f"{where}: say what the kind is in a /// line above `static let kind`")
        path, example, writable, calendar = facts.groups()
        if (path == "none") != (example == ""):
            sys.exit(f"{where}: a kind with a path has an example of it; one without has example: \"\"")
        out.append((kind.group(2), doc, types[0], path, example, writable, calendar))
    out.sort()
    names = [k[0] for k in out]
    if len(set(names)) != len(names):
        sys.exit("two kind files declare the same kind: " + ", ".join(sorted({n for n in names if names.count(n) > 1})))
    return out


def switch(out, name, type_, cases):
    """A computed property of `Kind` as one switch."""
    out.append(f"        public var {name}: {type_} {{")
    out.append("            switch self {")
    for case, value in cases:
        out.append(f"            case .{case}: {value}")
    out.append("            }")
    out.append("        }")


def core(found):
    out = [HEADER.rstrip("\n"), "", "extension SourceConfig {",
           "    /// What kind of store the source is, as the config's `kind` names it: one case per kind file",
           "    /// (`Sources/TMinusSourcing/Kinds/`), with what that file says of it (`SourceKindFacts`).",
           "    public enum Kind: String, Sendable, CaseIterable {"]
    for case, doc, *_ in found:
        out += ["        " + l for l in doc] + [f"        case {case}"]
    out.append("")
    out.append("        /// Where such a source typically is, for the error that asks for a `path` (empty: the")
    out.append("        /// kind needs none).")
    switch(out, "examplePath", "String", [(k[0], '"' + k[4] + '"') for k in found])
    out.append("")
    out.append("        /// What its `path` names: a file, a folder, either, or nothing (it needs none).")
    switch(out, "path", "Path", [(k[0], "." + k[3]) for k in found])
    out.append("")
    out.append("        /// Whether tminus writes changes back into it (`done`, `undo`, `edit`, `rm`, `--to`): a kind")
    out.append("        /// that is not needs no `apply`; every change to it is refused before its `SourceKindIO` is")
    out.append("        /// asked.")
    switch(out, "isWritable", "Bool", [(k[0], k[5]) for k in found])
    out.append("")
    out.append("        /// Whether its items depend on the reader's zone and the config's hold, and its deadlines")
    out.append("        /// with an end are events (the `events` policy, the agenda): the calendar kinds.")
    switch(out, "isCalendar", "Bool", [(k[0], k[6]) for k in found])
    out += ["    }", "}", ""]
    return "\n".join(out)


def io(found):
    out = [HEADER.rstrip("\n"), "", "public import TMinusCore", "",
           "/// Each kind of source's implementation (`SourceKindIO`), one per file of `Kinds/`.",
           "public enum SourceKinds {",
           "    /// The type that reads and writes sources of `kind`.",
           "    public static func io(_ kind: SourceConfig.Kind) -> any SourceKindIO.Type {",
           "        switch kind {"]
    for case, _, type_, *_ in found:
        out.append(f"        case .{case}: {type_}.self")
    out += ["        }", "    }", "}", ""]
    return "\n".join(out)


def main():
    found = kinds()
    files = {CORE_OUT: core(found), IO_OUT: io(found)}
    if sys.argv[1:] == ["check"]:
        stale = [p for p, text in files.items()
                 if not os.path.exists(os.path.join(ROOT, p)) or open(os.path.join(ROOT, p), encoding="utf-8").read() != text]
        if stale:
            sys.exit("source kinds: " + ", ".join(stale) + " not made from the kinds' files; run python3 tools/source-kinds.py")
        print(f"source kinds: {len(found)} kinds, lists current")
        return
    if sys.argv[1:]:
        sys.exit(__doc__.strip().splitlines()[-1])
    for p, text in files.items():
        open(os.path.join(ROOT, p), "w", encoding="utf-8").write(text)
    print(f"source kinds: {len(found)} kinds: " + ", ".join(k[0] for k in found))


main()
