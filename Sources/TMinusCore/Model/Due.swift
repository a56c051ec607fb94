/// When an item is due: an instant, or a whole local day (then it is due at the end of that day).
public enum Due: Hashable, Sendable, CustomStringConvertible {
    case instant(Instant)
    case day(CivilDate)

    /// The instant the item is due in `zone`: for a whole day, the next local midnight.
    public func instant(in zone: Zone) -> Instant {
        switch self {
        case .instant(let t): t
        case .day(let d): zone.startOfDay(d.adding(days: 1))
        }
    }

    /// When it begins in `zone`: the instant, or a whole day's first moment.
    public func startInstant(in zone: Zone) -> Instant {
        switch self {
        case .instant(let t): t
        case .day(let d): zone.startOfDay(d)
        }
    }

    /// Whether it is due on a whole local day rather than at an instant.
    public var isWholeDay: Bool {
        if case .day = self { return true }
        return false
    }

    /// The local date the item falls on.
    public func localDate(in zone: Zone) -> CivilDate {
        switch self {
        case .instant(let t): zone.local(t).date
        case .day(let d): d
        }
    }

    /// Storage form: `YYYY-MM-DD` for a day, RFC 3339 UTC for an instant.
    public var description: String {
        switch self {
        case .instant(let t): t.description
        case .day(let d): d.description
        }
    }

    /// Display form for JSON output: `YYYY-MM-DD` or RFC 3339 with the local offset.
    public func rfc3339(in zone: Zone) -> String {
        switch self {
        case .instant(let t): RFC3339.format(t, offset: zone.offset(at: t))
        case .day(let d): d.description
        }
    }

    /// Reads the storage form (or any RFC 3339 date-time with an offset).
    public init?(storage text: String) {
        var text = text
        guard let due = text.withUTF8({ Due(storage: $0) }) else { return nil }
        self = due
    }

    /// The same, from bytes (the item reader parses dates without making Strings).
    public init?(storage bytes: UnsafeBufferPointer<UInt8>) {
        guard let (local, offset) = DateTimeText.parse(bytes: bytes) else { return nil }
        if let offset {
            self = .instant(Instant(local.secondsAsUTC - Int64(offset)))
        } else if bytes.count == 10 {
            self = .day(local.date)
        } else {
            return nil
        }
    }

    /// Within the dates tminus handles (see `CivilDate.supported`).
    public var isSupported: Bool {
        switch self {
        case .instant(let t): t.isSupported
        case .day(let d): CivilDate.supported.contains(d)
        }
    }
}
