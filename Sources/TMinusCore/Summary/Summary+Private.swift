/// Private mode (`tminus privacy on`, docs/privacy.md): what a screen others may see shows of
/// the items. Every title becomes its tag (or "busy"), every note goes; dates, states, tags,
/// colours, icons and counts stay, so the bar still counts down and colours.
extension Summary {
    /// The word shown for an item without a tag.
    public static let privateTitle = "busy"

    /// The summary as private mode shows it: each title replaced by its tag (or `privateTitle`), no notes.
    public func privately() -> Summary {
        var s = self
        s.deadlines = deadlines.map(Self.privately)
        s.todos = todos.map(Self.privately)
        return s
    }

    static func privately(_ item: Item) -> Item {
        var i = item
        i.title = item.tag.flatMap { $0.isEmpty ? nil : $0 } ?? privateTitle
        i.note = ""
        return i
    }
}
