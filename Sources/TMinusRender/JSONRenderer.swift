import TMinusCore
public import TMinusTimeline

/// `json`: the whole entry as one line of JSON (the entry object of docs/timeline.md; today's todos
/// up to `maxTodos`, with `todoCount` for all of them).
public struct JSONRenderer: Renderer {
    /// The `--format` name.
    public let format = "json"
    /// The one line for `show`'s help and the man page.
    public let about = "the entry as a JSON object, for scripts (eww, ags, your own)"
    /// Whether `show --follow` streams it: yes, an object per line (eww's `deflisten`).
    public let streams = true
    /// Whether the output names its second: yes, `date` and `remaining`.
    public let showsSeconds = true
    /// A renderer has no settings of its own.
    public init() {}
    /// eww reads it (a deflisten on --follow): its set-up.
    public var setups: [BarSetup] { [.eww] }

    /// The entry object on one line, listing at most the config's `maxTodos` todos.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        Rendered(JSONWriter.compact(entry.json(zone: options.zone, maxTodos: options.config.maxTodos)))
    }
}

// eww's set-up: a deflisten on the JSON stream.
extension BarSetup {
    static let eww: BarSetup = BarSetup(
        name: "eww", aliases: [], about: N_("a deflisten variable and a widget (--format json)"),
        configFiles: ["eww/eww.yuck"], write: .append,
        integration: "eww/eww.yuck", marker: "--format json",
        snippet: { c in
            let b = c.binary
            return """
                ; tminus for eww: merge into ~/.config/eww/eww.yuck, then: eww open tminus
                ; tminus prints the whole entry as JSON; the widget reads fields from it.
                ; Titles reach :text as plain strings (never through `literal`), so no markup or
                ; yuck in a title is ever parsed.
                ; Streaming: one tminus process prints a JSON line per update (each second, and at once on
                ; any change). One-shot instead:  (defpoll tminus :interval "1s" :initial '...' "\(b) show --format json")
                (deflisten tminus :initial '{"state":"none","small":"","medium":"…","large":"","deadline":null,"todos":[],"error":null}'
                  "\(b) show --follow --format json")

                (defwidget tminus-widget []
                  (eventbox :onclick "\(b) next" :onrightclick "\(b) menu" :onmiddleclick "\(b) next --reset" :onscroll "\(b) scroll {}"
                    (box :class "tminus ${tminus.state}" :orientation "h" :space-evenly false
                         :tooltip "${tminus.large}"
                      (label :text "${tminus.medium}")
                      (progress :value {tminus.deadline?.percent ?: 0}
                                :class "tminus-progress"))))

                (defwindow tminus
                  :monitor 0
                  :geometry (geometry :x "0%" :y "0px" :width "400px" :height "28px" :anchor "top right")
                  :stacking "fg"
                  (tminus-widget))

                """
        },
        full: { c in eww.snippet(c) },
        next: { _, file in
            "Merge the definitions into \(file) (colours: integrations/eww/eww.scss into eww.scss), then: eww open tminus"
        })
}
