import TMinusCore

/// The escapers of the escaping matrix (docs/security.md, "Escaping for each bar"), one per bar
/// syntax. Each applies to data only; renderers add their own markup around escaped data.
public enum Escape {
    /// Removes control characters and bidi controls; with `keepNewlines`, line feeds stay.
    public static func stripControls(_ s: String, keepNewlines: Bool = false) -> String {
        ControlText.clean(s, replacement: nil, keepNewlines: keepNewlines, dropBidi: true)
    }

    /// One line: every control character (newlines included) and line separator becomes a
    /// space; bidi controls go.
    public static func oneLine(_ s: String) -> String {
        ControlText.clean(s, replacement: " ", dropBidi: true)
    }

    /// Pango markup (Waybar, i3bar/i3blocks with markup): `& < > ' "`, as g_markup_escape_text.
    public static func pango(_ s: String) -> String {
        // (Over the string's bytes: its UTF-8 view's iterator cost a keeping run 500 instructions a value.)
        var bytes = s
        let plain = bytes.withUTF8 { b in
            for c in b where c == 0x26 || c == 0x3C || c == 0x3E || c == 0x27 || c == 0x22 { return false }
            return true
        }
        if plain { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&#39;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// xmobar parses a command's output as markup and has one escape: `<raw=N:text/>`, whose N
    /// characters (Unicode code points, as xmobar counts them) are drawn as they are. Data is one
    /// line; empty data needs no wrapper.
    public static func xmobar(_ s: String) -> String {
        let line = oneLine(s)
        guard !line.isEmpty else { return line }
        return "<raw=\(line.unicodeScalars.count):" + line + "/>"
    }

    /// tmux reads a `#(…)` command's output as tmux formats (`#[…]` styles, `#(…)` runs, `#{…}`
    /// expands): every `#` of data is doubled, which tmux shows as one.
    public static func tmux(_ s: String) -> String {
        let line = oneLine(s)
        guard ASCIIText.contains(line, byte: 0x23) else { return line }
        var out = String.UnicodeScalarView()
        for c in line.unicodeScalars {
            out.append(c)
            if c == "#" { out.append(c) }
        }
        return String(out)
    }

    /// The xbar plugin format has no escape for `|` (it starts a line's parameters, `bash=` among
    /// them): it becomes `│` (U+2502), which looks the same. One line.
    public static func xbar(_ s: String) -> String {
        let line = oneLine(s)
        guard ASCIIText.contains(line, byte: 0x7C) else { return line }
        return String(String.UnicodeScalarView(line.unicodeScalars.map { $0 == "|" ? "│" : $0 }))
    }

    /// polybar has no escape for `%{` (an `%{A…}` tag runs a shell command), so data is made
    /// unable to form one: a zero-width space after every `%` and before a leading `{`, so no
    /// `%{` can appear inside data or across its edges.
    public static func polybar(_ s: String) -> String {
        var out = s.hasPrefix("{") ? "\u{200B}" : ""
        for c in oneLine(s).unicodeScalars {
            out.unicodeScalars.append(c)
            if c == "%" { out.unicodeScalars.append("\u{200B}") }
        }
        return out
    }

    /// conky `execp`/`execpi` output is parsed as conky text: `$` → `$$` (no variable, no
    /// `${exec}`), `#` → `\#` (no comment).
    public static func conky(_ s: String) -> String {
        var out = ""
        for c in oneLine(s).unicodeScalars {
            switch c {
            case "$": out += "$$"
            case "#": out += "\\#"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A CSS class name: only `[A-Za-z0-9_-]`; other characters become `-`.
    public static func cssClass(_ s: String) -> String {
        String(
            s.unicodeScalars.map { c -> Character in
                (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) || c == "_" || c == "-"
                    ? Character(c) : "-"
            })
    }
}
