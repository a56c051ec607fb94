import TMinusCore
public import TMinusTimeline

/// `yambar`: one tag set (a transaction) for yambar's `script` module: `name|type|value` lines,
/// ended by the empty line that commits it. yambar reads one tag per line, so every value is one
/// line with no control character; a string particle draws a value as it is (no markup, and a
/// value is never expanded again), so no other escaping is needed. yambar cannot take a colour
/// from a tag: its config maps `state` to colours (`tminus setup yambar` writes the map).
///
/// | tag | type | value |
/// |---|---|---|
/// | `text` | string | the medium family (or `--family`), one line |
/// | `short` | string | the small family, one line |
/// | `state` | string | `none`, `normal`, `ongoing`, `warning`, `critical`, `over`, or `error` |
/// | `progress` | range:0-100 | time elapsed, a whole number |
/// | `urgent` | bool | critical, over or an error |
public struct YambarRenderer: Renderer {
    /// The `--format` name.
    public let format = "yambar"
    /// The one line for `show`'s help and the man page.
    public let about = "a yambar script-module tag set: text, short, state, progress, urgent"
    /// Whether `show --follow` streams it: yes, a tag set per update (continuous mode).
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.yambar] }

    /// The tag set of the table, then the empty line that commits it.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping(Escape.oneLine)
        let state = entry.error == nil ? entry.state.rawValue : "error"
        let lines = [
            "text|string|" + Escape.oneLine(escaped.text(options.family ?? .medium)),
            "short|string|" + Escape.oneLine(escaped.text(.small)),
            "state|string|" + state,
            "progress|range:0-100|\(min(100, max(0, entry.percent)))",
            "urgent|bool|\(entry.isUrgent || entry.error != nil)"
        ]
        // The empty line after the last tag commits the set (the bar's newline ends the last line).
        return Rendered(ControlText.join(lines, "\n") + "\n")
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let yambar: BarSetup = BarSetup(
        name: "yambar", aliases: [], about: N_("a script module, continuous (--follow), coloured by state"),
        configFiles: ["yambar/config.yml"], write: .createOnly,
        integration: "yambar/config.yml", marker: "--format, yambar",
        snippet: { c in
            // yambar takes no colour from a tag: each state is mapped to the config's colour.
            // (An error entry in the critical colour, as every other bar draws it.)
            var conditions = ""
            for (state, colored) in [
                ("ongoing", EntryState.ongoing), ("normal", .normal), ("warning", .warning),
                ("critical", .critical), ("over", .over), ("overdue", .overdue), ("error", .critical)
            ] {
                if let color = yambarColor(c.config.colors[colored]) {
                    conditions +=
                        "\n              state == \(state): {string: {text: \"{text}\", foreground: \(color)}}"
                }
            }
            return """
                    - script:
                        path: \(c.binary)
                        args: [show, --follow, --format, yambar]
                        content:
                          map:
                            default: {string: {text: "{text}"}}
                            conditions:\(conditions)
                """
        },
        full: { c in
            """
            # tminus for yambar: a whole minimal bar with tminus on the right. Already have a bar?
            # Copy the "- script:" item into its left, center or right list.
            # tminus --follow is one process in yambar's continuous mode: it prints a tag set (text,
            # short, state, progress, urgent; see integrations/yambar/README.md) at each second
            # boundary and at once when your deadlines, the selection or the config change. Titles
            # are drawn as they are: yambar parses no markup in a tag's value.
            bar:
              height: 26
              location: top
              background: 000000ff
              foreground: ffffffff
              font: DejaVu Sans:pixelsize=14
              right:
            \(yambar.snippet(c))

            """
        },
        next: { _, file in
            "Put the \"- script:\" item into a left, center or right list of the bar in \(file) (yambar -C checks it), then restart yambar."
        })
}
