/// `tminus://` links (docs/links.md): `add` (an item, as `tminus share` prints it), `show` (a
/// day) and `item` (one item). Parsing is strict: an unknown host or parameter, a parameter given
/// twice, bad percent-encoding, text that is not UTF-8, a control character, or a link over
/// `maxLength` is a usage error, and nothing is changed. Pure: no I/O.
public enum ItemLink {
    /// The links' URL scheme (`tminus://`), matched case-insensitively.
    public static let scheme = "tminus"
    /// The longest link accepted, in bytes.
    public static let maxLength = 8192

    /// What a link asks for: an item to add, a day to show, or one item (by id) to print.
    public enum Target: Equatable, Sendable {
        /// The parameters of an item to add, decoded, in the order given.
        case add([(String, String)])
        case show(CivilDate)
        case item(String)

        /// Whether `a` and `b` are the same target (`add`'s parameters compared in order).
        public static func == (a: Target, b: Target) -> Bool {
            switch (a, b) {
            case (.add(let x), .add(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            case (.show(let x), .show(let y)): x == y
            case (.item(let x), .item(let y)): x == y
            default: false
            }
        }
    }

    /// The parameters each host takes (`title` is required for `add`).
    public static let addParameters = [
        "kind", "title", "due", "start", "note", "tag", "color", "remind", "icon", "priority", "star"
    ]

    /// What `url` asks for; a usage error, saying why, for anything but a well-formed tminus link.
    public static func parse(_ url: String) throws(TMinusError) -> Target {
        func bad(_ why: String) -> TMinusError {
            .usage(tr: "not a tminus link: %s; share one with tminus share REF", "\(why)")
        }
        let bytes = Array(url.utf8)
        guard bytes.count <= maxLength else { throw bad("it has \(bytes.count) bytes, more than \(maxLength)") }
        for b in bytes where b < 0x20 || b == 0x7F { throw bad("it contains a control character") }
        guard let colon = url.firstIndex(of: ":"), url[..<colon].lowercased() == scheme,
            url[colon...].hasPrefix("://")
        else { throw bad("it must start with tminus://") }
        var rest = url[url.index(colon, offsetBy: 3)...]
        if rest.contains("#") { throw bad("it has a fragment (#…)") }
        var query = ""
        if let q = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: q)...])
            rest = rest[..<q]
        }
        var host = rest.lowercased()
        if host.hasSuffix("/") { host.removeLast() }
        let params = try parameters(query, bad: bad)
        func only(_ allowed: [String]) throws(TMinusError) {
            for (name, _) in params where !allowed.contains(name) {
                throw bad(
                    "'\(Validation.printable(name))' is not a parameter of tminus://\(host) (it takes \(allowed.joined(separator: ", ")))"
                )
            }
        }
        switch host {
        case "add":
            try only(addParameters)
            guard params.contains(where: { $0.0 == "title" }) else { throw bad("tminus://add needs a title") }
            return .add(params)
        case "show":
            try only(["date"])
            guard let text = params.first?.1 else { throw bad("tminus://show needs date=YYYY-MM-DD") }
            guard text.utf8.count == 10, case let (local, nil)? = DateTimeText.parse(text),
                CivilDate.supported.contains(local.date)
            else {
                throw bad("'\(Validation.printable(text))' is not a date; use date=YYYY-MM-DD")
            }
            return .show(local.date)
        case "item":
            try only(["id"])
            guard let id = params.first?.1, !id.isEmpty, id.utf8.count <= 256 else {
                throw bad("tminus://item needs id=ID")
            }
            return .item(id)
        default:
            throw bad("'\(Validation.printable(host))' is not one of add, show, item")
        }
    }

    /// `name=value&…`, percent-decoded (RFC 3986: `+` is a plus sign); each name once.
    static func parameters(_ query: String, bad: (String) -> TMinusError) throws(TMinusError) -> [(String, String)] {
        var out: [(String, String)] = []
        guard !query.isEmpty else { return out }
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let eq = pair.firstIndex(of: "=") else {
                throw bad("'\(Validation.printable(String(pair)))' has no value (name=value)")
            }
            let name = try decode(pair[..<eq], bad: bad)
            let value = try decode(pair[pair.index(after: eq)...], bad: bad)
            guard !out.contains(where: { $0.0 == name }) else {
                throw bad("'\(Validation.printable(name))' is given twice")
            }
            if let c = Validation.firstControl(in: value, allowingNewlines: name == "note") {
                throw bad("'\(Validation.printable(name))' contains a control character (\(c))")
            }
            // A link's text is someone else's: taken in as every source's is (no bidi control
            // reorders the preview, nor anything shown of the item later).
            out.append((name, ControlText.withoutBidi(value, lineBreak: name == "note" ? "\n" : " ")))
        }
        return out
    }

    /// Characters a link may carry unencoded (RFC 3986's unreserved and sub-delims, `:@/?`).
    static func allowedRaw(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: Array("-._~!$'()*+,;:@/?".utf8).contains(b)
        }
    }

    /// Percent-decoding (RFC 3986): `%` and two hex digits, else only characters a link may carry
    /// raw; the result must be UTF-8 text. (Also the D-Bus client's, for bus addresses.)
    public static func decode(_ s: Substring, bad: (String) -> TMinusError) throws(TMinusError) -> String {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%") {
                guard bytes.count >= 2, let hi = hex(bytes.removeFirst()), let lo = hex(bytes.removeFirst()) else {
                    throw bad("'%' must be followed by two hex digits")
                }
                out.append(hi << 4 | lo)
            } else if allowedRaw(b) {
                out.append(b)
            } else {
                throw bad(
                    "it has a character that must be percent-encoded (\(b < 0x80 ? String(UnicodeScalar(b)) : "non-ASCII"))"
                )
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw bad("a parameter is not UTF-8 text") }
        return text
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 3986 percent-encoding: everything but the unreserved characters.
    public static func encode(_ s: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(b))
            default:
                out += "%" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
            }
        }
        return out
    }

    /// The `tminus://add` link that makes the same item on another machine: times as RFC 3339
    /// with this zone's offset, whole days as `YYYY-MM-DD`.
    public static func share(_ item: Item, zone: Zone) -> String {
        var p: [(String, String)] = [("kind", item.kind.rawValue), ("title", item.title)]
        if let due = item.due { p.append(("due", due.rfc3339(in: zone))) }
        if item.isDeadline, let start = item.start, start != item.created {
            p.append(("start", RFC3339.format(start, offset: zone.offset(at: start))))
        }
        if !item.note.isEmpty { p.append(("note", item.note)) }
        if let tag = item.tag {
            p.append(("tag", tag))
            // (The tag's colour: the other home makes the tag in it when it has none of that name.)
            if let color = Validation.hexColor(item.color) { p.append(("color", color.lowercased())) }
        }
        if let remind = item.remind { p.append(("remind", RFC3339.format(remind, offset: zone.offset(at: remind)))) }
        if let icon = item.icon { p.append(("icon", icon)) }
        if item.priority != .none { p.append(("priority", item.priority.rawValue)) }
        if item.starred { p.append(("star", "1")) }
        return "tminus://add?" + p.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
