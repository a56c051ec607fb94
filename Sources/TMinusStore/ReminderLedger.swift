import Glibc
public import TMinusCore
public import TMinusTimeline
import TMinusSystem

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
        /// Armed records whose reminder is still owed: latest state `armed`, or a lone `sending`
        /// after it (a notifier stopped, or the server failed, while handing it over: sent again
        /// as any lone `sending` is, not lost because its latest record no longer says `armed`).
        public var armed: [LedgerRecord] {
            armedRecords.values.filter { latest[$0.key]?.state == .armed || latest[$0.key]?.state == .sending }
        }
        /// Each key's latest `armed` record.
        var armedRecords: [String: LedgerRecord] = [:]
        /// An empty view; `refresh` fills it.
        public init() {}

        /// Per other source: when its latest notifications (`sent`, one by one or grouped) and
        /// its latest `missed` records were made, the newest few (SourceRate).
        public private(set) var recentSent: [String: [Instant]] = [:]
        public private(set) var recentMissed: [String: [Instant]] = [:]
        /// Per other source: the latest due its groups cover (every reminder of it due by then
        /// and not recorded on its own was in one).
        var groupedThrough: [String: Instant] = [:]

        /// The latest state of the reminder with this key; nil when the ledger has none.
        public func state(_ key: String) -> LedgerRecord.State? { latest[key]?.state }

        /// Whether one of its source's groups (`sent` as "and N more", or recorded `missed` as a
        /// number) took this reminder in: it is done for good, as if recorded on its own.
        public func grouped(_ r: Reminder) -> Bool {
            guard SourceRate.applies(to: r), latest[r.key] == nil, let through = groupedThrough[r.item.source]
            else { return false }
            return r.at <= through
        }

        func take(_ records: [LedgerRecord]) {
            for r in records {
                latest[r.key] = r
                if r.state == .armed { armedRecords[r.key] = r }
                guard r.source != Item.ownSource else { continue }
                switch r.state {
                case .sent: Self.note(r.time, in: &recentSent[r.source, default: []])
                case .missed: Self.note(r.time, in: &recentMissed[r.source, default: []])
                default: break
                }
                if r.isGroup && (r.state == .sent || r.state == .missed) {
                    groupedThrough[r.source] = max(groupedThrough[r.source] ?? r.at, r.at)
                }
            }
        }

        /// Keeps the newest `SourceRate.perWindow` times (all a rate needs).
        static func note(_ time: Instant, in times: inout [Instant]) {
            times.append(time)
            if times.count > SourceRate.perWindow * 2 {
                times.sort()
                times.removeFirst(times.count - SourceRate.perWindow)
            }
        }

        func reset() {
            offset = 0
            latest = [:]
            armedRecords = [:]
            recentSent = [:]
            recentMissed = [:]
            groupedThrough = [:]
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
            // (And what a source's rate still counts: what was recorded in its window.)
            guard let r = latest[key],
                r.state == .armed || r.at.seconds > now.seconds - keep
                    || r.time.seconds > now.seconds - SourceRate.window
            else { continue }
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
