import Glibc
public import TMinusCore

/// The bar's outputs to come, kept for as long as they stay what `show` would print
/// (docs/widget-cache.md). `show` records every file its run looked at (ReadLog) and, from the
/// timeline, the outputs up to an hour ahead, each with the interval it holds for; it keeps them
/// and those files' stamps in `$XDG_RUNTIME_DIR/tminus/` (memory, the user's own, gone at logout),
/// or the user's cache folder where there is no runtime directory.
/// A poll with the same arguments and environment, inside the kept hour, whose files all stat as
/// they did, prints the output of its interval without reading the config, the summary or a zone.
/// Anything else (a file changed, the hour is over, the clock went back, a torn or foreign file)
/// is the full run, which keeps anew.
public enum WidgetCache {
    /// What a kept output says: the bytes to print and the exit code.
    public struct Hit: Sendable {
        /// The output to print.
        public let text: String
        /// The exit code to exit with.
        public let exitCode: Int32
    }

    /// One output and the interval it holds for (`from <= now < until`).
    public struct Segment: Sendable {
        /// When the output starts to hold (inclusive).
        public var from: Instant
        /// When it stops holding (exclusive).
        public var until: Instant
        /// The output `show` prints in the interval, as UTF-8 (kept as bytes: a keeping run fills
        /// in about sixty, `OutputPattern`, and writes them to the file, with no String between).
        public var bytes: [UInt8]
        /// The exit code `show` exits with in the interval.
        public var exitCode: Int32

        /// The output as text.
        public var text: String {
            get { String(decoding: bytes, as: UTF8.self) }
            set { bytes = Array(newValue.utf8) }
        }

        /// An output holding from `from` up to (not including) `until`.
        public init(from: Instant, until: Instant, text: String, exitCode: Int32) {
            self.init(from: from, until: until, bytes: Array(text.utf8), exitCode: exitCode)
        }

        /// The same from the output's bytes (valid UTF-8).
        public init(from: Instant, until: Instant, bytes: [UInt8], exitCode: Int32) {
            self.from = from
            self.until = until
            self.bytes = bytes
            self.exitCode = exitCode
        }
    }

    static let magic = "tminus-widget-cache 2"
    /// A cache file is small (an hour of outputs at most); anything larger is not one.
    static let maxBytes = 2 << 20
    /// What a full run keeps at most: outputs, and their bytes (a poll reads the whole file).
    public static let maxSegments = 60
    /// The most bytes of outputs a full run keeps (256 KiB).
    public static let maxKeptBytes = 256 << 10
    /// Kept files per user: a few bars; older ones go.
    static let maxFiles = 8

