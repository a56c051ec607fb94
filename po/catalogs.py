#!/usr/bin/env python3
"""tminus's message catalogs, the gettext way (docs/translations.md).

  python3 po/catalogs.py extract    write po/tminus.pot from the sources' tr/trn/N_ literals, the
                                    commands' summaries and options for --help (CommandTable), the
                                    GNOME Shell extension's _('…') and the Plasma applets' i18n("…")
  python3 po/catalogs.py update     extract, then merge the template into every po/LL.po (msgmerge)
  python3 po/catalogs.py generate   write Sources/TMinusCore/Text/Catalogs/ from the po/*.po files
  python3 po/catalogs.py check      fail when the template or the generated Swift is stale, a
                                    catalog is incomplete, or msgfmt -c finds a fault

The catalogs are compiled into the program (one static file, nothing installed beside it).
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")
OUT = os.path.join(ROOT, "Sources", "TMinusCore", "Text", "Catalogs")
LITERAL = r'"((?:[^"\\\n]|\\.)*)"'
CALLS = {
    "trn": re.compile(r"trn\(\s*" + LITERAL + r"\s*,\s*" + LITERAL),
    "trc": re.compile(r"trc\(\s*" + LITERAL + r"\s*,\s*" + LITERAL),
    "tr": re.compile(r"tr\(\s*" + LITERAL),
    "N_": re.compile(r"N_\(\s*" + LITERAL),
    "deferred": re.compile(r"deferred\(\s*" + LITERAL),
    "usage": re.compile(r"usage\(\s*tr:\s*" + LITERAL),
    "failure": re.compile(r"failure\(\s*tr:\s*" + LITERAL),
}
ANY_CALL = re.compile(r"\b(trn|trc|tr|N_|deferred|usage|failure)\(")
# The desktops' own words: the GNOME Shell extension's _('…') or _("…"), the Plasma applets'
# i18n("…") (literals only; the setup commands install them as .mo files from the same catalogs).
DESKTOP = [
    (os.path.join("integrations", "gnome-shell"), ".js",
     re.compile(r"\b_\(\s*(?:'((?:[^'\\\n]|\\.)*)'|" + LITERAL + r")\s*\)")),
    (os.path.join("integrations", "plasma", "contents", "ui"), ".qml", re.compile(r"\bi18n\(\s*" + LITERAL + r"\s*\)")),
    (os.path.join("integrations", "plasma6", "contents", "ui"), ".qml", re.compile(r"\bi18n\(\s*" + LITERAL + r"\s*\)")),
]


def swift_unescape(s, where):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = s[i + 1]
        if n == "(":
            sys.exit(f"{where}: a message cannot interpolate (use %s and Catalog.format)")
        if n == "u":
            end = s.index("}", i)
            out.append(chr(int(s[i + 3:end], 16)))
            i = end + 1
            continue
        out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\", "0": "\0", "r": "\r", "'": "'"}[n])
        i += 2
    return "".join(out)


def js_unescape(s, where):
    """A JavaScript or QML string literal's text (the escapes a label may use)."""
    def one(m):
        c = m.group(1)
        if c in "nt\\'\"":
            return {"n": "\n", "t": "\t"}.get(c, c)
        sys.exit(f"{where}: \\{c} in a message: write the character itself")
    return re.sub(r"\\(.)", one, s)


def desktop_messages():
    """(msgid, reference) of the desktops' literals, file by file."""
    out = []
    for folder, ext, call in DESKTOP:
        base = os.path.join(ROOT, folder)
        for name in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            if not name.endswith(ext):
                continue
            rel = os.path.join(folder, name)
            text = open(os.path.join(ROOT, rel), encoding="utf-8").read()
            for m in call.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                literal = next(g for g in m.groups() if g is not None)
                out.append((js_unescape(literal, f"{rel}:{line}"), f"{rel}:{line}"))
    return out


# The commands' one-line summaries in --help's overview (each spec's `summary: "…"`, in its
# command's file in Sources/TMinusCLI/Commands/) and the lines under it (`whenHelp`, `refHelp`,
# `exitHelp`, in Table/SharedOptions.swift), in the context "--help" (Help looks each up by its text; the
# man page and the completions stay English).
# The options' descriptions too: `Opt.option("name", "VALUE", "…"`, `Opt.flag("name", "…"`, and what
# `format("…")`, `family("…")` and `colorOption("…")` (after `colorHelp`) are given.
HELP = (os.path.join("Sources", "TMinusCLI"),
        re.compile(r"(?:\bsummary:|\b(?:whenHelp|refHelp|exitHelp|colorHelp)\s*=|\.option\(\s*" + LITERAL
                   + r"\s*,\s*" + LITERAL + r"\s*,|\.flag\(\s*" + LITERAL + r"\s*,|\b(?:format|family|colorOption)\()\s*"
                   + LITERAL))
