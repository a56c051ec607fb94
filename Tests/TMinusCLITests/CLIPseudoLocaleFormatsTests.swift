import Foundation
import Testing
import TMinusRender

/// Every `--format`, not only plain, under the pseudo-locale: what a bar shows a person (its text,
/// tooltip and menus, xbar's actions) comes through the catalogs. Each format's own syntax (JSON
/// keys and machine fields, tags, colours, the parameters of a menu line) is taken away first:
/// it is for the bar, not for a person.
extension CLIPseudoLocaleTests {
    /// The text a person reads in `output` of `format`.
    func humanText(_ format: String, _ output: String) -> String {
        func replacing(_ pattern: String, in text: String, with template: String = " ") -> String {
            text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        var text = output
        switch format {
        case "waybar", "i3bar", "i3status-rs", "json":
            // The values a bar shows; the machine fields (classes, states, ids, dates) are not words.
            let machine: Set<String> = [
                "class", "alt", "state", "name", "instance", "markup", "color", "id", "date", "due", "source",
                "priority", "icon", "tag"
            ]
            var values: [String] = []
            func collect(_ value: Any, key: String?) {
                if let s = value as? String, !machine.contains(key ?? "") { values.append(s) }
                if let d = value as? [String: Any] { for (k, v) in d { collect(v, key: k) } }
                if let a = value as? [Any] { for v in a { collect(v, key: key) } }
            }
            for line in output.split(separator: "\n") {
                if let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) { collect(json, key: nil) }
            }
            text = values.joined(separator: "\n")
        case "yambar":
            text = output.split(separator: "\n").compactMap { line -> String? in
                let parts = line.split(separator: "|", maxSplits: 2).map(String.init)
                return parts.count == 3 && parts[1] == "string" && parts[0] != "state" ? parts[2] : nil
            }.joined(separator: "\n")
        case "xbar":
            // A line's text is before " |"; a submenu line starts with "--".
            text = output.split(separator: "\n").map { line in
                let shown = line.components(separatedBy: " |")[0]
                return shown.hasPrefix("--") ? String(shown.dropFirst(2)) : shown
            }.joined(separator: "\n")
        case "genmon":
            text = replacing("<txtclick>[^<]*</txtclick>", in: text)
        case "xmobar":
            text = replacing("<raw=[0-9]+:", in: text)
            text = replacing("/>", in: text)
        case "polybar":
            text = replacing("%\\{[^}]*\\}", in: text)
        case "conky":
            text = replacing("\\$\\{[^}]*\\}", in: text)
        case "tmux":
            text = replacing("#\\[[^\\]]*\\]", in: text)
        default: break
        }
        text = replacing("<[^>]*>", in: text)  // Pango's tags
        text = replacing("&[a-z]+;", in: text)  // Pango's escapes
        text = replacing("#[0-9a-fA-F]{6}", in: text)  // colours (i3blocks' third line)
        return text
    }

    func expectFormatThroughCatalogs(
        _ h: TempHome, _ format: String, _ args: [String] = [], now: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let r = h.inProcess(["show", "--format", format] + args, now: now, env: pseudo)
        #expect(r.status == 0 || r.status == 33, "\(format) \(args): \(r)", sourceLocation: sourceLocation)
        let text = humanText(format, r.stdout)
        let words = bypassing(text)
        #expect(
            words.isEmpty, "\(format) \(args) bypasses the catalogs: \(words) in \(r.stdout)",
            sourceLocation: sourceLocation)
    }

    @Test func everyFormatInEveryFamilyAndState() throws {
        let h = try home()
        let formats = Renderers.all.map(\.format)
        #expect(formats.count >= 14)
        for now in ["2026-03-10T12:00:00Z", "2026-03-12T16:30:00Z", "2026-03-12T16:05:00Z"] {
            for format in formats {
                expectFormatThroughCatalogs(h, format, now: now)
                expectFormatThroughCatalogs(h, format, ["--family", "large"], now: now)
            }
        }
    }

    @Test func everyFormatWithTheAgendaAndCalendarTooltips() throws {
        let h = try home()
        for tooltip in ["agenda", "calendar"] {
            _ = try h.writeConfig(#"{"tooltip": "\#(tooltip)"}"#)
            for format in Renderers.all.map(\.format) {
                expectFormatThroughCatalogs(h, format)
                expectFormatThroughCatalogs(h, format, ["--markup", "pango"])
            }
        }
    }
}
