public import TMinusCore
public import TMinusTimeline

/// `i3bar`: one block of the i3bar/swaybar protocol, for embedding in a status line (one-shot);
/// the header and endless array come with `--follow`.
///
/// | field | value |
/// |---|---|
/// | `full_text` | the medium family (or `--family`) |
/// | `short_text` | the small family |
/// | `color` | the state's colour |
/// | `urgent` | critical or over |
/// | `name`, `instance` | `tminus` and the deadline's id, for click events |
/// | `markup` | `pango` or `none` (`--markup`); data is Pango-escaped with `pango` |
public struct I3barRenderer: Renderer {
    /// The `--format` name.
    public let format = "i3bar"
    /// The one line for `show`'s help and the man page.
    public let about = "one i3bar-protocol block; with --follow the whole protocol, clicks included (swaybar, i3bar)"
    /// Whether `show --follow` streams it: yes, the whole protocol (header, endless array, clicks).
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}
    /// swaybar and i3bar: its set-up.
    public var setups: [BarSetup] { [.i3bar] }

    /// One block as compact JSON, for embedding in a status line (no header).
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        Rendered(JSONWriter.compact(block(entry, options)))
    }

    /// The protocol's header, with click events; the bar's default stop/continue signals: when
    /// i3bar hides the bar it stops us, and on SIGCONT the follower recomputes from the wall
    /// clock, so the countdown is right on resume. Then the endless array.
    public var streamHeader: [String] { [#"{"version":1,"click_events":true}"#, "["] }

    /// One status line of the endless array: `[block]`, later ones `,[block]`.
    public func streamFrame(_ line: String, first: Bool) -> String { (first ? "[" : ",[") + line + "]" }

    /// The block's JSON object, fields as in the table (i3blocks' stream uses it too).
    public func block(_ entry: Entry, _ options: RenderOptions) -> JSON {
        let escaped = entry.escaping(Self.escaper(options.markup))
        return .object([
            "full_text": .string(Escape.oneLine(escaped.text(options.family ?? .medium))),
            "short_text": .string(Escape.oneLine(escaped.text(.small))),
            "color": .string(options.color(entry)),
            "urgent": .bool(entry.isUrgent),
            "name": .string("tminus"),
            "instance": .string(entry.deadline?.id ?? "none"),
            "markup": .string(options.markup.rawValue)
        ])
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
    static let i3bar: BarSetup = BarSetup(
        name: "i3bar", aliases: ["swaybar", "sway", "i3"],
        about: N_("the bar's status_command (the i3bar protocol, streaming)"),
        configFiles: ["sway/config", "i3/config"], write: .never,
        integration: "i3bar-sway/bar.conf", marker: "--format i3bar",
        snippet: { c in
            """
            bar {
                status_command \(c.binary) show --follow --format i3bar
            }
            """
        },
        full: { c in
            """
            # tminus as the status_command of i3bar or swaybar: put the status_command line into the
            # bar { } block of ~/.config/i3/config or ~/.config/sway/config (or add this block for a
            # second bar). tminus speaks the whole i3bar protocol (header, click events, one status
            # line per update) and cycles the deadline on a click (1 and 5 next, 3 and 4 previous,
            # 2 back to the one due next).
            \(i3bar.snippet(c))

            """
        },
        next: { c, file in
            """
            Put the status_command line into the bar { } block of \(file) (or your i3 config) and \
            reload the window manager ($mod+Shift+c in sway, $mod+Shift+r in i3). Today's todos in a \
            launcher: bindsym $mod+t exec \(c.binary) menu
            """
        })
}