HELP_CONTEXT = "--help"


# Each command's paragraphs (`text: "…"` or a multi-line `text: """…"""`, `%s` where the spec's
# `textArguments` fill in) and each format's line in `show --help` (a renderer's `about`).
PARAGRAPH = re.compile(r'\btext:\s*(?:"""\n(.*?)\n([ ]*)"""|' + LITERAL + r")", re.S)
ABOUT = (os.path.join("Sources", "TMinusRender"), re.compile(r"public let about = " + LITERAL))


def help_messages():
    """(msgid with its context, reference) of the commands' summaries, options, paragraphs and
    the formats' lines."""
    folder, call = HELP
    out = []
    for rel in spec_files(folder):
        out += spec_messages(rel, call)
    folder, about = ABOUT
    for name in sorted(os.listdir(os.path.join(ROOT, folder))):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(folder, name)
        source = open(os.path.join(ROOT, path), encoding="utf-8").read()
        for m in about.finditer(source):
            where = f"{path}:{source.count(chr(10), 0, m.start()) + 1}"
            out.append((HELP_CONTEXT + "\x04" + swift_unescape(m.group(1), where), where))
    return out


def spec_files(folder):
    """The files of the commands' specs (under `folder`, TMinusCLI): Table/SharedOptions.swift,
    then each command's file (the one that declares `static let NAME = CommandSpec(`) in
    CommandTable's order, then any other file of Commands/, so the template keeps the order of
    --help."""
    commands = os.path.join(folder, "Commands")
    names = sorted(n for n in os.listdir(os.path.join(ROOT, commands)) if n.endswith(".swift"))
    texts = {n: open(os.path.join(ROOT, commands, n), encoding="utf-8").read() for n in names}
    table = open(os.path.join(ROOT, folder, "Table", "CommandTable.swift"), encoding="utf-8").read()
    first = []
    for spec in re.findall(r"\bSpecs\.(\w+)", table):
        first += [n for n in names if re.search(r"\bstatic let " + spec + r" = CommandSpec\(", texts[n])]
    first = list(dict.fromkeys(first))
    return [os.path.join(folder, "Table", "SharedOptions.swift")] + [
        os.path.join(commands, n) for n in first + [n for n in names if n not in first]]


def spec_messages(rel, call):
    """(msgid with its context, reference) of one spec file's summaries, options and paragraphs,
    in the file's order."""
    text = open(os.path.join(ROOT, rel), encoding="utf-8").read()
    found = []
    for m in call.finditer(text):
        found.append((m.start(), swift_unescape(m.group(m.lastindex), f"{rel}:?")))
    for m in PARAGRAPH.finditer(text):
        if m.group(1) is None:
            found.append((m.start(), swift_unescape(m.group(3), f"{rel}:?")))
            continue
        indent = m.group(2)
        lines = m.group(1).split("\n")
        if any(l and not l.startswith(indent) for l in lines) or any(l.endswith("\\") for l in lines):
            sys.exit(f"{rel}: a paragraph's lines must keep the closing quotes' indentation, unbroken")
        found.append((m.start(), swift_unescape("\n".join(l[len(indent):] for l in lines), f"{rel}:?")))
    out = []
    for start, msgid in sorted(found):
        line = text.count("\n", 0, start) + 1
        out.append((HELP_CONTEXT + "\x04" + msgid, f"{rel}:{line}"))
    return out


