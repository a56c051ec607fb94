public import TMinusCore

/// One line of the reminder ledger (`reminders.jsonl`, docs/reminders.md): what happened to a
/// reminder. A reminder's latest record is its state.
public struct LedgerRecord: Equatable, Sendable {
    /// What happened to the reminder.
    public enum State: String, Sendable, CaseIterable {
        /// About to be handed to the notification server. Alone (no `sent` after it), it means a
        /// notifier stopped between the hand-over and the record: the one window in which a
        /// reminder can be sent twice.
        case sending
        case sent
        /// Older than `catchUp` when a notifier first saw it: recorded, not sent.
        case missed
        /// Armed again (`remind --again`, Snooze): a reminder of its own at `at`.
        case armed
        /// Sent, and no longer updated in place (an escalating reminder: done, snoozed, dismissed,
        /// or an hour past its due). Delivered for good, as `sent`.
        case ended
    }

    /// The reminder's key (`Reminder.key`).
    public var key: String
    /// What happened to it at `time`.
    public var state: State
    /// When the reminder was due.
    public var at: Instant
    /// When this record was made.
    public var time: Instant
    /// The item's id.
    public var item: String
    /// The item's source (`tminus` for the store).
    public var source: String
    /// The item's title when the record was made.
    public var title: String
    /// Sent later than due (the machine was off or asleep): the notification said "missed at".
    public var late: Bool
    /// A `sent` record's notification id from the server, when the reminder escalates (its
    /// notification is updated in place, by any notifier, until it ends).
    public var notification: UInt32?
    /// The server instance that gave `notification` (the bus's id and the server's unique name):
    /// only that instance is ever asked to update or close it.
    public var server: String?

    /// A record from its fields.
    public init(
        key: String, state: State, at: Instant, time: Instant, item: String, source: String, title: String,
        late: Bool = false,
        notification: UInt32? = nil, server: String? = nil
    ) {
        self.key = key
        self.state = state
        self.at = at
        self.time = time
        self.item = item
        self.source = source
        self.title = title
        self.late = late
        self.notification = notification
        self.server = server
    }

    /// A record of `reminder` in `state`, made at `time`.
    public init(
        _ reminder: Reminder, state: State, time: Instant, late: Bool = false, notification: UInt32? = nil,
        server: String? = nil
    ) {
        self.init(
            key: reminder.key, state: state, at: reminder.at, time: time, item: reminder.item.id,
            source: reminder.item.source, title: reminder.item.title, late: late, notification: notification,
            server: server)
    }

    /// A group's record: many reminders of another source in one notification ("and 295 more
    /// reminders from laptop", recorded `sent`) or recorded `missed` together. `at` is the latest
    /// due it covers, `title` says how many (docs/reminders.md, "A flood from others").
    public static func group(
        _ state: State, count: Int, through at: Instant, time: Instant, source: String
    ) -> LedgerRecord {
        LedgerRecord(
            key: "\(state == .missed ? "missed" : "group")/\(time.seconds)/\(source)", state: state, at: at,
            time: time, item: "", source: source, title: "\(count) reminders")
    }

    /// A group's record (`group`), not one reminder's.
    public var isGroup: Bool { item.isEmpty && (key.hasPrefix("group/") || key.hasPrefix("missed/")) }

    /// One line, newline included.
    public var line: [UInt8] {
        var members: [JSON.Member] = [
            JSON.Member("key", .string(key)), JSON.Member("state", .string(state.rawValue)),
            JSON.Member("at", .string(at.description)), JSON.Member("time", .string(time.description)),
            JSON.Member("item", .string(item)), JSON.Member("source", .string(source)),
            JSON.Member("title", .string(title))
        ]
        if late { members.append(JSON.Member("late", .bool(true))) }
        if let notification { members.append(JSON.Member("notification", .int(Int(notification)))) }
        if let server { members.append(JSON.Member("server", .string(server))) }
        return JSONWriter.bytes(.object(members), pretty: false) + [0x0A]
    }

    /// Reads one line; nil when it is not a record (a torn or foreign line is skipped, never fatal).
    public init?(line: ArraySlice<UInt8>) {
        guard let json = try? JSONParser.parse(Array(line)),
            let key = json["key"]?.stringValue, let stateText = json["state"]?.stringValue,
            let state = State(rawValue: stateText),
            case .instant(let at)? = json["at"]?.stringValue.flatMap({ Due(storage: $0) }),
            case .instant(let time)? = json["time"]?.stringValue.flatMap({ Due(storage: $0) }),
            let item = json["item"]?.stringValue, let source = json["source"]?.stringValue,
            let title = json["title"]?.stringValue
        else { return nil }
        let id = json["notification"]?.intValue.flatMap { UInt32(exactly: $0) }
        self.init(
            key: key, state: state, at: at, time: time, item: item, source: source, title: title,
            late: json["late"]?.boolValue ?? false, notification: id == 0 ? nil : id,
            server: json["server"]?.stringValue)
    }

    /// The complete lines of a ledger file: a last line without its newline (a writer was killed
    /// mid-line) is not a record.
    public static func parse(_ bytes: [UInt8]) -> [LedgerRecord] {
        var out: [LedgerRecord] = []
        var start = 0
        while let nl = bytes[start...].firstIndex(of: 0x0A) {
            if let r = LedgerRecord(line: bytes[start..<nl]) { out.append(r) }
            start = nl + 1
        }
        return out
    }
}
