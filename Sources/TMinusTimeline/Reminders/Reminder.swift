public import TMinusCore

/// One notification tminus owes the user: an item's own reminder (`remind`, a calendar's VALARM),
/// a deadline alert (the config's `alerts`), or one armed again (`remind --again`, Snooze).
/// `key` names it for good: the ledger records keys, so a reminder is sent once, whoever sends it.
public struct Reminder: Equatable, Sendable {
    /// Where a reminder comes from.
    public enum Kind: Equatable, Sendable {
        /// The item's `remind` instant.
        case remind
        /// A deadline alert this many seconds before it is due (0: when it is over).
        case alert(Int64)
        /// Armed again by `remind --again` or the Snooze action.
        case again
    }

    /// Its name for good (`Reminder.key(_:at:item:)`): what the ledger records.
    public var key: String
    /// The item's own reminder, a deadline alert, or one armed again.
    public var kind: Kind
    /// When it is due to be sent.
    public var at: Instant
    /// The item it reminds of.
    public var item: Item

    /// A reminder from its fields (`key` made by `Reminder.key(_:at:item:)`).
    public init(key: String, kind: Kind, at: Instant, item: Item) {
        self.key = key
        self.kind = kind
        self.at = at
        self.item = item
    }

    /// The order reminders are sent and listed in: by time, those at one time by title
    /// (NaturalOrder: a grouped notification lists Flood 2 before Flood 10), then by key.
    public static func inOrder(_ a: Reminder, _ b: Reminder) -> Bool {
        if a.at != b.at { return a.at < b.at }
        let c = NaturalOrder.compare(a.item.title, b.item.title)
        return c != 0 ? c < 0 : a.key < b.key
    }

    /// Keys end with the item's source and id (ids are any text; sources have no '/').
    public static func key(_ kind: Kind, at: Instant, item: Item) -> String {
        switch kind {
        case .remind: "remind/\(at.seconds)/\(item.source)/\(item.id)"
        case .alert(let offset): "alert/\(offset)/\(at.seconds + offset)/\(item.source)/\(item.id)"
        case .again: "again/\(at.seconds)/\(item.source)/\(item.id)"
        }
    }

    /// Over, or overdue when it is sent: the notification is critical.
    public func isUrgent(at now: Instant, zone: Zone) -> Bool {
        if case .alert(0) = kind { return true }
        guard let due = item.due else { return false }
        return now >= due.instant(in: zone)
    }
}
