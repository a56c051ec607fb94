/// The store's links, each read by its bytes when it is in the shape the store's writer gives it: a
/// store links every item of a 10,000-file vdir, and each link through the keys' reader cost 4.6 k
/// instructions (every command in such a home reads them all).
extension StoreFile {
    /// `[{"source": name, "id": text, "handle": n}]`.
    /// `sorted`: whether they are in their order already (each read by its bytes, each after the
    /// one before): a vdir's ten thousand links are then not compared as Strings again.
    static func readLinks(_ p: inout JSONParser, sorted: inout Bool) throws(JSONSyntaxError) -> [SourceLink] {
        let what = "a link needs a \"source\" (a source's name), an \"id\" and a \"handle\""
        var validSource: String?
        var last: (source: Range<Int>, id: Range<Int>)?
        sorted = true
        guard try !p.readNull() else { return [] }
        guard try p.kind() == .array else { throw p.error(at: "\"links\" must be a list") }
        try p.beginArray()
        var out: [SourceLink] = []
        // (A name checked once for the run of links that share it.)
        func checked(_ link: SourceLink, _ p: JSONParser) throws(JSONSyntaxError) -> SourceLink {
            if link.source != validSource {
                guard SourceConfig.isValidName(link.source) else { throw p.error(at: what) }
                validSource = link.source
            }
            return link
        }
        while try p.nextElement() {
            // A link in the writer's shape is read where it is, no object opened for it: a vdir's
            // ten thousand links, each through the parser's containers, cost 600 instructions more.
            if p.bytes[p.index] == UInt8(ascii: "{"),
                let (link, end) = flatLink(
                    p.bytes, from: p.index + 1, source: validSource, at: &last, inOrder: &sorted)
            {
                out.append(try checked(link, p))
                p.index = end + 1
                continue
            }
            guard try p.kind() == .object else { throw p.error(at: what) }
            try p.beginObject()
            sorted = false
            var source: String?, id: String?, handle: Int?, seen: Instant?, done = false
            // (Keys compared where they are, the time read from its bytes.)
            while let key = try p.nextRawKey() {
                let kind = try p.kind()
                if p.isKey(key, "done"), kind == .bool {
                    done = try p.readBool()
                } else if p.isKey(key, "seen"), kind == .string {
                    // A time that cannot be read is as if none was recorded (the next read records one).
                    seen = RFC3339.parse(bytes: try p.readStringBytes()).flatMap { $0.isSupported ? $0 : nil }
                } else if p.isKey(key, "source"), kind == .string {
                    source = try p.readString()
                } else if p.isKey(key, "id"), kind == .string {
                    id = try p.readString()
                } else if p.isKey(key, "handle"), kind == .number {
                    let n = try p.readNumber()
                    guard n.rounded() == n, n >= 1, n <= Double(Item.maxHandle) else {
                        throw p.error(at: "a link's handle must be a whole number from 1 to \(Item.maxHandle)")
                    }
                    handle = Int(n)
                } else {
                    try p.skipValue()
                }
            }
            guard let source, let id, !id.isEmpty, let handle else {
                throw p.error(at: what)
            }
            out.append(try checked(SourceLink(source: source, id: id, handle: handle, seen: seen, done: done), p))
        }
        return out
    }

    /// The link one line of the store's links holds, read as `readLinks` reads the list; nil when
    /// the line is not one link (a patch reads the few lines it looks up, `StoreLinkLines`).
    public static func link(line: ArraySlice<UInt8>) -> SourceLink? {
        var p = JSONParser(Array("[".utf8) + line + Array("]".utf8))
        var sorted = true
        guard let links = try? readLinks(&p, sorted: &sorted), links.count == 1 else { return nil }
        return links[0]
    }

