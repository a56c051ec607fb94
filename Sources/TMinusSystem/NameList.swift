import CTMinusSys
import Glibc

/// The names of a folder's entries as bytes, in one buffer: each followed by a NUL, so that it is
/// also the C string `fstatat` takes. A vdir of ten thousand files is listed, filtered, sorted and
/// stamped without a String made for any file a sync left as it was.
public struct NameList {
    /// Every name and its NUL: one after another, or where the folder's records read whole have
    /// them (`init(listing:expected:keep:)`).
    public private(set) var bytes: [UInt8] = []
    /// Where each name starts in `bytes`, and its length (without the NUL), in the list's order.
    public private(set) var starts: [Int] = []
    public private(set) var lengths: [Int] = []

    public init() {}

    /// The list of `names`.
    public init(_ names: [String]) {
        for n in names { append(n.utf8) }
    }

    /// Room for `names` names of about 64 bytes each (a folder whose size is known: a vdir's
    /// file cache says how many it had; ten thousand names appended into arrays grown, and
    /// copied, a dozen times cost a tenth of a sync).
    public mutating func reserve(names: Int) {
        starts.reserveCapacity(names)
        lengths.reserveCapacity(names)
        bytes.reserveCapacity(names * 64)
    }

    public var count: Int { starts.count }
    public var indices: Range<Int> { starts.indices }

    /// Adds a name (its bytes).
    public mutating func append(_ name: some Collection<UInt8>) {
        starts.append(bytes.count)
        lengths.append(name.count)
        bytes += name
        bytes.append(0)
    }