def messages():
    """(msgid, plural or None, [references]) in order of first appearance: the program's, then
    the desktops'."""
    found, order = {}, []
    for base, dirs, files in os.walk(os.path.join(ROOT, "Sources")):
        dirs.sort()
        if os.path.abspath(base) == OUT:
            continue
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(base, name)
            rel = os.path.relpath(path, ROOT)
            text = open(path, encoding="utf-8").read()
            for m in ANY_CALL.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                where = f"{rel}:{line}"
                rest = text[m.start():]
                kind = m.group(1)
                hit = CALLS[kind].match(rest)
                if not hit:
                    # Calls of these names with something else than literals: declarations and
                    # forwarding (the parameter is a StaticString, so only literals reach them).
                    continue
                msgid = swift_unescape(hit.group(1), where)
                plural = swift_unescape(hit.group(2), where) if kind == "trn" else None
                if kind == "trc":
                    # gettext's key for a message in a context: the context, EOT, the msgid.
                    msgid += "\x04" + swift_unescape(hit.group(2), where)
                if msgid not in found:
                    found[msgid] = (plural, [])
                    order.append(msgid)
                found[msgid][1].append(rel + ":" + str(line))
    for msgid, where in help_messages():
        if msgid not in found:
            found[msgid] = (None, [])
            order.append(msgid)
        found[msgid][1].append(where)
    for msgid, where in desktop_messages():
        if msgid not in found:
            found[msgid] = (None, [])
            order.append(msgid)
        found[msgid][1].append(where)
    return [(m, found[m][0], found[m][1]) for m in order]


def po_quote(s):
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" in s[:-1]:
        parts = s.split("\n")
        lines = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
        return '""\n' + "\n".join(f'"{l}"' for l in lines)
    return '"' + s.replace("\n", "\\n") + '"'


CONVERSION = re.compile(r"%(?:\d+\$)?0?\d*([a-zA-Z%-])")


def format_flag(msgid):
    kinds = CONVERSION.findall(msgid)
    if "%" not in msgid:
        return None
    if kinds and all(k in "sd%" for k in kinds) and msgid.count("%") == len(kinds) + msgid.count("%%"):
        return "c-format"
    return "no-c-format"


HEADER = """# The messages of tminus, for translators (docs/translations.md).
# This file is generated: python3 po/catalogs.py extract
msgid ""
msgstr ""
"Project-Id-Version: tminus\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


def template():
    out = [HEADER]
    for msgid, plural, refs in messages():
        out.append("")
        out.append("#: " + " ".join(refs[:4]))
        flag = format_flag(msgid)
        if flag:
            out.append("#, " + flag)
        if "\x04" in msgid:
            context, msgid = msgid.split("\x04")
            out.append("msgctxt " + po_quote(context))
        out.append("msgid " + po_quote(msgid))
        if plural is not None:
            out.append("msgid_plural " + po_quote(plural))
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
        else:
            out.append('msgstr ""')
    return "\n".join(out) + "\n"


def parse_po(path):
    """{msgid: [forms]} of the translated, non-fuzzy entries, and the header's Plural-Forms."""
    entries, header = {}, {}
    cur, key, flags = {}, None, ""

    def finish():
        nonlocal cur, flags
        if "msgid" in cur:
            if cur["msgid"] == "":
                for line in cur.get("msgstr", "").split("\n"):
                    if ":" in line:
                        k, v = line.split(":", 1)
                        header[k.strip()] = v.strip()
            elif "fuzzy" not in flags and not cur.get("obsolete"):
                forms = [cur[k] for k in sorted(k for k in cur if k.startswith("msgstr"))]
                key = (cur["msgctxt"] + "\x04" if "msgctxt" in cur else "") + cur["msgid"]
                if all(forms):
                    entries[key] = forms
        cur, flags = {}, ""

    def unquote(s):
        s = s.strip()
        assert s.startswith('"') and s.endswith('"'), (path, s)
        s = s[1:-1]
        return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}[m.group(1)], s)

    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if not line.strip():
            finish()
            key = None
            continue
        if line.startswith("#~"):
            cur["obsolete"] = True
            continue
        if line.startswith("#,"):
            flags += line
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            cur[key] += unquote(line)
            continue
        word, rest = line.split(" ", 1)
        if word in ("msgid", "msgctxt") and "msgid" in cur:
            finish()
        m = re.match(r"msgstr\[(\d+)\]", word)
        key = f"msgstr{int(m.group(1)):02d}" if m else word
        cur[key] = unquote(rest)
    finish()
    return entries, header


TOKEN = re.compile(r"\s*(\d+|n|\|\||&&|==|!=|<=|>=|[?:<>+\-*/%()!])")


