import Glibc

/// Folders: their entries, made and removed.
extension FileIO {
    /// Calls `each` with every name in a directory but `.` and `..`, and its `d_type`; nothing
    /// when it cannot be read.
    public static func forEachEntry(in dir: String, _ each: (String, UInt8) -> Void) {
        ReadLog.note(dir)
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        while let entry = readdir(d) {
            if let name = entryName(entry) { each(name, entry.pointee.d_type) }
        }
    }

    /// The same for a folder already open as `directory` (left open): the names of the folder
    /// that was opened, whatever its path leads to by now.
    public static func forEachEntry(inOpened directory: Int32, _ each: (String, UInt8) -> Void) {
        forEachEntryName(inOpened: directory) { name, _, type in each(String(decoding: name, as: UTF8.self), type) }
    }

    /// The same with each name as bytes and as a C string (valid only during `each`).
    public static func forEachEntryName(
        inOpened directory: Int32, _ each: (UnsafeBufferPointer<UInt8>, UnsafePointer<CChar>, UInt8) -> Void
    ) {
        let copy = dup(directory)
        guard copy >= 0 else { return }
        guard let d = fdopendir(copy) else {
            close(copy)
            return
        }
        defer { closedir(d) }
        rewinddir(d)
        // (The name read where readdir left it: `withUnsafeBytes(of:)` on its 256-byte field cost
        // a third of the listing.)
        let nameAt = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        let room = MemoryLayout.size(ofValue: dirent().d_name)
        while let entry = readdir(d) {
            let type = entry.pointee.d_type
            let base = UnsafeRawPointer(entry) + nameAt
            let cName = base.assumingMemoryBound(to: CChar.self)
            let length = strnlen(cName, room)
            let name = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: length)
            if name.first == 0x2E && (length == 1 || (length == 2 && name[1] == 0x2E)) { continue }
            each(name, cName, type)
        }
    }

    /// An entry's name; nil for `.` and `..`. (Its length found by `strlen`, not a closure per
    /// byte of the name's 256: a folder of ten thousand files is listed for every vdir read.)
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String? {
        withUnsafeBytes(of: &entry.pointee.d_name) { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            let length = min(strlen(base.assumingMemoryBound(to: CChar.self)), raw.count)
            let bytes = UnsafeRawBufferPointer(start: base, count: length)
            if bytes.first == 0x2E && (length == 1 || (length == 2 && bytes[1] == 0x2E)) { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The entries of a folder open as `directory` with whether each is a folder (symlinks
    /// followed), unsorted.
    public static func entries(inOpened directory: Int32) -> [(name: String, isDirectory: Bool)] {
        var out: [(String, Bool)] = []
        forEachEntry(inOpened: directory) { name, type in
            var st = stat()
            let isDir =
                type == UInt8(DT_DIR)
                || ((type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN))
                    && fstatat(directory, name, &st, 0) == 0 && (st.st_mode & S_IFMT) == S_IFDIR)
            out.append((name, isDir))
        }
        return out
    }

    /// The stamp of the folder or file open as `fd` (nil when `fstat` fails).
    public static func stamp(ofOpened fd: Int32) -> FileStamp? {
        var st = stat()
        return fstat(fd, &st) == 0 ? FileStamp(st) : nil
    }

    /// The entries of a folder with whether each is a folder (symlinks followed), unsorted.
    public static func entries(in dir: String) -> [(name: String, isDirectory: Bool)] {
        var out: [(String, Bool)] = []
        forEachEntry(in: dir) { name, type in
            let isDir =
                type == UInt8(DT_DIR)
                || ((type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN)) && isDirectory(dir + "/" + name))
            out.append((name, isDir))
        }
        return out
    }

    /// Whether `path` is a directory (symlinks followed); false when nothing is there.
    public static func isDirectory(_ path: String) -> Bool {
        ReadLog.note(path)
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    public static func names(in dir: String) -> [String] {
        var out: [String] = []
        forEachEntry(in: dir) { name, _ in out.append(name) }
        return out
    }

    /// Removes a directory and the files in it (one level: tminus's index folders).
    public static func removeDirectory(_ dir: String) {
        for name in names(in: dir) { unlink(dir + "/" + name) }
        rmdir(dir)
    }
}
