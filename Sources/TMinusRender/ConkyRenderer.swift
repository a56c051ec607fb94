import TMinusCore
public import TMinusTimeline

/// `conky`: lines for `${execp}`/`${execpi}`, whose output conky parses as its own text. The first
/// line is coloured with `${color …}`; the family (default large) gives the lines. Data is escaped
/// so it never reaches conky's parser as a variable or a comment (`$` → `$$`, `#` → `\#`).
public struct ConkyRenderer: Renderer {
    /// The `--format` name.
    public let format = "conky"
    /// The one line for `show`'s help and the man page.
    public let about = "conky's ${execpi}: colour and text in conky's own markup (polls; no --follow)"
    /// Whether `show --follow` streams it: no, conky's `${execpi}` runs tminus each interval.
    public let streams = false
    /// A renderer has no settings of its own.
    public init() {}

    /// The family (default large), its first line in the state's (or tag's) colour, data escaped for conky.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let family = options.family ?? .large
        let lines = entry.text(family, escapingData: Escape.conky).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { Escape.oneLine(String($0)) }
        let color = options.color(entry).dropFirst()
        var out = "${color \(color)}\(lines.first ?? "")${color}"
        for line in lines.dropFirst() { out += "\n" + line }
        return Rendered(out)
    }
}
