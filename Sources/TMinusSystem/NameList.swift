import Glibc

/// The names of a folder's entries as bytes, in one buffer: each followed by a NUL, so that it is
/// also the C string `fstatat` takes. A vdir of ten thousand files is listed, filtered, sorted and
/// stamped without a String made for any file a sync left as it was.
public struct NameList {
    /// Every name and its NUL, one after another.
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

    /// Name `i`'s bytes, and the same as a C string.
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
        var keys = [UInt64](repeating: 0, count: n)
        var order = [Int](repeating: 0, count: n)
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
        Self.radixSort(&keys, &order)
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

    /// `keys` sorted, least significant byte first, `values` moved with them; equal keys keep
    /// their order. A byte that is the same in every key is passed over.
    static func radixSort(_ keys: inout [UInt64], _ values: inout [Int]) {
        let n = keys.count
        var keys2 = [UInt64](repeating: 0, count: n)
        var values2 = [Int](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: 256)
        // (On the buffers: checked subscripts cost more than the sort.)
        keys.withUnsafeMutableBufferPointer { k1 in
            values.withUnsafeMutableBufferPointer { v1 in
                keys2.withUnsafeMutableBufferPointer { k2 in
                    values2.withUnsafeMutableBufferPointer { v2 in
                        counts.withUnsafeMutableBufferPointer { c in
                            var (fromK, fromV, toK, toV) = (k1, v1, k2, v2)
                            var inFirst = true
                            for shift in stride(from: UInt64(0), to: 64, by: 8) {
                                c.update(repeating: 0)
                                for i in 0..<n { c[Int(truncatingIfNeeded: fromK[i] &>> shift) & 0xFF] &+= 1 }
                                if c[Int(truncatingIfNeeded: fromK[0] &>> shift) & 0xFF] == n { continue }
                                var total = 0
                                for d in 0..<256 {
                                    let t = c[d]
                                    c[d] = total
                                    total &+= t
                                }
                                for i in 0..<n {
                                    let d = Int(truncatingIfNeeded: fromK[i] &>> shift) & 0xFF
                                    let at = c[d]
                                    c[d] = at &+ 1
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

extension FileIO {
    /// The entries of the folder open as `directory` (left open), without `.` and `..`, each with
    /// its `d_type`, as bytes: `keep` is given each name (its bytes, and as a C string) and type,
    /// and says whether it is listed (about `expected` of them).
    public static func nameList(
        inOpened directory: Int32, expected: Int = 0,
        keep: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>, UInt8) -> Bool
    ) -> NameList {
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
