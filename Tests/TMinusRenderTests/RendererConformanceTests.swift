import Foundation
import TMinusCore
import TMinusRender
import TMinusTimeline
import Testing

/// One conformance suite every renderer passes: its invariants on every entry case and on every
/// hostile title.
struct RendererConformanceTests {
    static let formats = Renderers.all.map(\.format)

    /// Formats a bar reads line by line: no raw newline where one line is expected.
    static let oneLineFormats: Set<String> = ["waybar", "i3bar", "polybar", "json", "i3status-rs", "xmobar", "tmux"]

    @Test(arguments: formats)
    func invariants(_ format: String) throws {
        let renderer = try #require(Renderers.named(format))
        var entries = RenderFixtures.cases.map(\.1)
        for title in RenderFixtures.hostileTitles {
            entries.append(
                RenderFixtures.entry(
                    [RenderFixtures.deadline(title, in: 1800, tag: "sch ool<x>")],
                    todos: [RenderFixtures.todo(title, 2)]))
            // In the agenda and beside the calendar too.
            entries.append(RenderFixtures.agendaEntry("agenda", title: title))
            entries.append(RenderFixtures.agendaEntry("calendar", title: title))
        }
        // Coloured by tag, with colours as other programs' files may hold them.
        let byTag = RenderFixtures.config(#"{"colorBy": "tag"}"#)
        for color in ["#ff5555", "#ff5555\"><b>x</b>", "red", "${exec touch /tmp/tminus-pwned}", "%{F-}"] {
            var d = RenderFixtures.deadline("Thesis", in: 1800)
            d.color = color
            entries.append(RenderFixtures.entry([d], config: byTag))
        }
        for entry in entries {
            for family in Family.allCases {
                for markup in Markup.allCases {
                    for config in [Config(), byTag] {
                        let r = renderer.render(
                            entry, RenderOptions(family: family, markup: markup, config: config, zone: .utc))
                        try check(format, r, entry, family: family, markup: markup)
                    }
                }
            }
        }
    }

    func check(_ format: String, _ r: Rendered, _ entry: Entry, family: Family, markup: Markup) throws {
        let text = r.text
        #expect(!text.isEmpty, "\(format) printed nothing")
        // No control character but our own line breaks, anywhere.
        for s in text.unicodeScalars where s.properties.generalCategory == .control {
            #expect(s == "\n", "\(format) leaks control U+\(String(s.value, radix: 16))")
        }
        if Self.oneLineFormats.contains(format) { #expect(!text.contains("\n"), "\(format) must be one line") }
        // The json format carries the raw data for programs; every bar format cleans and shortens.
        let isBarFormat = format != "json"
        #expect(!isBarFormat || !text.contains("\u{202E}"), "\(format) leaks a bidi override")
        // Exit 33 exactly when urgent, and only for i3blocks.
        #expect(r.exitCode == (format == "i3blocks" && entry.isUrgent ? 33 : 0))
        // The long title is shortened with an ellipsis.
        #expect(!isBarFormat || !text.contains(String(repeating: "long ", count: 100)), "\(format) did not shorten")
        switch format {
        case "waybar", "i3bar", "json":
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(json != nil, "\(format) is not a JSON object")
            if format == "waybar", let json {
                for key in ["text", "tooltip", "alt"] {
                    let v = try #require(json[key] as? String)
                    // Ours: the calendar's markup in the tooltip, the tag colour's span around the text.
                    let calendar = key == "tooltip" || (key == "text" && family == .large)
                    try expectPangoSafe(
                        v, format: "waybar.\(key)",
                        allowing: calendar ? ["tt", "b", "u", "span"] : key == "text" ? ["span"] : [])
                }
                let classes = try #require(json["class"] as? [String])
                for c in classes {
                    #expect(
                        c.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") },
                        "class \(c)")
                }
                #expect(json["percentage"] is NSNumber)
            }
            if format == "i3bar", markup == .pango, let json {
                try expectPangoSafe(try #require(json["full_text"] as? String), format: "i3bar")
            }
        case "i3status-rs":
            // Its documented schema: text, short_text (Pango: the block shows them as markup), state.
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                "i3status-rs: not a JSON object")
            #expect(Set(json.keys) == ["text", "short_text", "state"])
            #expect(["Idle", "Info", "Good", "Warning", "Critical"].contains(json["state"] as? String ?? ""))
            for key in ["text", "short_text"] {
                let calendar = key == "text" && family == .large
                try expectPangoSafe(
                    try #require(json[key] as? String), format: "i3status-rs.\(key)",
                    allowing: calendar ? ["tt", "b", "u", "span"] : [])
            }
        case "pango":
            try expectPangoSafe(text, format: "pango", allowing: ["span", "tt", "b", "u"])
            // A colour in our markup is #rrggbb and nothing else.
            for part in text.components(separatedBy: "foreground=\"").dropFirst() {
                #expect(
                    part.prefix(8).count == 8 && part.prefix(8).last == "\"" && part.hasPrefix("#"),
                    "pango: a colour from data: \(part.prefix(20))")
            }
        case "i3blocks":
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(lines.last?.hasPrefix("#") == true && lines.last?.count == 7)
            if markup == .pango { try expectPangoSafe(String(lines[0]), format: "i3blocks") }
            for line in lines {
                #expect(!(line.count >= 2 && line.hasPrefix("\"") && line.hasSuffix("\"")), "a raw JSON string line")
            }
        case "polybar":
            // Only our own colour tags open: exactly one %{F#…} and one %{F-}.
            #expect(
                text.components(separatedBy: "%{").count - 1 == 2, "polybar: data opened a tag: \(text.prefix(120))")
            #expect(text.hasPrefix("%{F#") && text.hasSuffix("%{F-}"))
        case "conky":
            try expectConkySafe(text)
        case "yambar":
            // One tag set: five `name|type|value` lines, then the empty line that commits it.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.count == 6 && lines.last == "", "yambar: not one tag set: \(text.prefix(120))")
            let heads = ["text|string|", "short|string|", "state|string|", "progress|range:0-100|", "urgent|bool|"]
            for (line, head) in zip(lines, heads) { #expect(line.hasPrefix(head), "yambar: \(line.prefix(60))") }
            if lines.count == 6 {
                #expect(
                    EntryState.allCases.map(\.rawValue).contains(String(lines[2].dropFirst(13)))
                        || lines[2] == "state|string|error")
                #expect((0...100).contains(Int(lines[3].dropFirst(21)) ?? -1))
                #expect(["urgent|bool|true", "urgent|bool|false"].contains(lines[4]))
            }
        case "xmobar":
            // Outside <raw=N:…/> only our colour: <fc=#rrggbb> at the start and </fc> at the end.
            let outside = try xmobarOutsideRaw(text)
            #expect(
                outside.hasPrefix("<fc=#") && outside.dropFirst(11).hasPrefix(">") && outside.hasSuffix("</fc>"),
                "xmobar: \(text.prefix(120))")
            #expect(
                outside.components(separatedBy: "<").count - 1 == 2, "xmobar: data opened a tag: \(text.prefix(120))")
        case "tmux":
            // Our colour, our reset, and between them every # of data doubled: no format from data.
            #expect(text.hasPrefix("#[fg=#") && text.hasSuffix("#[default]"), "tmux: \(text.prefix(80))")
            var middle = Substring(text.dropFirst(13).dropLast(10))
            #expect(text.dropFirst(12).hasPrefix("]"), "tmux: the colour is not #rrggbb: \(text.prefix(20))")
            while let i = middle.firstIndex(of: "#") {
                let after = middle[middle.index(after: i)...]
                #expect(after.first == "#", "tmux: a # from data opens a format: \(text.prefix(120))")
                middle = after.dropFirst()
            }
        case "genmon":
            // Exactly our tags, once each; the rest is Pango-safe text (no < from data).
            for tag in ["txt", "tool", "txtclick"] {
                #expect(
                    text.components(separatedBy: "<\(tag)>").count == 2,
                    "genmon: <\(tag)> not exactly once: \(text.prefix(160))")
            }
            for tag in ["click", "img", "icon", "css"] {
                #expect(!text.contains("<\(tag)>"), "genmon: a <\(tag)> from data")
            }
            #expect(text.hasPrefix("<txt><span foreground=\"#") && text.contains("</span></txt><tool>"))
            let click = try #require(
                text.components(separatedBy: "<txtclick>").last?.components(separatedBy: "</txtclick>").first)
            #expect(click == "tminus next", "genmon: the click runs \(click)")
            let txt = try #require(text.components(separatedBy: "</span></txt>").first).dropFirst(33)
            try expectPangoSafe(
                String(txt), format: "genmon.txt", allowing: family == .large ? ["tt", "b", "u", "span"] : [])
            let tool = try #require(
                text.components(separatedBy: "<tool>").last?.components(separatedBy: "</tool>").first)
            try expectPangoSafe(tool, format: "genmon.tool", allowing: ["tt", "b", "u", "span"])
        case "xbar":
            try expectXbarSafe(text)
        case "plain":
            break  // text as it is: the invariants above are all it promises
        default:
            // A new renderer comes with the checks of its bar's syntax.
            Issue.record("no format-specific conformance check for \(format): add one here")
        }
    }

    /// The xbar plugin format: each line `TEXT |PARAMS` (or `---`), one `|` a line, only our
    /// parameters, actions only ours (tminus with our arguments), no line starting with `-` from data.
    func expectXbarSafe(_ text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 5 && lines[1] == "---", "xbar: \(text.prefix(120))")
        for line in lines where line != "---" {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            #expect(parts.count == 2, "xbar: a | from data: \(line.prefix(120))")
            guard parts.count == 2 else { continue }
            let label = parts[0]
            #expect(
                !label.hasPrefix("-") || label.hasPrefix("--✓ Done ") || label.hasPrefix("--⏰ Snooze 1 hour "),
                "xbar: a line starts with - : \(line.prefix(80))")
            for param in parts[1].split(separator: " ") {
                let kv = param.split(separator: "=", maxSplits: 1).map(String.init)
                #expect(kv.count == 2, "xbar: \(param)")
                guard kv.count == 2 else { continue }
                switch kv[0] {
                case "useMarkup", "unescape", "trim", "terminal": #expect(kv[1] == "false")
                case "refresh": #expect(kv[1] == "true")
                case "color": #expect(kv[1].count == 7 && kv[1].hasPrefix("#"))
                case "bash": #expect(kv[1] == "tminus")
                case let p where p.hasPrefix("param"):
                    #expect(
                        ["next", "--reset", "privacy", "toggle", "done", "edit", "--due", "+1h"].contains(kv[1])
                            || Int(kv[1]) != nil, "xbar: \(param)")
                default: Issue.record("xbar: a parameter not ours: \(param)")
                }
            }
        }
    }

    /// xmobar's text with every `<raw=N:…/>` removed (N code points are skipped, as xmobar does).
    func xmobarOutsideRaw(_ s: String) throws -> String {
        let scalars = Array(s.unicodeScalars)
        let open = Array("<raw=".unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard i + open.count <= scalars.count, Array(scalars[i..<(i + open.count)]) == open else {
                out.append(scalars[i]); i += 1; continue
            }
            var j = i + open.count, n = 0
            while j < scalars.count, let d = Int(String(scalars[j])) { n = n * 10 + d; j += 1 }
            try #require(j < scalars.count && scalars[j] == ":", "xmobar: a raw tag without its length")
            j += 1 + n
            try #require(
                j + 2 <= scalars.count && scalars[j] == "/" && scalars[j + 1] == ">",
                "xmobar: a raw tag of the wrong length in \(s.prefix(120))")
            i = j + 2
        }
        return String(out)
    }

    /// Pango-safe: every `&` starts an entity and no `<` opens a tag except the allowed ones.
    func expectPangoSafe(_ s: String, format: String, allowing tags: Set<String> = []) throws {
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            let after = rest[rest.index(after: amp)...]
            #expect(
                ["amp;", "lt;", "gt;", "quot;", "#39;"].contains { after.hasPrefix($0) },
                "\(format): a raw & in \(s.prefix(80))")
            rest = after
        }
        var scan = Substring(s)
        while let lt = scan.firstIndex(of: "<") {
            let tag = scan[scan.index(after: lt)...].prefix { $0.isLetter || $0 == "/" }.trimmingCharacters(
                in: CharacterSet(charactersIn: "/"))
            #expect(tags.contains(tag), "\(format): markup <\(tag)> from data in \(s.prefix(80))")
            scan = scan[scan.index(after: lt)...]
        }
    }

    /// Conky-safe: every `$` is doubled or opens our own `${color`, every `#` is escaped.
    func expectConkySafe(_ s: String) throws {
        let chars = Array(s)
        var i = 0
        while i < chars.count {
            if chars[i] == "$" {
                if i + 1 < chars.count && chars[i + 1] == "$" { i += 2; continue }
                let rest = String(chars[i...].prefix(8))
                #expect(rest.hasPrefix("${color"), "conky: a variable from data: \(rest)")
            }
            if chars[i] == "#" { #expect(i > 0 && chars[i - 1] == "\\", "conky: an unescaped # starts a comment") }
            i += 1
        }
    }

    @Test func waybarShowsHostileTitleLiterally() throws {
        let entry = RenderFixtures.entry([RenderFixtures.deadline("Thesis <b>& \"draft\"", in: 1800)])
        let r = WaybarRenderer().render(entry, RenderOptions(zone: .utc))
        #expect(r.text.contains("Thesis &lt;b&gt;&amp; &quot;draft&quot;"))
        #expect(r.text.contains("\"class\":[\"critical\",\"tag-school\"]"))
        let i3 = I3blocksRenderer().render(entry, RenderOptions(zone: .utc))
        #expect(i3.exitCode == 33)
    }

    @Test func userMarkupInTemplatesIsKept() {
        var config = Config()
        config.templates.medium = "<b>{title}</b>"
        let entry = RenderFixtures.entry([RenderFixtures.deadline("a<b", in: 1800)], config: config)
        #expect(
            WaybarRenderer().render(entry, RenderOptions(config: config, zone: .utc)).text.contains("<b>a&lt;b</b>"))
    }
}
