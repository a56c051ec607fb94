public import TMinusCore
public import TMinusTimeline

/// Whether the bar parses Pango markup in the text it gets.
public enum Markup: String, CaseIterable, Sendable {
    case none, pango
}

/// What a renderer needs besides the entry.
public struct RenderOptions: Sendable {
    /// The family asked for; nil means the renderer's own default.
    public var family: Family?
    /// `--markup`: whether the bar parses Pango (then i3bar and i3blocks Pango-escape data).
    public var markup: Markup
    /// The widget config (colours, `colorBy`, `maxTodos`, `progressBar`).
    public var config: Config
    /// The zone the output's dates are written in (json's local offsets).
    public var zone: Zone
    /// The command a click runs to call tminus back (genmon's `<txtclick>`, xbar's `bash=`): the
    /// absolute path of this binary when the renderer `callsBack`, else `tminus`.
    public var binary: String

    /// Defaults: the renderer's own family, no markup, the default config, and `tminus` as the command.
    public init(
        family: Family? = nil, markup: Markup = .none, config: Config = Config(), zone: Zone, binary: String = "tminus"
    ) {
        self.family = family
        self.markup = markup
        self.config = config
        self.zone = zone
        self.binary = binary
    }

    /// The colour of the bar's text: the deadline's tag colour when the config colours by tag
    /// (and it has one), else its state's (an error entry uses the critical colour).
    public func color(_ entry: Entry) -> String {
        if entry.error == nil, let tag = tagColor(entry) { return tag }
        return config.colors[entry.error == nil ? entry.state : .critical] ?? "#ffffff"
    }

    /// The deadline's tag colour when the config says `"colorBy": "tag"`, checked to be `#rrggbb`.
    public func tagColor(_ entry: Entry) -> String? {
        guard config.colorBy == .tag else { return nil }
        return Validation.hexColor(entry.deadline?.color)
    }
}

/// What a renderer produces: the bytes for the bar (without the final newline) and the exit code
/// (i3blocks reads 33 as urgent).
public struct Rendered: Equatable, Sendable {
    /// The output for the bar, without the final newline.
    public var text: String
    /// The exit code: 0, or 33 for an urgent i3blocks block.
    public var exitCode: Int32

    /// The output `text`, to exit with `exitCode` (0 unless given).
    public init(_ text: String, exitCode: Int32 = 0) {
        self.text = text
        self.exitCode = exitCode
    }
}

/// Entry + options → the bytes one bar expects, with that bar's escaping of data (and only data).
public protocol Renderer: Sendable {
    /// The `--format` name.
    var format: String { get }
    /// One line on what the bar gets, for help, completions and the man page.
    var about: String { get }
    /// Whether `show --follow` streams this format (conky's execpi polls instead).
    var streams: Bool { get }
    /// Whether the output names the second it was made in (json's `date` and `remaining`): then a
    /// kept output holds for that second only (the widget cache).
    var showsSeconds: Bool { get }
    /// Whether the output runs tminus on a click (then `RenderOptions.binary` is its absolute path).
    var callsBack: Bool { get }
    /// What `tminus setup` prints for each bar that reads this format (none for the generic ones).
    var setups: [BarSetup] { get }
    func render(_ entry: Entry, _ options: RenderOptions) -> Rendered

    /// With `--follow` (when `streams`): the lines before the first update (the i3bar protocol's
    /// header and the opening of its endless array).
    var streamHeader: [String] { get }
    /// One update of the stream: one line (a tag set for yambar).
    func streamLine(_ entry: Entry, _ options: RenderOptions) -> String
    /// An update as the bar reads it (`first`: the first after the header).
    func streamFrame(_ line: String, first: Bool) -> String
}

extension Renderer {
    /// By default the output does not name its second.
    public var showsSeconds: Bool { false }
    /// By default a click runs nothing.
    public var callsBack: Bool { false }
    /// By default no bar of its own to set up.
    public var setups: [BarSetup] { [] }
    /// By default no header: the first update is the first line.
    public var streamHeader: [String] { [] }
    /// By default the one-shot output's text.
    public func streamLine(_ entry: Entry, _ options: RenderOptions) -> String { render(entry, options).text }
    /// By default the line as it is.
    public func streamFrame(_ line: String, first: Bool) -> String { line }
}

/// How Pango draws `{calendar}`: today bold and underlined, each mark in its tag colour, the
/// grid in a monospace font so its columns line up in a proportional tooltip.
enum PangoCalendar {
    static let style = MonthGrid.Style(
        today: { "<b><u>" + $0 + "</u></b>" },
        mark: { c in c.map { "<span foreground=\"" + $0 + "\">•</span>" } ?? "•" }, pointsAtToday: false)
    static func wrap(_ grid: String) -> String { "<tt>" + grid + "</tt>" }
}

/// Every renderer, by format name: the one list of formats (help, completions, the man page,
/// `--follow` and the conformance suite all read it).
public enum Renderers {
    /// Every renderer, in the order help lists the formats.
    public static let all: [any Renderer] = [
        WaybarRenderer(), I3blocksRenderer(), I3barRenderer(), PolybarRenderer(), ConkyRenderer(),
        I3statusRsRenderer(), YambarRenderer(), XmobarRenderer(), TmuxRenderer(), GenmonRenderer(), XbarRenderer(),
        PangoRenderer(), PlainRenderer(), JSONRenderer()
    ]

    /// The renderer with this `--format` name, or nil.
    public static func named(_ format: String) -> (any Renderer)? {
        all.first { $0.format == format }
    }
}