    /// Name `i`'s bytes, and the same as a C string. (Inlinable: called across modules as a
    /// generic function, unspecialized, it cost a vdir's walk 1.8 M instructions more, ten thousand
    /// calls through its closures' witnesses.)
    @inlinable
    public func withName<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>) -> R) -> R {
        bytes.withUnsafeBufferPointer { b in
            let start = b.baseAddress! + starts[i]
            return start.withMemoryRebound(to: CChar.self, capacity: lengths[i] + 1) {
                body(UnsafeBufferPointer(start: start, count: lengths[i]), $0)
            }
        }
    }

    /// Name `i` as a String.
    public func string(_ i: Int) -> String { withName(i) { name, _ in String(decoding: name, as: UTF8.self) } }

    /// The names in the order of their UTF-8 bytes (code points), compared with `memcmp`: a folder
    /// of ten thousand files is sorted without Unicode's comparison.
    public mutating func sortByBytes() {
        // Each name's first eight bytes as one number (big-endian, so numbers order as bytes do),
        // with its place, sorted by that number a byte at a time (a stable radix sort: no
        // comparison made per pair of ten thousand names); file names (UIDs) almost always differ
        // there, and only runs that tie are sorted again by their whole bytes.
        let n = count
        guard n > 1 else { return }
        // (Not zeroed first: each is written below before it is read. A large `memset` is
        // `rep stosb`, which valgrind counts a byte an instruction.)
        var keys = [UInt64](unsafeUninitializedCapacity: n) { _, count in count = n }
        var order = [Int](unsafeUninitializedCapacity: n) { _, count in count = n }
        bytes.withUnsafeBufferPointer { b in
            for i in 0..<n {
                var prefix: UInt64 = 0
                let length = lengths[i], start = starts[i]
                if length >= 8, let base = b.baseAddress {
                    prefix = UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
                } else {
                    for k in 0..<8 { prefix = prefix << 8 | (k < length ? UInt64(b[start + k]) : 0) }
                }
                keys[i] = prefix
                order[i] = i
            }
        }
        if n >= 256 && n < Int(UInt32.max) {
            Self.radixSort(&keys, &order)
        } else {
            // (A folder of a few names: all of them one run, sorted by comparing them below, not
            // counted into the radix sort's twelve thousand buckets, zeroed first; and past what
            // its 32-bit counts hold, which no folder's list in memory reaches.)
            for i in 0..<n { keys[i] = 0 }
        }
        bytes.withUnsafeBufferPointer { b in
            // (Names equal in their first eight bytes: the run sorted by the rest, stably.)
            var runStart = 0
            for i in 1...n where i == n || keys[i] != keys[runStart] {
                if i - runStart > 1 {
                    order[runStart..<i].sort { x, y in
                        let m = min(lengths[x], lengths[y])
                        let c = memcmp(b.baseAddress! + starts[x], b.baseAddress! + starts[y], m)
                        return c != 0 ? c < 0 : (lengths[x] != lengths[y] ? lengths[x] < lengths[y] : x < y)
                    }
                }
                runStart = i
            }
        }
        starts = order.map { starts[$0] }
        lengths = order.map { lengths[$0] }
    }

    /// `keys` sorted, least significant digit first (eleven bits each: six passes over the keys,
    /// where bytes were eight), `values` moved with them; equal keys keep their order. The six
    /// digits' counts are made in one pass over the keys, and a digit that is the same in every
    /// key is passed over.
    static func radixSort(_ keys: inout [UInt64], _ values: inout [Int]) {
        let n = keys.count
        // (Counts in 32 bits: `sortByBytes` sorts longer lists by comparing them.)
        precondition(n < Int(UInt32.max), "too many names for 32-bit counts")
        guard n > 1 else { return }
        let bits: UInt64 = 11, buckets = 1 << 11, digits = 6
        // (The second buffers are written whole by a pass before it reads them; see `sortByBytes`.)
        var keys2 = [UInt64](unsafeUninitializedCapacity: n) { _, count in count = n }
        var values2 = [Int](unsafeUninitializedCapacity: n) { _, count in count = n }
        var counts = [UInt32](repeating: 0, count: buckets * digits)
        // (On the buffers: checked subscripts cost more than the sort.)
        keys.withUnsafeMutableBufferPointer { k1 in
            values.withUnsafeMutableBufferPointer { v1 in
                keys2.withUnsafeMutableBufferPointer { k2 in
                    values2.withUnsafeMutableBufferPointer { v2 in
                        counts.withUnsafeMutableBufferPointer { c in
                            let mask = UInt64(buckets - 1)
                            for i in 0..<n {
                                let k = k1[i]
                                for d in 0..<digits {
                                    let b = Int(truncatingIfNeeded: k &>> (UInt64(d) &* bits) & mask)
                                    c[d &* buckets &+ b] &+= 1
                                }
                            }
                            var (fromK, fromV, toK, toV) = (k1, v1, k2, v2)
                            var inFirst = true
                            for d in 0..<digits {
                                let shift = UInt64(d) &* bits, base = d &* buckets
                                if c[base &+ Int(truncatingIfNeeded: fromK[0] &>> shift & mask)] == UInt32(n) {
                                    continue
                                }
                                var total: UInt32 = 0
                                for b in base..<(base &+ buckets) {
                                    let t = c[b]
                                    c[b] = total
                                    total &+= t
                                }
                                for i in 0..<n {
                                    let b = base &+ Int(truncatingIfNeeded: fromK[i] &>> shift & mask)
                                    let at = Int(c[b])
                                    c[b] = c[b] &+ 1
                                    toK[at] = fromK[i]
                                    toV[at] = fromV[i]
                                }
                                swap(&fromK, &toK)
                                swap(&fromV, &toV)
                                inFirst.toggle()
                            }
                            // (Sorted into the second buffers: copied back.)
                            if !inFirst {
                                for i in 0..<n {
                                    k1[i] = k2[i]
                                    v1[i] = v2[i]
                                }
                            }
                        }
                    }
                }
            }
        }
    }

}

