import Glibc
public import TMinusCore

/// The bar's output, kept for as long as it stays what `show` would print (docs/widget-cache.md).
/// `show` records every file its run looked at (ReadLog) and, from the timeline, the instant its
/// output next changes; it keeps the output, that instant and those files' stamps in
/// `$XDG_RUNTIME_DIR/tminus/` (memory, the user's own, gone at logout). A poll with the same
/// arguments and environment, before that instant, whose files all stat as they did, prints the
/// kept output without reading the config, the summary or a zone. Anything else (a file changed,
/// the time came, the clock went back, a torn or foreign file) is the full run, which keeps anew.
public enum WidgetCache {
    /// What a kept output says: the bytes to print and the exit code.
    public struct Hit: Sendable {
        public let text: String
        public let exitCode: Int32
    }

    static let magic = "tminus-widget-cache 1"
    /// A cache file is small (one output); anything larger is not one.
    static let maxBytes = 1 << 20
    /// Kept files per user: a few bars; older ones go.
    static let maxFiles = 8

    /// The folder, or nil where there is no runtime directory (then nothing is kept).
    public static func folder(_ environment: Environment) -> String? {
        guard let dir = environment["XDG_RUNTIME_DIR"], dir.hasPrefix("/"), !dir.contains("\n") else { return nil }
        return dir + "/tminus"
    }

    /// The file for a key: FNV-1a of the key (the key itself is inside and compared whole).
    static func path(_ folder: String, key: [UInt8]) -> String {
        folder + "/widget-" + FNV1a.hex(key)
    }

    /// The kept output for `key` at `now`, when every file it depended on is as it was.
    public static func lookup(key: [UInt8], now: Instant, environment: Environment) -> Hit? {
        guard let folder = folder(environment) else { return nil }
        let file = path(folder, key: key)
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let (bytes, st) = try? FileIO.readOpened(fd, path: file, limit: maxBytes), st.st_uid == getuid() else { return nil }
        return parse(bytes, key: key, now: now)
    }

    /// Reads a cache file: its header lines, then the output. Nil for anything not exactly so.
    /// (Bytes only, no Substrings or splits: this is the whole of a cached poll.)
    public static func parse(_ bytes: [UInt8], key: [UInt8], now: Instant) -> Hit? {
        var at = 0
        func line() -> Range<Int>? {
            var i = at
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            guard i < bytes.count else { return nil }
            defer { at = i + 1 }
            return at..<i
        }
        func equals(_ r: Range<Int>, _ expected: [UInt8]) -> Bool {
            guard r.count == expected.count else { return false }
            var k = 0
            for i in r {
                if bytes[i] != expected[k] { return false }
                k += 1
            }
            return true
        }
        /// Whole numbers separated by spaces.
        func numbers(_ r: Range<Int>) -> [Int64]? {
            var out: [Int64] = []
            var value: Int64 = 0, digits = 0, negative = false
            for i in r {
                let c = bytes[i]
                if c == 0x20 {
                    guard digits > 0 else { return nil }
                    out.append(negative ? -value : value)
                    value = 0; digits = 0; negative = false
                } else if c == 0x2D && digits == 0 && !negative {
                    negative = true
                } else if c >= 0x30 && c <= 0x39 && digits < 18 {
                    value = value * 10 + Int64(c - 0x30)
                    digits += 1
                } else {
                    return nil
                }
            }
            guard digits > 0 else { return nil }
            out.append(negative ? -value : value)
            return out
        }
        guard let m = line(), equals(m, magicBytes), let k = line(), equals(k, key),
              let t = line(), let times = numbers(t), times.count == 3, times[0] <= now.seconds, now.seconds < times[1],
              let c = line(), let counts = numbers(c), counts.count == 1, counts[0] >= 0, counts[0] <= ReadLog.maxPaths,
              let code = Int32(exactly: times[2]) else { return nil }
        for _ in 0..<counts[0] {
            guard let l = line() else { return nil }
            var tab = l.upperBound - 1
            while tab >= l.lowerBound && bytes[tab] != 0x09 { tab -= 1 }
            guard tab > l.lowerBound else { return nil }
            let path = String(decoding: bytes[l.lowerBound..<tab], as: UTF8.self)
            let recorded = bytes[(tab + 1)..<l.upperBound]
            let stamp = FileStamp.lookup(path)
            if recorded.count == 1 && recorded.first == 0x2D {
                guard stamp == nil else { return nil }
            } else {
                guard let stamp, stamp.matches(recorded) else { return nil }
            }
        }
        return Hit(text: String(decoding: bytes[at...], as: UTF8.self), exitCode: code)
    }

    static let magicBytes = Array(magic.utf8)

    /// Keeps an output for `key`, valid from `now` until `until`, depending on `files` (as
    /// ReadLog recorded them). Nothing is kept when a file changed since it was read (this run or
    /// another wrote it), one changed less than 2 s ago (a second write in the same clock tick
    /// would look the same), or there were too many.
    public static func keep(_ text: String, exitCode: Int32, key: [UInt8], now: Instant, until: Instant,
                            files: [(path: String, stamp: FileStamp?)], environment: Environment) {
        guard until > now, files.count <= ReadLog.maxPaths, let folder = folder(environment) else { return }
        var out = magic + "\n" + String(decoding: key, as: UTF8.self) + "\n\(now.seconds) \(until.seconds) \(exitCode)\n\(files.count)\n"
        for f in files {
            guard !f.path.contains("\n"), !f.path.contains("\t"), FileStamp.lookup(f.path) == f.stamp else { return }
            if let s = f.stamp, s.seconds >= now.seconds - 2 { return }
            out += f.path + "\t" + (f.stamp?.description ?? "-") + "\n"
        }
        out += text
        guard (try? FileIO.makeDirectory(folder)) != nil, let st = lstatOf(folder), (st.st_mode & S_IFMT) == S_IFDIR,
              st.st_uid == getuid() else { return }
        let file = path(folder, key: key)
        let temp = file + ".\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(out.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // (A cache: no fsync. A torn file fails to parse and the next poll runs in full.)
        guard written == bytes.count, rename(temp, file) == 0 else { unlink(temp); return }
        trim(folder, keeping: file)
    }

    static func lstatOf(_ path: String) -> stat? {
        var st = stat()
        return lstat(path, &st) == 0 ? st : nil
    }

    /// At most `maxFiles` kept outputs: the oldest others go (a user trying formats in a terminal
    /// leaves one each).
    static func trim(_ folder: String, keeping: String) {
        var files: [(String, Int64)] = []
        FileIO.forEachEntry(in: folder) { name, _ in
            guard name.hasPrefix("widget-") else { return }
            let p = folder + "/" + name
            if let st = lstatOf(p) { files.append((p, Int64(st.st_mtim.tv_sec))) }
        }
        guard files.count > maxFiles else { return }
        for (p, _) in files.sorted(by: { $0.1 < $1.1 }).prefix(files.count - maxFiles) where p != keeping { unlink(p) }
    }
}
