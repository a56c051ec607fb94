import TMinusCore
public import TMinusTimeline

/// `conky`: lines for `${execp}`/`${execpi}`, whose output conky parses as its own text. The first
/// line is coloured with `${color …}`; the family (default large) gives the lines. Data is escaped
/// so it never reaches conky's parser as a variable or a comment (`$` → `$$`, `#` → `\#`).
public struct ConkyRenderer: Renderer {
    public let format = "conky"
    public let about = "conky's ${execpi}: colour and text in conky's own markup (polls; no --follow)"
    public let streams = false
    public init() {}

    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let family = options.family ?? .large
        let lines = entry.text(family, escapingData: Escape.conky).split(separator: "\n", omittingEmptySubsequences: false)
            .map { Escape.oneLine(String($0)) }
        let color = options.color(entry).dropFirst()
        var out = "${color \(color)}\(lines.first ?? "")${color}"
        for line in lines.dropFirst() { out += "\n" + line }
        return Rendered(out)
    }
}