    /// The folder: `$XDG_RUNTIME_DIR/tminus` (memory, gone at logout); where a session has no
    /// runtime directory (cron, a bare ssh, some tmux servers), `$XDG_CACHE_HOME/tminus`, else
    /// `~/.cache/tminus` (a disk write per change and per kept hour, not per poll). Nil when
    /// none of them is an absolute path (then nothing is kept).
    public static func folder(_ environment: Environment) -> String? {
        func absolute(_ name: String) -> String? {
            guard let dir = environment[name], dir.hasPrefix("/"), !dir.contains("\n") else { return nil }
            return dir
        }
        if let runtime = absolute("XDG_RUNTIME_DIR") { return runtime + "/tminus" }
        if let cache = absolute("XDG_CACHE_HOME") { return cache + "/tminus" }
        if let home = absolute("HOME"), home != "/" { return home + "/.cache/tminus" }
        return nil
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
        guard let (bytes, st) = try? FileIO.readOpened(fd, path: file, limit: maxBytes), st.st_uid == getuid() else {
            return nil
        }
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
        /// The whole number at `at`, followed by `end` (a space or the line's end), which it passes.
        /// (Read in place: no line ranges or arrays per number.)
        func number(then end: UInt8) -> Int64? {
            var value: Int64 = 0, digits = 0, negative = false
            if at < bytes.count && bytes[at] == 0x2D { negative = true; at += 1 }
            while at < bytes.count && digits < 18, bytes[at] >= 0x30 && bytes[at] <= 0x39 {
                value = value * 10 + Int64(bytes[at] - 0x30)
                digits += 1
                at += 1
            }
            guard digits > 0, at < bytes.count, bytes[at] == end else { return nil }
            at += 1
            return negative ? -value : value
        }
        guard let m = line(), equals(m, magicBytes), let k = line(), equals(k, key),
            let written = number(then: 0x20), let validUntil = number(then: 0x20), let outputs = number(then: 0x0A),
            written <= now.seconds, now.seconds < validUntil, outputs >= 1, outputs <= Int64(maxSegments),
            let files = number(then: 0x0A), files >= 0, files <= Int64(ReadLog.maxPaths)
        else { return nil }
        for _ in 0..<files {
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
        // The outputs, one after the other, each after a line `<from> <until> <exit code> <bytes>`:
        // the one whose interval holds now.
        for _ in 0..<outputs {
            guard let from = number(then: 0x20), let until = number(then: 0x20), let status = number(then: 0x20),
                let length = number(then: 0x0A), length >= 0, length <= Int64(bytes.count - at),
                let code = Int32(exactly: status)
            else { return nil }
            let end = at + Int(length)
            if from <= now.seconds && now.seconds < until {
                // What tminus wrote is UTF-8, which decoding keeps byte for byte; bytes it would
                // repair are not a file tminus wrote. (A compare, not `String(validating:)`, whose
                // generic path costs the cached poll 4 % more.)
                let text = String(decoding: bytes[at..<end], as: UTF8.self)
                let same =
                    length == 0
                    || text.utf8.count == Int(length)
                        && text.utf8.withContiguousStorageIfAvailable { out in
                            bytes.withUnsafeBufferPointer {
                                memcmp(out.baseAddress!, $0.baseAddress! + at, out.count) == 0
                            }
                        } == true
                return same ? Hit(text: text, exitCode: code) : nil
            }
            at = end
        }
        return nil
    }

    static let magicBytes = Array(magic.utf8)

    /// Whether outputs depending on `files` could be kept now: none changed less than 2 whole
    /// seconds ago (a second write in the same clock tick would look the same), not too many, and
    /// a folder to keep them in. `show` asks first, so a run that cannot keep renders no hour to
    /// come; `keep` asks again and also checks that no file changed since it was read.
    public static func canKeep(files: [(path: String, stamp: FileStamp?)], now: Instant, environment: Environment)
        -> Bool
    {
        guard files.count <= ReadLog.maxPaths, usableFolder(environment) != nil else { return false }
        for f in files {
            if let s = f.stamp, s.seconds >= now.seconds - 2 { return false }
        }
        return true
    }

    /// Keeps the outputs for `key` (consecutive, the first from `now`), depending on `files` (as
    /// ReadLog recorded them). Nothing is kept when `canKeep` says no or a file changed since it
    /// was read (this run or another wrote it).
    public static func keep(
        _ segments: [Segment], key: [UInt8], now: Instant,
        files: [(path: String, stamp: FileStamp?)], environment: Environment
    ) {
        guard let last = segments.last, segments.count <= maxSegments, last.until > now,
            canKeep(files: files, now: now, environment: environment), let folder = folder(environment)
        else { return }
        // (Bytes appended into one buffer of the right size: the outputs are most of the file.)
        var size = 256 + key.count
        for f in files { size += f.path.utf8.count + 64 }
        for s in segments { size += s.bytes.count + 48 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes += magic.utf8
        bytes.append(0x0A)
        bytes += String(decoding: key, as: UTF8.self).utf8
        bytes += "\n\(now.seconds) \(last.until.seconds) \(segments.count)\n\(files.count)\n".utf8
        for f in files {
            // (The UTF-8 view's own scan here: the shared one, `ASCIIText.contains`, changed how this
            // file compiled and cost the kept poll, which never runs this, 450 instructions.)
            guard !f.path.utf8.contains(0x0A), !f.path.utf8.contains(0x09), FileStamp.lookup(f.path) == f.stamp else {
                return
            }
            bytes += f.path.utf8
            bytes.append(0x09)
            bytes += (f.stamp?.description ?? "-").utf8
            bytes.append(0x0A)
        }
        for s in segments {
            Digits.write(s.from.seconds, into: &bytes)
            bytes.append(0x20)
            Digits.write(s.until.seconds, into: &bytes)
            bytes.append(0x20)
            Digits.write(Int64(s.exitCode), into: &bytes)
            bytes.append(0x20)
            Digits.write(Int64(s.bytes.count), into: &bytes)
            bytes.append(0x0A)
            bytes += s.bytes
        }
        let file = path(folder, key: key)
        let temp = file + ".\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // (A cache: no fsync. A torn file fails to parse and the next poll runs in full.)
        guard written == bytes.count, rename(temp, file) == 0 else { unlink(temp); return }
        trim(folder, keeping: file)
    }

    /// The folder, made when missing, when it is the user's own directory (not a link); nil
    /// when there is none or it cannot be made (a cache folder under a file, a read-only home):
    /// then `show` renders no hour to come that could not be kept.
    static func usableFolder(_ environment: Environment) -> String? {
        guard let folder = folder(environment), (try? FileIO.makeDirectory(folder)) != nil, let st = lstatOf(folder),
            (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == getuid()
        else { return nil }
        return folder
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
