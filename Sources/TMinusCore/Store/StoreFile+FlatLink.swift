/// A store's link read by its bytes when it is in the shape the store's writer gives it: a store
/// links every item of a 10,000-file vdir, and each link through the keys' reader cost 4.6 k
/// instructions (every command in such a home reads them all).
extension StoreFile {
    /// The link at `p` (just past its `{`) when it is `"source":"…","id":"…","handle":N`, then
    /// `,"seen":"…"` and `,"done":true` when there, then `}`, with nothing between: its strings
    /// plain ASCII (no escape), its handle digits as written (1 up to `Item.maxHandle`, no
    /// leading zero), its time one RFC 3339 reads. The parser is then past its `}`. Nil for
    /// anything else, the parser where it was: the keys' reader reads it, with its messages.
    /// Its fields are what that reader gives the same text (`StoreFileTests`, the fuzzer).
    static func flatLink(_ p: inout JSONParser) -> SourceLink? {
        let start = p.index
        let read = p.bytes.withUnsafeBufferPointer { b -> (SourceLink, Int)? in
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
            return (SourceLink(source: source, id: id, handle: handle, seen: seen, done: done), i)
        }
        guard let (link, end) = read else { return nil }
        p.closeObject(at: end)
        return link
    }

    /// Whether `b` holds `text` at `i` (then `i` is past it).
    private static func literal(_ text: StaticString, _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        let n = text.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != text.utf8Start[k] { return false }
        i += n
        return true
    }

    /// The plain ASCII text from `i` to the next `"` (then `i` is past it); nil when an escape, a
    /// control or a byte past ASCII comes first.
    private static func plain(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> String? {
        let e = JSONBytes.plainASCIIEnd(b, from: i)
        guard e < b.count, b[e] == 0x22 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[i..<e]), as: UTF8.self)
        i = e + 1
        return text
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
