import Glibc
public import TMinusCore
public import TMinusTimeline

/// The reminder ledger (`reminders.jsonl` in the home, docs/reminders.md): one JSON line per
/// event, appended and fsynced, only under the notify lock. A line is one `write`, so a kill
/// leaves at most a torn last line, which readers skip and the next writer cuts off. Readers keep
/// a `View` and read only what was appended since.
public struct ReminderLedger: Sendable {
    /// The ledger file (`reminders.jsonl` in the home).
    public let path: String
    /// The notify lock (`.notify.lock`), held while a reminder is sent and recorded.
    public let lockPath: String

    /// The ledger of this home.
    public init(home: Home) {
        path = home.ledgerPath
        lockPath = home.notifyLockPath
    }

    /// What the ledger says, read incrementally.
    public final class View: @unchecked Sendable {
        var offset: Int64 = 0
        var inode: UInt64?
        public private(set) var latest: [String: LedgerRecord] = [:]
        /// Armed records, latest state `armed` (they are reminders of their own).
        public var armed: [LedgerRecord] { latest.values.filter { $0.state == .armed } }
        /// An empty view; `refresh` fills it.
        public init() {}

        /// The latest state of the reminder with this key; nil when the ledger has none.
        public func state(_ key: String) -> LedgerRecord.State? { latest[key]?.state }

        func take(_ records: [LedgerRecord]) {
            for r in records { latest[r.key] = r }
        }
        func reset() {
            offset = 0
            latest = [:]
        }
    }

    /// Brings `view` up to date: reads the lines appended since (all of them when the file was
    /// replaced or cut).
    public func refresh(_ view: View) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { view.reset(); view.inode = nil; return }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return }
        let size = Int64(st.st_size)
        if view.inode != UInt64(st.st_ino) || size < view.offset {
            view.reset()
            view.inode = UInt64(st.st_ino)
        }
        guard size > view.offset, let bytes = FileIO.read(fd: fd, at: view.offset, count: Int(size - view.offset))
        else { return }
        guard let lastNewline = bytes.lastIndex(of: 0x0A) else { return }
        view.take(LedgerRecord.parse(Array(bytes[...lastNewline])))
        view.offset += Int64(lastNewline + 1)
    }

    /// Every record, oldest first.
    public func records() -> [LedgerRecord] {
        guard let bytes = try? FileIO.read(path) else { return [] }
        return LedgerRecord.parse(bytes)
    }

    /// Runs `body` holding the notify lock (the home's folder is made when missing).
    public func withLock<T>(_ body: () throws(TMinusError) -> T) throws(TMinusError) -> T {
        try FileIO.makeDirectory(FileIO.directory(of: path))
        return try FileIO.withLock(lockPath, body)
    }

    /// Appends records (under the lock): one write and an fsync. A torn line a killed writer left
    /// is cut off first, so it cannot glue onto the new one.
    public func append(_ records: [LedgerRecord]) throws(TMinusError) {
        guard !records.isEmpty else { return }
        cutTornTail()
        try FileIO.append(records.flatMap(\.line), to: path)
    }

    /// Past this size the ledger is trimmed (about 2,500 records).
    public static let trimAt: Int64 = 1 << 20

    /// Under the lock: once the ledger is over `trimAt`, it is replaced (a temp file, fsync,
    /// rename) by what can still matter: the latest record of each reminder due less than `keep`
    /// ago, and every armed one. An older reminder whose record went is past `catchUp` (keep is
    /// longer): if its item is still open it is recorded missed again, never sent again. Returns
    /// whether it trimmed.
    @discardableResult
    public func trimIfLarge(now: Instant, keep: Int64) throws(TMinusError) -> Bool {
        guard let size = FileStamp.of(path)?.size, size > Self.trimAt else { return false }
        var latest: [String: LedgerRecord] = [:]
        var order: [String] = []
        for r in records() {
            if latest[r.key] == nil { order.append(r.key) }
            latest[r.key] = r
        }
        var out: [UInt8] = []
        for key in order {
            guard let r = latest[key], r.state == .armed || r.at.seconds > now.seconds - keep else { continue }
            out += r.line
        }
        try FileIO.writeAtomically(out, to: path)
        return true
    }

    func cutTornTail() {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { close(fd); return }
        let size = Int64(st.st_size)
        var last: UInt8 = 0
        _ = pread(fd, &last, 1, off_t(size - 1))
        guard last != 0x0A else { close(fd); return }
        // Find the last complete line (read backwards in blocks).
        var end = size
        var keep: Int64 = 0
        while end > 0 {
            let start = max(0, end - 65_536)
            guard let block = FileIO.read(fd: fd, at: start, count: Int(end - start)) else { break }
            if let nl = block.lastIndex(of: 0x0A) { keep = start + Int64(nl) + 1; break }
            end = start
        }
        close(fd)
        FileIO.truncate(path, to: keep)
    }
}
