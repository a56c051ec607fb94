/// A time zone's rules: UTC offsets over time, read from a TZif file (`/usr/share/zoneinfo`) or a
/// POSIX `TZ` string. A value: tests build any zone and pass it in; nothing reads `$TZ` here.
///
/// Why not Foundation's `TimeZone`: with FoundationEssentials alone it has no zones but GMT, and
/// the full Foundation brings ICU, which costs the poll path several milliseconds.
public struct Zone: Sendable, Equatable {
    /// The zone's name as the user gave it (`Europe/Berlin`), for messages and `tminus demo`.
    public var name: String
    /// Transition instants (UTC seconds), ascending, and the offset type in force from each.
    var transitions: [Int64]
    var transitionTypes: [Int]
    var types: [ZoneType]
    /// Rules for instants after the last transition (the TZif footer), if any.
    var rule: PosixZoneRule?

    struct ZoneType: Sendable, Equatable {
        var offset: Int
        var isDST: Bool
        var abbreviation: String
    }

    /// The largest UTC offset a zone may have (26 hours; real ones stay within ±14): zone files
    /// and TZ strings beyond it are refused, so no date computation can leave years 1–9999.
    public static let maxOffset = 26 * 3600

    /// UTC: offset 0 at every instant.
    public static let utc = Zone(
        name: "UTC", transitions: [], transitionTypes: [],
        types: [ZoneType(offset: 0, isDST: false, abbreviation: "UTC")], rule: nil)

    /// A zone with one fixed offset (seconds east of UTC).
    public static func fixed(_ offset: Int, name: String) -> Zone {
        Zone(
            name: name, transitions: [], transitionTypes: [],
            types: [ZoneType(offset: offset, isDST: false, abbreviation: name)], rule: nil)
    }

    /// One change of offset: from `at` (UTC seconds) on, `offset` (seconds east of UTC).
    public struct Transition: Sendable, Equatable {
        /// When the offset takes effect: seconds since 1970-01-01T00:00:00Z.
        public var at: Int64
        /// The offset from then on, in seconds east of UTC.
        public var offset: Int
        /// Whether the offset from then on is daylight saving time.
        public var isDST: Bool
        /// The zone's abbreviation from then on, e.g. `CEST`.
        public var abbreviation: String
        /// A change to `offset` (seconds east of UTC) at `at`, with its DST flag and abbreviation.
        public init(at: Int64, offset: Int, isDST: Bool, abbreviation: String) {
            self.at = at
            self.offset = offset
            self.isDST = isDST
            self.abbreviation = abbreviation
        }
    }

    /// A zone from its offset before any change and the changes, in any order (an iCalendar
    /// VTIMEZONE gives them so). Offsets beyond `maxOffset` are refused.
    public static func transitions(
        name: String, initialOffset: Int, initialAbbreviation: String, _ changes: [Transition]
    ) -> Zone? {
        guard abs(initialOffset) <= maxOffset, changes.allSatisfy({ abs($0.offset) <= maxOffset }) else { return nil }
        var types = [ZoneType(offset: initialOffset, isDST: false, abbreviation: initialAbbreviation)]
        var times: [Int64] = []
        var typeIndexes: [Int] = []
        for c in changes.sorted(by: { $0.at < $1.at }) {
            let t = ZoneType(offset: c.offset, isDST: c.isDST, abbreviation: c.abbreviation)
            let index =
                types.firstIndex(of: t)
                ?? {
                    types.append(t); return types.count - 1
                }()
            if times.last == c.at { typeIndexes[typeIndexes.count - 1] = index; continue }
            times.append(c.at)
            typeIndexes.append(index)
        }
        return Zone(name: name, transitions: times, transitionTypes: typeIndexes, types: types, rule: nil)
    }

    /// The offset from UTC in seconds (east positive) in force at `t`.
    public func offset(at t: Instant) -> Int { type(at: t.seconds).offset }

    /// The zone abbreviation at `t` (`PDT`, `+0545`).
    public func abbreviation(at t: Instant) -> String { type(at: t.seconds).abbreviation }

    func type(at t: Int64) -> ZoneType {
        if let last = transitions.last, t >= last, let rule {
            return rule.type(at: t)
        }
        if transitions.isEmpty {
            if let rule { return rule.type(at: t) }
            return types.first ?? ZoneType(offset: 0, isDST: false, abbreviation: "UTC")
        }
        if t < transitions[0] {
            return types.first(where: { !$0.isDST }) ?? types[0]
        }
        // Binary search for the last transition <= t.
        var lo = 0, hi = transitions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if transitions[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return types[transitionTypes[lo]]
    }

    /// The local wall time at `t`.
    public func local(_ t: Instant) -> LocalDateTime {
        LocalDateTime(secondsAsUTC: t.seconds + Int64(offset(at: t)))
    }

    /// The instant a wall time names in this zone. In an overlap (the hour repeated when clocks go
    /// back) the earlier instant; in a gap (the hour skipped when clocks go forward) the wall time
    /// is read with the offset before the gap, so 02:30 on a spring-forward night is 03:30, as
    /// `mktime` does.
    public func instant(_ local: LocalDateTime) -> Instant {
        let l = local.secondsAsUTC
        let before = Int64(type(at: l - 86_400 * 2).offset)
        let after = Int64(type(at: l + 86_400 * 2).offset)
        // Offsets can change more than once within the window; also try the offset at l itself.
        let near = Int64(type(at: l).offset)
        // (One offset all around, as on most days: the answer below is `l - before` whatever the
        // checks find, so they are not made. Every due of every todo comes here on each run.)
        if before == after && near == before { return Instant(l - before) }
        var earliest: Int64?
        for off in [before, after, near] {
            let t = l - off
            if Int64(type(at: t).offset) == off { earliest = min(earliest ?? t, t) }
        }
        return Instant(earliest ?? l - before)
    }

    /// Midnight (or the first instant) of a local date.
    public func startOfDay(_ date: CivilDate) -> Instant {
        instant(LocalDateTime(date: date))
    }
}
