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
        // with its place: file names (UIDs) almost always differ there, and only ties compare the
        // rest.
        let order: [(prefix: UInt64, index: Int)] = bytes.withUnsafeBufferPointer { b in
            var order: [(prefix: UInt64, index: Int)] = []
            order.reserveCapacity(count)
            for i in indices {
                var prefix: UInt64 = 0
                for k in 0..<8 { prefix = prefix << 8 | (k < lengths[i] ? UInt64(b[starts[i] + k]) : 0) }
                order.append((prefix, i))
            }
            order.sort { x, y in
                guard x.prefix == y.prefix else { return x.prefix < y.prefix }
                let n = min(lengths[x.index], lengths[y.index])
                let c = memcmp(b.baseAddress! + starts[x.index], b.baseAddress! + starts[y.index], n)
                return c != 0 ? c < 0 : lengths[x.index] < lengths[y.index]
            }
            return order
        }
        starts = order.map { starts[$0.index] }
        lengths = order.map { lengths[$0.index] }
    }
}

extension FileIO {
    /// The entries of the folder open as `directory` (left open), without `.` and `..`, each with
    /// its `d_type`, as bytes: `keep` is given each name (its bytes, and as a C string) and type,
    /// and says whether it is listed.
    public static func nameList(
        inOpened directory: Int32, keep: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>, UInt8) -> Bool
    ) -> NameList {
        var list = NameList()
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
