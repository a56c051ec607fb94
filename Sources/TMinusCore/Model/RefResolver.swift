/// A REF as the user typed it: a handle (`3`, `#3`), a unique id prefix (4+ hex digits, dashes
/// ignored), or an exact title (case folded). Parsed once, so the same rules apply whether the
/// candidates are a list in memory or the history's index lookups.
public struct RefQuery: Equatable, Sendable {
    /// The REF cleaned for messages.
    public let shown: String
    /// The handle the REF names (`3` or `#3`, 1 to `Item.maxHandle`); nil when it is not one.
    public let handle: Int?
    /// Lower-case hex digits without dashes, when the REF can be an id prefix.
    public let idPrefix: String?
    /// The folded title the REF matches.
    public let title: String

    /// Parses `raw` (trimmed first); throws a usage error when it is empty.
    public init(_ raw: String) throws(TMinusError) {
        let ref = Validation.trimmed(raw)
        guard !ref.isEmpty else {
            throw .usage(tr: "an empty reference; give a number from tminus list, an id prefix or a title")
        }
        shown = Validation.printable(ref)
        let number = ref.hasPrefix("#") ? String(ref.dropFirst()) : ref
        if let n = Int(number), n > 0, n <= Item.maxHandle { handle = n } else { handle = nil }
        let hexish = ref.lowercased().filter { $0 != "-" }
        idPrefix = hexish.count >= 4 && hexish.count <= 64 && hexish.allSatisfy(\.isHexDigit) ? hexish : nil
        title = RefQuery.fold(ref)
    }

    /// How titles compare: case folded.
    public static func fold(_ title: String) -> String { title.lowercased() }

    /// An id without dashes, lower-case: what id prefixes are matched against.
    public static func compact(id: String) -> String { id.lowercased().filter { $0 != "-" } }
}

/// Resolves a REF among candidates: the handle first; else every id-prefix and title match, which
/// must be exactly one. Ambiguity is an error that lists the candidates.
public enum RefResolver {
    /// The one item among `items` that `raw` names; a usage error, naming `what`, for none or several.
    public static func resolve(_ raw: String, among items: [Item], what: String = "open item") throws(TMinusError)
        -> Item
    {
        try resolve(try RefQuery(raw), among: items, what: what)
    }

    /// The one item among `items` that `q` names; a usage error, naming `what`, for none or several.
    public static func resolve(_ q: RefQuery, among items: [Item], what: String = "open item") throws(TMinusError)
        -> Item
    {
        let matches = self.matches(q, among: items)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty, what == "open item" {
            throw .usage(
                tr: "no open item matches '%s'; use a number from tminus list, an id prefix or the exact title",
                q.shown)
        }
        if matches.isEmpty {
            switch what {
            case "deadline":
                throw .usage(
                    tr:
                        "no deadline matches '%s'; use a number from tminus list --all, an id prefix or the exact title",
                    q.shown)
            case "item":
                throw .usage(
                    tr: "no item matches '%s'; use a number from tminus list --all, an id prefix or the exact title",
                    q.shown)
            case "completed item":
                throw .usage(
                    tr:
                        "no completed item matches '%s'; use a number from tminus list --all, an id prefix or the exact title",
                    q.shown)
            default:
                throw .usage(
                    tr: "no %s matches '%s'; use a number from tminus list --all, an id prefix or the exact title",
                    what,
                    q.shown)
            }
        }
        let listed = ControlText.join(
            matches.prefix(5).map { "#\($0.handle) \(Validation.printable($0.title)) (\($0.kind.rawValue))" }, ", ")
        throw .usage(tr: "'%s' matches %s items: %s; use the number", q.shown, String(matches.count), listed)
    }

    /// What a REF names among `items`: the item with its handle, else every id-prefix and title match.
    public static func matches(_ q: RefQuery, among items: [Item]) -> [Item] {
        if let n = q.handle, let item = items.first(where: { $0.handle == n }) { return [item] }
        var matches: [Item] = []
        if let prefix = q.idPrefix {
            matches = items.filter { RefQuery.compact(id: $0.id).hasPrefix(prefix) }
        }
        for item in items where RefQuery.fold(item.title) == q.title && !matches.contains(where: { $0.id == item.id }) {
            matches.append(item)
        }
        return matches
    }
}
