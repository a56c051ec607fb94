import TMinusCore
public import TMinusTimeline

/// How each streaming format (`--follow`) frames its updates: one line per update, and for the
/// i3bar protocol a header (with click events) and the endless array.
public struct StreamFraming: Sendable {
    public var header: [String]
    /// The update line as the bar reads it; `first` is the first update after the header.
    public var frame: @Sendable (_ line: String, _ first: Bool) -> String

    /// The formats a bar can read as a stream.
    public static var formats: [String] { Renderers.all.filter(\.streams).map(\.format) }

    /// Nil for formats that do not stream (conky's execpi polls).
    public static func of(_ format: String) -> StreamFraming? {
        switch format {
        case "i3bar":
            // Default stop/continue signals: when i3bar hides the bar it stops us, and on SIGCONT
            // the follower recomputes from the wall clock, so the countdown is right on resume.
            return StreamFraming(header: [#"{"version":1,"click_events":true}"#, "["]) { line, first in
                (first ? "[" : ",[") + line + "]"
            }
        case let f where Renderers.named(f)?.streams == true:
            return StreamFraming(header: []) { line, _ in line }
        default:
            return nil
        }
    }

    /// One update of a streaming format. i3blocks `persist` reads one line per update, so it gets
    /// a JSON object (`format=json` in its config) that can carry the colour and urgency too.
    public static func update(_ format: String, _ entry: Entry, _ options: RenderOptions) -> String {
        switch format {
        case "i3blocks":
            let block = I3barRenderer().block(entry, options)
            let fields = (block.members ?? []).filter { ["full_text", "short_text", "color", "urgent"].contains($0.key) }
            return JSONWriter.compact(.object(fields))
        case "plain", "pango":
            // One line per update: a multi-line family is joined.
            return Escape.oneLine(Renderers.named(format)!.render(entry, options).text)
        default:
            return Renderers.named(format)!.render(entry, options).text
        }
    }
}
