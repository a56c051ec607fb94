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
        guard fstatat(directory, name, &st, 0) == 0 else { return nil }
        return FileStamp(st)
    }

    /// `INODE-SIZE-SECONDS.NANOSECONDS`, as the summary records it.
    public var description: String { "\(inode)-\(size)-\(seconds).\(nanoseconds)" }

    /// Whether `text` is this stamp's `description`, read without making a String (the poll path
    /// compares one per watched path; a vdir's fold-in one per file).
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    /// The same, on the bytes of the text.
    public func matches(_ text: ArraySlice<UInt8>) -> Bool {
        text.withUnsafeBufferPointer { matches($0) }
    }

    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // (Four fields in locals, not an array: no allocation per file of a 10,000-file vdir.)
        var fields: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
        var field = 0, digits = 0
        for c in text {
            if c >= 0x30 && c <= 0x39 {
                let value: Int64
                switch field {
                case 0: value = fields.0
                case 1: value = fields.1
                case 2: value = fields.2
                default: value = fields.3
                }
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (v, o2) = m.addingReportingOverflow(Int64(c - 0x30))
                guard !o1, !o2 else { return false }
                switch field {
                case 0: fields.0 = v
                case 1: fields.1 = v
                case 2: fields.2 = v
                default: fields.3 = v
                }
                digits += 1
            } else if (c == 0x2D && field < 2) || (c == 0x2E && field == 2), digits > 0 {
                field += 1
                digits = 0
            } else {
                return false
            }
        }
        return field == 3 && digits > 0 && UInt64(bitPattern: fields.0) == inode && fields.1 == size
            && fields.2 == seconds && fields.3 == nanoseconds
    }
}
