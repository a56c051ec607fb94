import TMinusApp
import TMinusCore
import TMinusRender
import TMinusTimeline

/// The man page tminus(1) in roff, made from `CommandTable` (`tminus manpage`; `make install`
/// puts it in share/man/man1).
enum ManPage {
    /// Text for roff: backslashes and hyphens escaped, no line starting with a control character.
    static func roff(_ s: String) -> String {
        var out = ""
        for u in s.replacing("\\", with: "\\e").replacing("-", with: "\\-").unicodeScalars {
            // Typography as groff's own glyphs, which every output device has (under LANG=C `man`
            // renders for ASCII, and \[u2026] there is a warning and nothing); other non-ASCII
            // as \[uXXXX]: groff reads it whatever the locale.
            if let glyph = glyphs[u.value] {
                out += glyph
            } else if u.isASCII {
                out.unicodeScalars.append(u)
            } else {
                let hex = String(u.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    static let glyphs: [UInt32: String] = [
        0x2026: "...", 0x2014: "\\(em", 0x2013: "\\(en", 0x2018: "\\(oq", 0x2019: "\\(cq", 0x201C: "\\(lq",
        0x201D: "\\(rq",
        0x00B7: "\\(pc", 0x2264: "\\(<=", 0x2265: "\\(>=", 0x00D7: "\\(mu", 0x2192: "\\(->"
    ]

    static func paragraph(_ text: String) -> [String] {
        text.split(separator: "\n").map { roff(Validation.trimmedText(String($0))) }
    }

    static func option(_ o: OptionSpec) -> [String] {
        [".TP", "\\fB\\-\\-\(roff(o.name))\\fR" + (o.value.map { " \\fI\(roff($0))\\fR" } ?? ""), roff(o.help)]
    }

    static var text: String {
        var l = [
            ".TH TMINUS 1 \"\" \"tminus \(Help.version)\" \"User Commands\"",
            ".SH NAME",
            "tminus \\- the countdown to your next deadline, and today's todos, in your status bar",
            ".SH SYNOPSIS",
            ".B tminus",
            "[\\fB\\-\\-home\\fR \\fIDIR\\fR] [\\fB\\-\\-config\\fR \\fIFILE\\fR] [\\fB\\-\\-now\\fR \\fIWHEN\\fR] \\fICOMMAND\\fR [\\fIoptions\\fR]",
            ".SH DESCRIPTION",
            "tminus keeps deadlines and todos (its own, and those of calendars, todo.txt and Taskwarrior named in its config)",
            "and prints the entry for now in the format of a status bar: Waybar, i3blocks, i3bar and swaybar, polybar, conky.",
            "With \\fBshow \\-\\-follow\\fR it streams, waking only when the display changes.",
            "Formats:"
        ]
        for r in CommandTable.formats.compactMap({ name in Renderers.all.first { $0.format == name } }) {
            l += [".TP", "\\fB\(roff(r.format))\\fR", roff(r.about)]
        }
        l += [".SH GLOBAL OPTIONS"]
        for o in CommandTable.globals { l += option(o) }
        l += [".SH COMMANDS"]
        for group in CommandTable.groups {
            l += [".SS \(roff(group.prefix(1).uppercased() + group.dropFirst()))"]
            for c in CommandTable.all where c.group == group {
                l += [
                    ".TP",
                    "\\fBtminus \(roff(c.name))\\fR" + (c.arguments.isEmpty ? "" : " \\fI\(roff(c.arguments))\\fR")
                ]
                l += paragraph(c.text)
                if !c.aliases.isEmpty { l += [".br", "Also: \(c.aliases.map(roff).joined(separator: ", "))."] }
                for s in c.subcommands {
                    l += [
                        ".RS", ".TP",
                        "\\fB\(roff(c.name)) \(roff(s.name))\\fR"
                            + (s.arguments.isEmpty ? "" : " \\fI\(roff(s.arguments))\\fR"), roff(s.summary)
                    ]
                    for o in s.options { l += [".RS"] + option(o) + [".RE"] }
                    l += [".RE"]
                }
                if !c.options.isEmpty {
                    l += [".RS"]
                    for o in c.options { l += option(o) }
                    l += [".RE"]
                }
                if !c.examples.isEmpty {
                    l += [".RS", ".nf"] + c.examples.map(roff) + [".fi", ".RE"]
                }
            }
        }
        l += [
            ".SH ARGUMENTS", roff(CommandTable.whenHelp), ".br", roff(CommandTable.refHelp),
            ".SH EXIT STATUS",
            "0 ok; 1 failure (I/O, an unreadable file); 2 usage or validation error (nothing was written).",
            "\\fBshow \\-\\-format i3blocks\\fR exits 33 when the deadline is urgent (i3blocks draws it urgent).",
            ".SH CONFIGURATION",
            roff(
                "The config file (JSON with // comments and trailing commas; tminus config init writes it with every key, tminus config check checks it, tminus config schema prints its JSON Schema) takes these keys, each optional:"
            )
        ]
        for key in ConfigKey.all {
            l += [".TP", "\\fB\\(dq\(roff(key.name))\\(dq\\fR", roff(key.summary)]
        }
        l += [
            ".SH ENVIRONMENT",
            ".TP", "\\fBTMINUS_HOME\\fR",
            "the data directory (else \\fI$XDG_DATA_HOME/tminus\\fR, else \\fI~/.local/share/tminus\\fR)",
            ".TP", "\\fBXDG_CONFIG_HOME\\fR",
            "the config is \\fI$XDG_CONFIG_HOME/tminus/config.json\\fR (else \\fI~/.config/tminus/config.json\\fR)",
            ".TP", "\\fBTZ\\fR",
            "the time zone (else \\fI/etc/localtime\\fR); a name the system does not know is reported, and UTC is used",
            ".SH FILES",
            ".TP",
            "\\fIstore.json\\fR, \\fIarchive.jsonl\\fR, \\fIsummary.json\\fR, \\fIstate.json\\fR, \\fIreminders.jsonl\\fR",
            "in the data directory: open items and tags, completed history, what the bars read, the clicked deadline, the reminders sent.",
            ".TP", "\\fI/usr/share/tminus/config.schema.json\\fR",
            "the config's JSON Schema, as installed (under the prefix tminus was installed to).",
            ".SH SEE ALSO",
            "\\fBwaybar\\fR(5), \\fBi3blocks\\fR(1), \\fBswaybar\\-protocol\\fR(7), \\fBpolybar\\fR(1), \\fBconky\\fR(1), \\fByambar\\fR(1), \\fBxmobar\\fR(1), \\fBnotify\\-send\\fR(1), \\fBvdirsyncer\\fR(1)"
        ]
        return l.joined(separator: "\n")
    }
}