    /// The link whose `{` is just before `start` in `bytes` when it is `"source":"…","id":"…","handle":N`,
    /// then `,"seen":"…"` and `,"done":true` when there, then `}`, with nothing between: its
    /// strings plain ASCII (no escape), its handle digits as written (1 up to `Item.maxHandle`, no
    /// leading zero), its time one RFC 3339 reads; and where its `}` is. Nil for anything else:
    /// the keys' reader reads it, with its messages. Its fields are what that reader gives the
    /// same text (`StoreFileTests`, the fuzzer).
    /// `source`: the last link's source, whose String is taken again when this one's is the same
    /// (a vdir's ten thousand links share one: not a String made for each).
    /// `at`: where its source's and id's bytes are (plain ASCII: they order as their Strings do);
    /// `inOrder` is made false when they come before those of the link read before, at `at` then.
    static func flatLink(
        _ bytes: [UInt8], from start: Int, source last: String? = nil, at: inout (source: Range<Int>, id: Range<Int>)?,
        inOrder: inout Bool
    ) -> (SourceLink, end: Int)? {
        let before = at
        var ordered = inOrder
        var last = last
        // (Where its parts are, read in the buffer; its Strings made after: a link made in the
        // closure came out of it as a generic tuple, destroyed twice through its witnesses.)
        let read = bytes.withUnsafeBufferPointer { b -> FlatLinkParts? in
            var i = start
            guard Self.literal(#""source":""#, b, &i), let source = Self.plain(b, &i),
                Self.literal(#","id":""#, b, &i), let id = Self.plain(b, &i), !id.isEmpty,
                Self.literal(#","handle":"#, b, &i), let handle = Self.handle(b, &i)
            else { return nil }
            var seen: Instant?
            if Self.literal(#","seen":""#, b, &i) {
                let s = i
                let e = JSONBytes.plainASCIIEnd(b, from: s)
                guard e < b.count, b[e] == 0x22,
                    let (local, offset) = DateTimeText.parse(bytes: UnsafeBufferPointer(rebasing: b[s..<e])),
                    let offset, case let t = Instant(local.secondsAsUTC - Int64(offset)), t.isSupported
                else { return nil }
                seen = t
                i = e + 1
            }
            let done = Self.literal(#","done":true"#, b, &i)
            guard i < b.count, b[i] == UInt8(ascii: "}") else { return nil }
            if ordered, let before { ordered = Self.follows((source, id), before, in: b) }
            let sameSource =
                last?.withUTF8 { l in
                    guard l.count == source.count else { return false }
                    for k in 0..<l.count where l[k] != b[source.lowerBound + k] { return false }
                    return true
                } ?? false
            return FlatLinkParts(
                source: source, id: id, handle: handle, seen: seen, done: done, end: i, sameSource: sameSource)
        }
        guard let read else { return nil }
        at = (read.source, read.id)
        inOrder = ordered
        let source = read.sameSource ? last! : String(decoding: bytes[read.source], as: UTF8.self)
        let link = SourceLink(
            source: source, id: String(decoding: bytes[read.id], as: UTF8.self), handle: read.handle, seen: read.seen,
            done: read.done)
        return (link, read.end)
    }

    /// Where a link's parts are (`flatLink`), its numbers read.
    private struct FlatLinkParts {
        var source: Range<Int>, id: Range<Int>
        var handle: Int
        var seen: Instant?
        var done: Bool
        var end: Int
        /// Its source's bytes are the last link's source.
        var sameSource: Bool
    }

    /// Whether the link whose source and id are at `b` in `bytes` sorts after the one at `a` (or
    /// is the same): by their bytes, as plain ASCII Strings compare.
    private static func follows(
        _ b: (source: Range<Int>, id: Range<Int>), _ a: (source: Range<Int>, id: Range<Int>),
        in p: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let s = order(a.source, b.source, in: p)
        return s < 0 || (s == 0 && order(a.id, b.id, in: p) <= 0)
    }

    /// How the bytes at `x` in `p` order against those at `y`: -1, 0 or 1, eight at a time (as
    /// big-endian numbers, which order as their bytes do).
    static func order(_ x: Range<Int>, _ y: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Int {
        let m = min(x.count, y.count)
        var k = 0
        if let base = p.baseAddress {
            let a = UnsafeRawPointer(base + x.lowerBound), b = UnsafeRawPointer(base + y.lowerBound)
            while k + 8 <= m {
                let u = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                let v = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                if u != v { return u < v ? -1 : 1 }
                k += 8
            }
        }
        while k < m {
            let u = p[x.lowerBound + k], v = p[y.lowerBound + k]
            if u != v { return u < v ? -1 : 1 }
            k += 1
        }
        return x.count < y.count ? -1 : x.count > y.count ? 1 : 0
    }

    /// Whether `b` holds `text` at `i` (then `i` is past it). Eight bytes at a time: five keys
    /// a link, ten thousand links.
    @inline(__always)
    private static func literal(_ text: StaticString, _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        let n = text.utf8CodeUnitCount
        guard i + n <= b.count, let base = b.baseAddress else { return false }
        let here = UnsafeRawPointer(base + i), want = UnsafeRawPointer(text.utf8Start)
        var k = 0
        while k + 8 <= n {
            guard
                here.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    == want.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            else { return false }
            k += 8
        }
        while k < n {
            guard here.load(fromByteOffset: k, as: UInt8.self) == want.load(fromByteOffset: k, as: UInt8.self) else {
                return false
            }
            k += 1
        }
        i += n
        return true
    }

    /// Where the plain ASCII text from `i` to the next `"` is (then `i` is past the quote); nil
    /// when an escape, a control or a byte past ASCII comes first.
    private static func plain(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Range<Int>? {
        let e = JSONBytes.plainASCIIEnd(b, from: i)
        guard e < b.count, b[e] == 0x22 else { return nil }
        defer { i = e + 1 }
        return i..<e
    }

    /// A handle's digits from `i`, as the writer writes one.
    private static func handle(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        let s = i
        var n = 0
        while i < b.count, b[i] &- 0x30 < 10, i - s < 10 {
            n = n * 10 + Int(b[i] &- 0x30)
            i += 1
        }
        guard i > s, b[s] != 0x30, n <= Item.maxHandle, i == b.count || b[i] &- 0x30 >= 10 else { return nil }
        return n
    }
}