extension NameList {
    /// The names `keep` keeps of the entries of the folder open as `directory` (left open, read
    /// from its start), without `.` and `..`: `keep` is given each name (its bytes, and as a C
    /// string) and its `d_type`. The list's bytes are the kernel's own records of the folder
    /// (`getdents64`), read into them a block at a time, each name with its NUL where it is: no
    /// name copied, nor a call per entry (`readdir`'s cost a vdir of ten thousand files 1.3 M
    /// instructions). Room for about `expected` names is made first. Nil when the folder cannot
    /// be read.
    init?(
        listing directory: Int32, expected: Int,
        keep: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>, UInt8) -> Bool
    ) {
        // The records read whole first (`keep` is asked once a name): into room for `expected`,
        // read again into twice the room while they do not fit. (Not zeroed: the kernel writes
        // what is read.)
        var capacity = max(expected * 80, 65_536)
        var records: [UInt8]
        while true {
            guard lseek(directory, 0, SEEK_SET) == 0 else { return nil }
            var failed = false, full = false
            records = [UInt8](unsafeUninitializedCapacity: capacity) { b, count in
                var used = 0
                while let base = b.baseAddress {
                    // (Room for a record of the longest name, which getdents64 needs.)
                    guard b.count - used >= 4_096 else {
                        full = true
                        break
                    }
                    let n = ctminus_getdents64(directory, base + used, b.count - used)
                    if n < 0 { failed = true }
                    if n <= 0 { break }
                    used += n
                }
                count = used
            }
            if failed { return nil }
            guard full else { break }
            capacity *= 2
        }
        reserve(names: expected)
        records.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            // A `linux_dirent64`: its length at 16, its type at 18, its name (and NUL) from 19.
            var at = 0
            while at + 20 <= b.count {
                let length = Int(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: at + 16, as: UInt16.self))
                guard length > 19, at + length <= b.count else { break }
                let cName = UnsafeRawPointer(base + at + 19).assumingMemoryBound(to: CChar.self)
                // (A record not padded as the kernel pads them: its NUL found by strnlen.)
                let end = Self.nameEnd(b, record: at, length: length) ?? 19 + strnlen(cName, length - 19)
                let name = UnsafeBufferPointer(start: base + at + 19, count: end - 19)
                let dots = name.first == 0x2E && (name.count == 1 || (name.count == 2 && name[1] == 0x2E))
                if !dots, keep(name, cName, b[at + 18]) {
                    starts.append(at + 19)
                    lengths.append(name.count)
                }
                at += length
            }
        }
        bytes = records
    }

    /// Where the name of the record at `at` (`length` bytes) ends, from the record's start: its
    /// NUL. The record is padded to eight bytes after the NUL (the padding not written: anything),
    /// so the NUL is in its last eight bytes, and no byte of the name before it is one: the first
    /// zero byte of that word past the name's start, found at once. Nil when there is none.
    static func nameEnd(_ b: UnsafeBufferPointer<UInt8>, record at: Int, length: Int) -> Int? {
        guard length >= 24, at + length <= b.count, let base = b.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + at + length - 8).loadUnaligned(as: UInt64.self))
        // (Exactly the zero bytes: no carry from one byte into the next, as a borrow would.)
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var zeros = ~(((word & lows) &+ lows) | word) & ~lows
        // (Bytes before the name, in a short record's last eight, are not looked at.)
        let before = 19 - (length - 8)
        if before > 0 { zeros &= ~((1 << UInt64(8 * before)) - 1) }
        guard zeros != 0 else { return nil }
        return length - 8 + zeros.trailingZeroBitCount / 8
    }
}

extension FileIO {
    /// The entries of the folder open as `directory` (left open), without `.` and `..`, each with
    /// its `d_type`, as bytes: `keep` is given each name (its bytes, and as a C string) and type,
    /// and says whether it is listed (about `expected` of them).
    public static func nameList(
        inOpened directory: Int32, expected: Int = 0,
        keep: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>, UInt8) -> Bool
    ) -> NameList {
        if let list = NameList(listing: directory, expected: expected, keep: keep) { return list }
        var list = NameList()
        list.reserve(names: expected)
        forEachEntryName(inOpened: directory) { name, cName, type in
            if keep(name, cName, type) { list.append(name) }
        }
        return list
    }

    /// Whether the entry `name` (a C string) of the folder open as `directory`, of `d_type`
    /// `type`, is a folder (a link followed).
    public static func isDirectory(_ type: UInt8, in directory: Int32, _ name: UnsafePointer<CChar>) -> Bool {
        if type == UInt8(DT_DIR) { return true }
        guard type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { return false }
        var st = stat()
        return fstatat(directory, name, &st, 0) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
