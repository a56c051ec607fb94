/// Resolves REF (DESIGN §4): a handle (`3`), a unique id prefix (4+ hex digits), or an exact
/// title (case folded). Ambiguity is an error that lists the candidates.
public enum RefResolver {
    public static func resolve<T: RefTarget>(_ raw: String, among items: [T], what: String = "open item") throws(TMinusError) -> T {
        let ref = Validation.trimmed(raw)
        guard !ref.isEmpty else { throw .usage("an empty reference; give a number from tminus list, an id prefix or a title") }
        let shown = Validation.printable(ref)
        if let n = Int(ref.hasPrefix("#") ? String(ref.dropFirst()) : ref), n > 0 {
            if let item = items.first(where: { $0.handle == n }) { return item }
        }
        let lower = ref.lowercased()
        var matches: [T] = []
        let hexish = lower.filter { $0 != "-" }
        if hexish.count >= 4, hexish.allSatisfy(\.isHexDigit) {
            matches = items.filter { $0.idString.filter { $0 != "-" }.hasPrefix(hexish) }
        }
        let byTitle = items.filter { $0.title.lowercased() == lower }
        for item in byTitle where !matches.contains(where: { $0.idString == item.idString }) { matches.append(item) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            throw .usage("no \(what) matches '\(shown)'; use a number from tminus list\(what == "open item" ? "" : " --all"), an id prefix or the exact title")
        }
        let listed = matches.prefix(5).map { "#\($0.handle) \(Validation.printable($0.title)) (\($0.kind))" }.joined(separator: ", ")
        throw .usage("'\(shown)' matches \(matches.count) items: \(listed); use the number")
    }
}

/// Anything a REF can name: it has a handle, a title, an id and a kind.
public protocol RefTarget {
    var handle: Int { get }
    var title: String { get }
    /// The lower-case id.
    var idString: String { get }
    var kind: String { get }
}

extension Item: RefTarget {}

extension Summary.DeadlineInfo: RefTarget {
    public var idString: String { id.lowercased() }
    public var kind: String { "deadline" }
}