def plural_swift(expression):
    """The C expression of Plural-Forms as a Swift expression of Int (bools made 0 or 1)."""
    tokens = TOKEN.findall(expression.strip().rstrip(";"))
    assert "".join(tokens).replace(" ", "") == expression.replace(" ", "").rstrip(";"), expression
    pos = 0
    BIN = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, ">": 4, "<=": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def as_int(e):
        text, kind = e
        return text if kind == "int" else f"({text} ? 1 : 0)"

    def as_bool(e):
        text, kind = e
        return text if kind == "bool" else f"({text} != 0)"

    def primary():
        t = take()
        if t == "(":
            e = ternary()
            assert take() == ")"
            return (f"({e[0]})", e[1])
        if t == "!":
            return (f"!{as_bool(primary())}", "bool")
        return (t, "int")

    def binary(level):
        left = primary()
        while peek() in BIN and BIN[peek()] >= level:
            op = take()
            right = binary(BIN[op] + 1)
            if op in ("||", "&&"):
                left = (f"({as_bool(left)} {op} {as_bool(right)})", "bool")
            elif op in ("==", "!=", "<", ">", "<=", ">="):
                left = (f"({as_int(left)} {op} {as_int(right)})", "bool")
            else:
                left = (f"({as_int(left)} {op} {as_int(right)})", "int")
        return left

    def ternary():
        cond = binary(1)
        if peek() == "?":
            take()
            a = ternary()
            assert take() == ":"
            b = ternary()
            return (f"({as_bool(cond)} ? {as_int(a)} : {as_int(b)})", "int")
        return cond

    e = ternary()
    assert pos == len(tokens), expression
    return as_int(e)




def swift_literal(s):
    out = []
    for c in s:
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20:
            out.append("\\u{%x}" % ord(c))
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def languages():
    return sorted(f[:-3] for f in os.listdir(PO) if f.endswith(".po"))


