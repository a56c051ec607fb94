import TMinusCore
public import TMinusTimeline

/// `genmon`: the tags of XFCE's Generic Monitor plugin (also MATE's, Budgie's and Vala Panel's
/// fork). The plugin finds its tags by searching the raw output, and reads `<txt>` and `<tool>`
/// as Pango markup, so data is Pango-escaped: no `<` from data can close a tag or open one
/// (`</txt><txtclick>rm -rf ~</txtclick>` in a title stays text).
///
/// | tag | value |
/// |---|---|
/// | `<txt>` | the medium family (or `--family`) in a span of the state's (or tag's) colour |
/// | `<tool>` | the large family (the agenda or the calendar, in Pango, where the config asks) |
/// | `<txtclick>` | `tminus next` by the absolute path of this binary: a click shows the next deadline |
/// | `<bar>` | time elapsed, when the config says `"progressBar": true` and a deadline is shown |
public struct GenmonRenderer: Renderer {
    /// The `--format` name.
    public let format = "genmon"
    /// The one line for `show`'s help and the man page.
    public let about = "XFCE Generic Monitor tags: <txt>, <tool>, <txtclick>, <bar>"
    /// Whether `show --follow` streams it: no, the plugin runs tminus each period.
    public let streams = false
    /// Whether a click runs tminus: yes, `<txtclick>` runs `next` by this binary's path.
    public let callsBack = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.genmon] }

    /// The tags of the table, one after another.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping(
            { Escape.pango(Escape.oneLine($0)) }, calendar: PangoCalendar.style, wrap: PangoCalendar.wrap)
        let text = Escape.oneLine(escaped.text(options.family ?? .medium))
        var out = "<txt><span foreground=\"\(options.color(entry))\">\(text)</span></txt>"
        out += "<tool>\(Escape.stripControls(escaped.text(.large), keepNewlines: true))</tool>"
        out += "<txtclick>\(options.binary) next</txtclick>"
        if options.config.progressBar, entry.deadline != nil { out += "<bar>\(min(100, max(0, entry.percent)))</bar>" }
        return Rendered(out)
    }
}

// XFCE's Generic Monitor set-up.
extension BarSetup {
    static let genmon: BarSetup = BarSetup(
        name: "genmon", aliases: ["xfce", "xfce4-genmon"],
        about: N_("XFCE's Generic Monitor (also MATE, Budgie), each second"),
        configFiles: ["xfce4/panel"], write: .never,
        integration: "xfce-genmon/genmon.rc", marker: "--format genmon",
        snippet: { c in "\(c.binary) show --format genmon" },
        full: { c in
            """
            Command=\(genmon.snippet(c))
            UseLabel=0
            UpdatePeriod=1000

            """
        },
        next: { _, _ in
            """
            Add a Generic Monitor to your panel (Panel > Add New Items > Generic Monitor; Debian: \
            xfce4-genmon-plugin), open its Properties, paste the line as the Command, untick Label, set \
            the period to 1 s. The panel keeps these settings itself (genmon 4.1: \
            ~/.config/xfce4/panel/genmon-N.rc, as printed by --full).
            """
        })
}
