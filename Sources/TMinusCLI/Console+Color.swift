import TMinusApp
import TMinusCore
import TMinusTimeline

/// Colours on a terminal: `--color auto|always|never` (auto: when stdout is a terminal, unless
/// `NO_COLOR` is set or `TERM` is dumb), 24-bit ANSI for `#rrggbb`, and each item's tag colour.
enum TerminalColor {
    /// Whether to colour, from `--color` and the environment.
    static func choice(_ value: String?, _ ctx: Context) throws(TMinusError) -> Bool {
        switch value {
        case nil, "auto"?:
            return ctx.console.outIsTerminal && (ctx.environment["NO_COLOR"] ?? "").isEmpty
                && ctx.environment["TERM"] != "dumb"
        case "always"?: return true
        case "never"?: return false
        case let v?: throw .usage(tr: "--color takes auto, always or never, not '%s'", "\(Validation.printable(v))")
        }
    }

    /// 24-bit foreground colour for `#rrggbb` (nothing for anything else).
    static func ansi(_ hex: String?) -> String {
        guard let hex = Validation.hexColor(hex), let v = Int(hex.dropFirst(), radix: 16) else { return "" }
        return "\u{1B}[38;2;\(v >> 16 & 0xFF);\(v >> 8 & 0xFF);\(v & 0xFF)m"
    }

    /// `text` in `hex`, reset after (as it is when `hex` is no colour).
    static func paint(_ text: String, _ hex: String?) -> String {
        let start = ansi(hex)
        return start.isEmpty ? text : start + text + "\u{1B}[0m"
    }

    /// An item's colour: the config's colour for its tag, else the store's tag's, else its own.
    static func tagColor(tags: [Tag], config: Config) -> @Sendable (Item) -> String? {
        { item in
            guard let tag = item.tag?.lowercased() else { return item.color }
            return config.tags[tag]?.color ?? tags.first { $0.name.lowercased() == tag }?.color ?? item.color
        }
    }
}