def generated():
    """{file name: Swift text} of the catalogs."""
    msgids = {m for m, _, _ in messages()}
    files = {}
    for code in languages():
        entries, header = parse_po(os.path.join(PO, code + ".po"))
        forms = header.get("Plural-Forms", "")
        m = re.match(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*$", forms)
        if not m:
            sys.exit(f"po/{code}.po: no Plural-Forms header")
        rule = plural_swift(m.group(2))
        kept = sorted(((k, v) for k, v in entries.items() if k in msgids), key=lambda kv: kv[0].encode("utf-8"))
        lines = [
            "// swift-format-ignore-file", f"// Generated from po/{code}.po by po/catalogs.py generate: do not edit.",
            "",
            "extension Catalog.Table {",
            f"    /// The {code} catalog ({len(kept)} messages; Plural-Forms: {m.group(2).strip()}).",
            f"    static let {code} = Catalog.Table(",
            f'        code: "{code}", plural: {{ n in {rule} }},',
            f"        pluralForms: {swift_literal(forms)},",
        ]
        # One string literal (each msgid and its forms joined by 0x01, ended by 0x00) and where
        # each entry starts: hundreds of array elements took the optimizer a minute and a half.
        packed, offsets, at = [], [], 0
        for k, v in kept:
            if any(c in "\x00\x01" for c in [k] + v for c in c):
                sys.exit(f"po/{code}.po: a message holds a 0x00 or 0x01 character: {k!r}")
            entry = "\x01".join([k] + v) + "\x00"
            offsets.append(at)
            at += len(entry.encode("utf-8"))
            packed.append(entry)
        offsets.append(at)
        lines.append("        packed: " + swift_literal("".join(packed)) + ",")
        lines.append("        offsets: [" + ", ".join(map(str, offsets)) + "])")
        lines += ["}", ""]
        files[f"Catalog+{code}.swift"] = "\n".join(lines)
    codes = ", ".join("." + c for c in languages())
    files["Catalog+All.swift"] = "\n".join([
        "// swift-format-ignore-file",
        "// Generated by po/catalogs.py generate from the po/*.po files: do not edit.",
        "",
        "extension Catalog {",
        "    /// Every catalog built in, one per po/LL.po.",
        f"    static let tables: [Table] = [{codes}]",
        "",
        "    /// The catalog of `code`, made alone (a run speaks one language: the others are not built).",
        "    static func table(_ code: String) -> Table? {",
        "        switch code {",
    ] + [f'        case "{c}": .{c}' for c in languages()] + [
        "        default: nil",
        "        }",
        "    }",
        "}",
        "",
    ])
    return files


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# An error built from an English literal (`.usage("…")`, `.failure("…")`, `TMinusError(.usage, "…")`)
# would bypass the catalogs: errors take a template (`.usage(tr: "…%s…", value)`).
BYPASS = re.compile(r"(?:\.(?:usage|failure)\(|TMinusError\(\s*\.(?:usage|failure)\s*,)\s*" + LITERAL)


# A config problem's message is marked N_ (`problem(m, path, N_("…"), value)`): a literal given
# as it is would be English only.
PROBLEM = re.compile(r"\bproblem\(")


def call_text(text, start):
    """The text of the call whose "(" ends at `start`, to its closing parenthesis."""
    depth, i, quoted = 1, start, False
    while i < len(text) and depth:
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        i += 1
    return text[start:i - 1]


def untranslated_errors():
    """Where an error's message is an English literal with a word in it, not a catalog's template."""
    out = []
    for base, dirs, files in os.walk(os.path.join(ROOT, "Sources")):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(base, name)
            text = open(path, encoding="utf-8").read()
            for m in BYPASS.finditer(text):
                # Only the literal's own text counts (an interpolated value is not a word of it).
                words = re.sub(r"\\\((?:[^()]|\([^()]*\))*\)", "", m.group(1))
                if re.search(r"[A-Za-z]", words):
                    line = text.count("\n", 0, m.start()) + 1
                    out.append(f"{os.path.relpath(path, ROOT)}:{line}: an error's English literal bypasses the "
                               "catalogs; use .usage(tr: \"…%s…\", value) or .failure(tr: …)")
            for m in PROBLEM.finditer(text):
                args = call_text(text, m.end())
                for lit in re.finditer(r"(N_\(\s*)?" + LITERAL, args):
                    words = re.sub(r"\\\((?:[^()]|\([^()]*\))*\)", "", lit.group(2))
                    if not lit.group(1) and re.search(r"[A-Za-z]", words):
                        line = text.count("\n", 0, m.start()) + 1
                        out.append(f"{os.path.relpath(path, ROOT)}:{line}: a config problem's English literal "
                                   "bypasses the catalogs; mark it N_(\"…%s…\") and give the values after it")
    return out


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    pot = os.path.join(PO, "tminus.pot")
    if what in ("extract", "update"):
        write(pot, template())
        if what == "update":
            for code in languages():
                subprocess.run(["msgmerge", "-q", "--no-wrap", "--update", "--backup=none",
                                os.path.join(PO, code + ".po"), pot], check=True)
        return
    if what == "generate":
        os.makedirs(OUT, exist_ok=True)
        for name in os.listdir(OUT):
            os.remove(os.path.join(OUT, name))
        for name, text in generated().items():
            write(os.path.join(OUT, name), text)
        return
    if what != "check":
        sys.exit(__doc__)
    bad = []
    if open(pot, encoding="utf-8").read() != template():
        bad.append("po/tminus.pot is stale: run python3 po/catalogs.py update, translate, then generate")
    want = generated()
    have = {n: open(os.path.join(OUT, n), encoding="utf-8").read() for n in os.listdir(OUT)}
    if want != have:
        bad.append("Sources/TMinusCore/Text/Catalogs is stale: run python3 po/catalogs.py generate")
    bad += untranslated_errors()
    every = messages()
    for code in languages():
        entries, header = parse_po(os.path.join(PO, code + ".po"))
        missing = [m for m, _, _ in every if m not in entries]
        if missing:
            bad.append(f"po/{code}.po lacks {len(missing)} of {len(every)} messages, e.g. {missing[0]!r}")
        rule = re.match(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*$", header.get("Plural-Forms", ""))
        for m, plural, _ in every:
            if plural is not None and m in entries and rule and len(entries[m]) != int(rule.group(1)):
                bad.append(f"po/{code}.po: {m!r} has {len(entries[m])} forms, not {rule.group(1)}")
        # Placeholders of templates ({title}) stay as they are.
        for m, forms in entries.items():
            want_p = sorted(re.findall(r"\{[a-z_]+\}", m))
            for f in forms:
                if sorted(re.findall(r"\{[a-z_]+\}", f)) != want_p:
                    bad.append(f"po/{code}.po: {m!r}: the placeholders differ in {f!r}")
        if subprocess.run(["which", "msgfmt"], capture_output=True).returncode == 0:
            r = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", os.path.join(PO, code + ".po")],
                               capture_output=True, text=True)
            if r.returncode != 0:
                bad.append(f"po/{code}.po: msgfmt -c: {r.stderr.strip()}")
    for b in bad:
        print("catalogs:", b, file=sys.stderr)
    if bad:
        sys.exit(1)
    print(f"catalogs: {len(every)} messages, {len(languages())} languages, all current and complete")


if __name__ == "__main__":
    main()
