import TMinusCore
public import TMinusTimeline

/// `i3status-rs`: one JSON object for i3status-rust's `custom` block with `json = true` (its
/// documented schema: `text`, `short_text`, `state`; `icon` names one of its own icons, so none
/// is given). The block's default format shows `text` as Pango markup (`$text.pango-str()`), so
/// data is Pango-escaped; the user's theme colours the block by `state`.
///
/// | field | value |
/// |---|---|
/// | `text` | the medium family (or `--family`), Pango-escaped data, one line |
/// | `short_text` | the small family, the same way |
/// | `state` | `Idle` (no deadline), `Good` (normal), `Info` (an event in progress), `Warning`, `Critical` (critical,
/// over, an error) |
public struct I3statusRsRenderer: Renderer {
    /// The `--format` name.
    public let format = "i3status-rs"
    /// The one line for `show`'s help and the man page.
    public let about = "an i3status-rust custom block (json = true): text, short_text, state for your theme"
    /// Whether `show --follow` streams it: yes, an object per line for `persistent = true`.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.i3statusRs] }

    /// The block's JSON object (`text`, `short_text`, `state`) on one line.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping { Escape.pango(Escape.oneLine($0)) }
        let json = JSON.object([
            "text": .string(Escape.oneLine(escaped.text(options.family ?? .medium))),
            "short_text": .string(Escape.oneLine(escaped.text(.small))),
            "state": .string(Self.state(entry))
        ])
        return Rendered(JSONWriter.compact(json))
    }

    /// The theme state: i3status-rust colours Idle, Info, Good, Warning and Critical.
    static func state(_ entry: Entry) -> String {
        if entry.error != nil { return "Critical" }
        switch entry.state {
        case .none: return "Idle"
        case .normal: return "Good"
        case .ongoing: return "Info"
        case .warning: return "Warning"
        case .critical, .over, .overdue: return "Critical"
        }
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let i3statusRs: BarSetup = BarSetup(
        name: "i3status-rust", aliases: ["i3status-rs"], about: N_("a custom block (json = true, persistent)"),
        configFiles: ["i3status-rust/config.toml"], write: .append,
        integration: "i3status-rust/config.toml", marker: "--format i3status-rs",
        snippet: { c in
            let b = c.binary
            return """
                # tminus for i3status-rust: add this block to ~/.config/i3status-rust/config.toml.
                # --format i3status-rs prints the custom block's JSON (json = true): text, short_text, and a
                # state (Idle, Good, Info, Warning, Critical) that your i3status-rust theme colours. The block's
                # default format passes text through as Pango markup ($text.pango-str()), so tminus escapes
                # & < > ' " in your titles.
                # Streaming (persistent = true): one tminus process prints a line at each second boundary and
                # at once when your deadlines, the selection or the config change. For the one-shot form,
                # drop persistent and --follow and add  interval = 1  (see README.md).
                [[block]]
                block = "custom"
                command = "\(b) show --follow --format i3status-rs"
                persistent = true
                json = true
                [[block.click]]
                button = "left"
                cmd = "\(b) next"
                [[block.click]]
                button = "right"
                cmd = "\(b) menu"

                """
        },
        full: { c in i3statusRs.snippet(c) },
        next: { _, file in
            "Append the block to \(file) (blocks show in file order), then restart the bar ($mod+Shift+r in i3)."
        })
}
