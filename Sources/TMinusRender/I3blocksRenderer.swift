import TMinusCore
public import TMinusTimeline

/// `i3blocks`: the raw block format, three lines, and exit 33 when urgent (critical or over).
///
/// | line | value |
/// |---|---|
/// | 1 `full_text` | the medium family (or `--family`) |
/// | 2 `short_text` | the small family |
/// | 3 `color` | the state's colour |
///
/// No newline inside a value; Pango-escaped data with `--markup pango` (for `markup=pango`,
/// which i3blocks 1.4 passes to nobody, so the command line must say it).
public struct I3blocksRenderer: Renderer {
    /// The `--format` name.
    public let format = "i3blocks"
    /// The one line for `show`'s help and the man page.
    public let about = "three lines (text, short text, colour), exit 33 when urgent; --follow: JSON lines for persist"
    /// Whether `show --follow` streams it: yes, a JSON object per line for `interval=persist`.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.i3blocks] }

    /// The three lines, with exit code 33 when urgent.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping(Self.escaper(options.markup))
        let full = Self.safeLine(escaped.text(options.family ?? .medium))
        let short = Self.safeLine(escaped.text(.small))
        return Rendered("\(full)\n\(short)\n\(options.color(entry))", exitCode: entry.isUrgent ? 33 : 0)
    }

    /// `interval=persist` reads one line per update, so it gets a JSON object (`format=json` in its
    /// config) that can carry the colour and urgency too.
    public func streamLine(_ entry: Entry, _ options: RenderOptions) -> String {
        let block = I3barRenderer().block(entry, options)
        let fields = (block.members ?? []).filter { ["full_text", "short_text", "color", "urgent"].contains($0.key) }
        return JSONWriter.compact(.object(fields))
    }

    /// One line that i3blocks takes as text: a value that is exactly `"…"` would be read as a
    /// JSON string literal, so it gets a trailing space.
    static func safeLine(_ s: String) -> String {
        let line = Escape.oneLine(s)
        return line.count >= 2 && line.hasPrefix("\"") && line.hasSuffix("\"") ? line + " " : line
    }

    static func escaper(_ markup: Markup) -> @Sendable (String) -> String {
        switch markup {
        case .pango: { Escape.pango(Escape.oneLine($0)) }
        case .none: { Escape.oneLine($0) }
        }
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let i3blocks: BarSetup = BarSetup(
        name: "i3blocks", aliases: [], about: N_("a block, one-shot each second, refreshed at once by a signal"),
        configFiles: ["i3blocks/config"], write: .append,
        integration: "i3blocks/config", marker: "--format i3blocks",
        snippet: { c in
            """
            # tminus for i3blocks, one-shot form: copy into ~/.config/i3blocks/config (or append this
            # section). i3blocks runs tminus once a second; tminus prints full_text (medium family),
            # short_text (small family) and color, and exits 33 when the deadline is critical or over,
            # which i3blocks shows as urgent. A click re-runs the command with the button in the
            # environment, and tminus itself cycles the deadline (1 and 5 next, 3 and 4 previous, 2 back to the one due next).
            # Streaming instead (one process, per-second updates, instant reload): see config.persist.
            [tminus]
            command=\(c.binary) show --format i3blocks
            interval=1
            markup=none
            # Optional: with "signals": {"i3blocks": \(c.i3blocksSignal)} in tminus's config, every tminus change
            # (add, done, edit, next, ...) refreshes this block at once.
            signal=\(c.i3blocksSignal)

            """
        },
        full: { c in i3blocks.snippet(c) },
        next: { c, file in
            let signal =
                c.config.signals["i3blocks"] == nil
                ? " For instant refreshes after a change, add \"signals\": {\"i3blocks\": \(c.i3blocksSignal)} to tminus's config."
                : ""
            return "Append the [tminus] section to \(file) and restart i3 (or i3blocks).\(signal)"
        })
}
