extension Zone {
    /// Reads a compiled zone file (TZif, RFC 8536), versions 1 to 4; leap-second records are skipped.
    public static func tzif(_ bytes: [UInt8], name: String) -> Zone? {
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66 else {
            return nil
        }
        let version = bytes[4]
        func be32(_ at: Int) -> Int64 {
            let v =
                UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
                | UInt32(bytes[at + 3])
            return Int64(Int32(bitPattern: v))
        }
        func be64(_ at: Int) -> Int64 {
            var v: UInt64 = 0
            for k in 0..<8 { v = v << 8 | UInt64(bytes[at + k]) }
            return Int64(bitPattern: v)
        }
        struct Header { var isut, isstd, leap, time, type, char: Int }
        func header(_ at: Int) -> Header? {
            guard at + 44 <= bytes.count else { return nil }
            let h = Header(
                isut: Int(be32(at + 20)), isstd: Int(be32(at + 24)), leap: Int(be32(at + 28)),
                time: Int(be32(at + 32)), type: Int(be32(at + 36)), char: Int(be32(at + 40)))
            // Counts from the file are checked before any arithmetic or loop uses them.
            let limit = 1 << 20
            guard [h.isut, h.isstd, h.leap, h.time, h.type, h.char].allSatisfy({ (0...limit).contains($0) }) else {
                return nil
            }
            return h
        }
        guard var h = header(0) else { return nil }
        var at = 44
        var timeSize = 4
        if version >= 0x32 {
            // Skip the version-1 block; the 64-bit block follows with its own header.
            at += h.time * 4 + h.time + h.type * 6 + h.char + h.leap * 8 + h.isstd + h.isut
            guard let h2 = header(at) else { return nil }
            h = h2
            at += 44
            timeSize = 8
        }
        let need = h.time * timeSize + h.time + h.type * 6 + h.char + h.leap * (timeSize + 4) + h.isstd + h.isut
        guard h.type > 0, at + need <= bytes.count else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(h.time)
        for k in 0..<h.time { transitions.append(timeSize == 8 ? be64(at + k * 8) : be32(at + k * 4)) }
        at += h.time * timeSize
        var transitionTypes: [Int] = []
        for k in 0..<h.time {
            let idx = Int(bytes[at + k])
            guard idx < h.type else { return nil }
            transitionTypes.append(idx)
        }
        at += h.time
        var raw: [(Int, Bool, Int)] = []
        for k in 0..<h.type {
            let p = at + k * 6
            let offset = Int(be32(p))
            guard abs(offset) <= Zone.maxOffset else { return nil }
            raw.append((offset, bytes[p + 4] != 0, Int(bytes[p + 5])))
        }
        at += h.type * 6
        let chars = Array(bytes[at..<(at + h.char)])
        at += h.char
        let types = raw.map { off, dst, ai -> ZoneType in
            var end = ai
            while end < chars.count && chars[end] != 0 { end += 1 }
            let abbr = ai < chars.count ? String(decoding: chars[ai..<end], as: UTF8.self) : ""
            return ZoneType(offset: off, isDST: dst, abbreviation: abbr)
        }
        at += h.leap * (timeSize + 4) + h.isstd + h.isut
        var rule: PosixZoneRule?
        if timeSize == 8, at < bytes.count, bytes[at] == 0x0A {
            var end = at + 1
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let footer = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
            if !footer.isEmpty { rule = PosixZoneRule(footer) }
        }
        return Zone(name: name, transitions: transitions, transitionTypes: transitionTypes, types: types, rule: rule)
    }

    /// A zone from a POSIX TZ string such as `EST5EDT,M3.2.0,M11.1.0` or `<+0545>-5:45`.
    public static func posix(_ text: String) -> Zone? {
        guard let rule = PosixZoneRule(text) else { return nil }
        return Zone(name: text, transitions: [], transitionTypes: [], types: [rule.std], rule: rule)
    }
}
