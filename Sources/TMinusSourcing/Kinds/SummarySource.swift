import TMinusCore

/// `summary`: another tminus's (or program's) `summary.json`, read-only: its deadlines and todos,
/// each keeping the home it came from (`Item.origin`), so homes that read each other never bring
/// an item back to its own home.
enum SummarySource: SourceKindIO {
    /// Another program's `summary.json` (read-only).
    static let kind = SourceConfig.Kind.summary
    static let facts = SourceKindFacts(
        path: .file, example: "~/Sync/phone/summary.json", isWritable: false, isCalendar: false)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let (_, bytes) = try readFile(
            source, sourcing, into: &out,
            missing: N_("%s does not exist (yet); it appears when the other program writes it"))
        let other = try Summary(bytes: bytes)
        out.items = (other.deadlines + other.todos).compactMap { item in
            var copy = item
            copy.origin = item.origin ?? other.origin
            if let origin, copy.origin == origin { return nil }
            copy.source = source.name
            copy.handle = 0
            return copy
        }
    }
}
