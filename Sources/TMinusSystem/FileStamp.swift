import Glibc

/// What one `stat` says about a file's content, as text: inode, size and modification time in
/// nanoseconds. The summary records the store's stamp; a different stamp now means the summary
/// is stale. (Each store write renames a new file in, and the old inode is still in use while the
/// new one is created, so consecutive stores never share an inode.)
public struct FileStamp: Equatable, Sendable, CustomStringConvertible {
    /// The file's inode number.
    public var inode: UInt64
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time: seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// The nanoseconds part of its modification time.
    public var nanoseconds: Int64

    public init(inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The stamp of what `stat` or `fstat` filled in.
    public init(_ st: stat) {
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        seconds = Int64(st.st_mtim.tv_sec)
        nanoseconds = Int64(st.st_mtim.tv_nsec)
    }

    /// The stamp of the file at `path` now (symlinks followed), or nil when there is none.
    public static func of(_ path: String) -> FileStamp? {
        let stamp = lookup(path)
        ReadLog.note(path, stamp)
        return stamp
    }

    /// The stamp of the file at `path` now (symlinks followed), without noting the read in the
    /// read log (`of` notes it).
    public static func lookup(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileStamp(st)
    }

    /// The stamp of `name` in the directory open as `directory` (symlinks followed): a folder of
    /// ten thousand files is stamped without building ten thousand paths, or walking them.
    public static func lookup(in directory: Int32, _ name: String) -> FileStamp? {
        var st = stat()
        // (Through `withCString`: passing the String itself made a C copy of it, per file.)
        guard name.withCString({ fstatat(directory, $0, &st, 0) }) == 0 else { return nil }
        return FileStamp(st)
    }

    /// The same for a name given as a C string (a folder's `NameList`).
    public static func lookup(in directory: Int32, _ name: UnsafePointer<CChar>) -> FileStamp? {
        var st = stat()
        guard fstatat(directory, name, &st, 0) == 0 else { return nil }
        return FileStamp(st)
    }

    /// `INODE-SIZE-SECONDS.NANOSECONDS`, as the summary records it.
    public var description: String { "\(inode)-\(size)-\(seconds).\(nanoseconds)" }

    /// Whether `text` is this stamp's `description`, read without making a String (the poll path
    /// compares one per watched path; a vdir's file cache keeps its stamps as numbers instead,
    /// `init(text:)`, and compares them with `==`).
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    /// The same, on the bytes of the text.
    public func matches(_ text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { matches($0) }
    }

    public func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // Each field's digits compared from the text's end, two at a time, nanoseconds first
        // (where two stamps of one file differ): no number parsed, nothing made, per watched
        // path of a poll. (A time before 1970 has a sign in its text: never matched, the file is
        // read.)
        guard size >= 0, seconds >= 0, nanoseconds >= 0, let base = text.baseAddress else { return false }
        var at = text.count
        return Self.digits(UInt64(nanoseconds), base, &at) && Self.byte(0x2E, base, &at)
            && Self.digits(UInt64(seconds), base, &at) && Self.byte(0x2D, base, &at)
            && Self.digits(UInt64(size), base, &at) && Self.byte(0x2D, base, &at)
            && Self.digits(inode, base, &at) && at == 0
    }

    /// The stamp whose `description` is `text`, or nil when `text` is not one (a number with a
    /// sign, a leading zero, past its field's range, or any other byte): a stamp read back from a
    /// file cache is compared as four numbers (`==`), exactly as `matches` compares it as text.
    public init?(text: UnsafeBufferPointer<UInt8>) {
        var at = 0
        guard let inode = Self.number(text, &at, UInt64.max), Self.byte(0x2D, text, &at),
            let size = Self.number(text, &at, UInt64(Int64.max)), Self.byte(0x2D, text, &at),
            let seconds = Self.number(text, &at, UInt64(Int64.max)), Self.byte(0x2E, text, &at),
            let nanoseconds = Self.number(text, &at, UInt64(Int64.max)), at == text.count
        else { return nil }
        self.inode = inode
        self.size = Int64(size)
        self.seconds = Int64(seconds)
        self.nanoseconds = Int64(nanoseconds)
    }

    /// The decimal number at `at` as `description` writes one (no sign, no leading zero), at most
    /// `limit` (then `at` is past it).
    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ at: inout Int, _ limit: UInt64) -> UInt64? {
        let start = at
        var n: UInt64 = 0
        while at < text.count, case let d = text[at] &- 0x30, d < 10 {
            let (m, over) = n.multipliedReportingOverflow(by: 10)
            let (sum, over2) = m.addingReportingOverflow(UInt64(d))
            guard !over, !over2, sum <= limit else { return nil }
            n = sum
            at += 1
        }
        guard at > start, text[start] != 0x30 || at == start + 1 else { return nil }
        return n
    }

    /// Whether `c` is at `at` (then `at` is past it).
    private static func byte(_ c: UInt8, _ text: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Bool {
        guard at < text.count, text[at] == c else { return false }
        at += 1
        return true
    }

    /// "00" to "99": each pair of digits by its value.
    private static let pairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// Whether the text before `at` ends with `v`'s decimal digits (then `at` is moved before them).
    @inline(__always)
    private static func digits(_ v: UInt64, _ text: UnsafePointer<UInt8>, _ at: inout Int) -> Bool {
        let pairs = Self.pairs.utf8Start
        var v = v
        while v >= 10 {
            guard at >= 2 else { return false }
            let q = v / 100
            let r = Int(truncatingIfNeeded: v &- q &* 100) &* 2
            at -= 2
            guard text[at] == pairs[r], text[at + 1] == pairs[r + 1] else { return false }
            if q == 0 { return true }
            v = q
        }
        guard at >= 1 else { return false }
        at -= 1
        return text[at] == UInt8(truncatingIfNeeded: v) &+ 0x30
    }

    /// Whether the text before `at` ends with `c` (then `at` is moved before it).
    @inline(__always)
    private static func byte(_ c: UInt8, _ text: UnsafePointer<UInt8>, _ at: inout Int) -> Bool {
        guard at >= 1, text[at - 1] == c else { return false }
        at -= 1
        return true
    }
}
