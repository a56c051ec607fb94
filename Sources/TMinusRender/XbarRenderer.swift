import TMinusCore
public import TMinusTimeline

/// `xbar`: the plugin format of xbar and SwiftBar (macOS), Argos (GNOME) and Kargos (KDE). The
/// first line is the bar's text, then `---`, then the menu: the large family's lines, the
/// actions on the deadlines, and today's todos each with Done and Snooze. Every line ends in
/// ` | ` and its parameters: `useMarkup=false unescape=false` (Argos would read Pango and
/// backslash escapes), `trim=false`; actions run this binary by its absolute path with
/// `param1`… (`terminal=false refresh=true`), never a shell line. The format has no escape for `|`
/// (it would start parameters such as `bash=`): in data it becomes `│` (U+2502), and a line that
/// would start with `-` (a separator or a submenu) starts with a zero-width space.
public struct XbarRenderer: Renderer {
    /// The `--format` name.
    public let format = "xbar"
    /// The one line for `show`'s help and the man page.
    public let about = "the xbar/SwiftBar/Argos/Kargos plugin format: text, ---, a menu of actions"
    /// Whether `show --follow` streams it: no, xbar runs the plugin each period.
    public let streams = false
    /// Whether a click runs tminus: yes, the menu's actions run this binary by its path.
    public let callsBack = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.xbar] }

    /// The bar's line, `---`, then the menu: the large family, the actions, today's todos.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let plain = " useMarkup=false unescape=false trim=false"
        let escaped = entry.escaping(Escape.xbar)
        var lines: [String] = []
        func line(_ text: String, _ params: String = "") {
            var t = Escape.xbar(text)
            if t.hasPrefix("-") { t = "\u{200B}" + t }
            lines.append(t + " |" + params + plain)
        }
        func action(_ label: String, submenu: Bool = false, _ args: [String]) {
            var params = " bash=\(options.binary)"
            for (i, a) in args.enumerated() { params += " param\(i + 1)=\(a)" }
            params += " terminal=false refresh=true"
            lines.append((submenu ? "--" : "") + Escape.xbar(label) + " |" + params + plain)
        }
        line(escaped.text(options.family ?? .medium), " color=\(options.color(entry))")
        lines.append("---")
        for l in escaped.text(.large).split(separator: "\n", omittingEmptySubsequences: true) { line(String(l)) }
        lines.append("---")
        let words = options.config.words
        action(words.tr("Next deadline"), ["next"])
        action(words.tr("Back to the one due next"), ["next", "--reset"])
        action(words.tr("Private mode on or off"), ["privacy", "toggle"])
        let todos = entry.todos.prefix(options.config.maxTodos)
        if !todos.isEmpty {
            lines.append("---")
            for todo in todos {
                line((todo.overdue ? "⚠ " : "• ") + options.config.shortened(todo.title))
                let ref = String(todo.item.handle)
                action(words.tr("✓ Done"), submenu: true, ["done", ref])
                action(words.tr("⏰ Snooze 1 hour"), submenu: true, ["edit", ref, "--due", "+1h"])
            }
        }
        return Rendered(ControlText.join(lines, "\n"))
    }
}

// The xbar plugin's set-up (xbar, SwiftBar, Argos, Kargos).
extension BarSetup {
    static let xbar: BarSetup = BarSetup(
        name: "xbar", aliases: ["swiftbar", "argos", "kargos"],
        about: N_("a plugin for xbar, SwiftBar, Argos (GNOME) or Kargos (KDE)"),
        configFiles: ["argos/tminus.1s.sh"], write: .createOnly,
        integration: "xbar/tminus.1s.sh", marker: "--format xbar",
        snippet: { c in
            """
            #!/bin/sh
            # tminus as a plugin of xbar or SwiftBar (macOS, with tminus built there), Argos (GNOME
            # Shell) or Kargos (KDE Plasma): save it as tminus.1s.sh in the plugin folder and make it
            # executable (chmod +x). ".1s." runs it every second. The menu shows the deadline and
            # today's todos, each with Done and Snooze 1 hour; a title's | is shown as │.
            exec \(c.binary) show --format xbar

            """
        },
        full: { c in xbar.snippet(c) },
        next: { _, file in
            """
            Save it as \(file) (Argos's plugin folder; xbar: ~/Library/Application Support/xbar/plugins, \
            SwiftBar and Kargos: the folder chosen in their settings) and chmod +x it.
            """
        }, executable: true)
}
