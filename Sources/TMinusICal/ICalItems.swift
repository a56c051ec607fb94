public import TMinusCore

/// What a calendar file holds for tminus: its VTODOs as todos and its VEVENTs as deadlines at
/// their next instance, with what could not be read. Pure: the clock, the zones and the hold are
/// parameters.
public struct ICalRead: Sendable {
    /// One item and what a reader of the source needs besides it.
    public struct Entry: Sendable {
        /// The todo or deadline, as tminus shows it.
        public var item: Item
        /// The UID as the file has it (the item's id, unless the file has none).
        public var uid: String?
        /// Whether it is an event (a deadline from a VEVENT).
        public var isEvent: Bool
        /// For an event: when its shown instance is over and held long enough, so the source must
        /// be read again for the next one (or to drop it).
        public var expires: Instant?
        /// Its SEQUENCE, to keep the newest of several copies of one UID.
        public var sequence: Int
        /// Its place among the file's VTODOs and VEVENTs (from 1; a UID's copies: the first's).
        public var ordinal = 0
        /// Where its components are in the file (`indexed(_:)` fills them in, for `again`).
        public var pieces: [Piece] = []

        /// An entry; `ordinal` and `pieces` are filled in later (`placed`, `indexed(_:)`).
        public init(
            item: Item, uid: String?, isEvent: Bool, expires: Instant?, sequence: Int, ordinal: Int = 0,
            pieces: [Piece] = []
        ) {
            self.item = item
            self.uid = uid
            self.isEvent = isEvent
            self.expires = expires
            self.sequence = sequence
            self.ordinal = ordinal
            self.pieces = pieces
        }
    }

    /// One component's bytes in the file, and its place among the file's VTODOs and VEVENTs.
    public struct Piece: Sendable, Equatable {
        /// Its place among the file's VTODOs and VEVENTs (from 1).
        public var ordinal: Int
        /// The component's byte offsets in the file.
        public var range: Range<Int>
        /// The component at place `ordinal`, at `range` in the file.
        public init(ordinal: Int, range: Range<Int>) {
            self.ordinal = ordinal
            self.range = range
        }
    }

    /// The items read, one per UID (its newest copy), in file order.
    public var entries: [Entry] = []
    /// What could not be read: bad lines, unpaired BEGIN/END, skipped properties and items.
    public var problems: [ICalProblem] = []
    /// How many VTODOs and VEVENTs the file has.
    public var total = 0
    /// How many open entries a big file's read left out (past `ICalOptions.openLimit` and its
    /// margin, the farthest from now: `Nearness`); 0 when every open entry is in `entries`.
    public var leftOut = 0
    /// When some were left out: the nearness of the farthest kept at the read's `now` (every one
    /// left out was farther).
    public var cutoff: Nearness?
    /// Where the file's VTIMEZONEs are (`indexed(_:)` fills them in).
    public var zonePieces: [Range<Int>] = []
    /// The calendar's `X-WR-TIMEZONE` as written, when it has one: `again` reads with it too.
    public var floatingZone: String?

    /// An empty read.
    public init() {}
}

/// Something in a file that was not read: where, which property, and what became of the item.
public struct ICalProblem: Sendable, Equatable, CustomStringConvertible {
    /// The line it was found on (1-based).
    public var line: Int
    /// The property's name; empty for a problem with the file's lines or structure.
    public var property: String
    /// What was wrong and what became of the item, kept for the reader's language (`Deferred`).
    public var text: String
    /// A problem at `line` with `property` (empty for none), `text` made with `deferred`.
    public init(line: Int, property: String, message text: String) {
        self.line = line
        self.property = property
        self.text = text
    }
    /// What was wrong and what became of the item, in English.
    public var message: String { Deferred.render(text, .english) }
    /// `line N: PROPERTY: message`, kept for the reader's language (the property left out when
    /// empty): what the summary and the caches hold.
    public var stored: String {
        deferred("line %s: ", String(line)) + (property.isEmpty ? "" : property + ": ") + text
    }
    /// `line N: PROPERTY: message` in English.
    public var description: String { Deferred.render(stored, .english) }
}

/// How a source's calendar files are read.
public struct ICalOptions: Sendable {
    /// The time of the read: an event's instance counts while its end plus `hold` is after it.
    public var now: Instant
    /// How long an event stays after its instance (the config's overHold): an instance counts
    /// until it is that far past.
    public var hold: Int64
    /// Whether VEVENTs are deadlines (else ignored).
    public var events: Bool
    /// The source's name, set on every item.
    public var source: String
    /// The user's addresses, and what becomes of invitations (`SourceConfig.me`, `declined`, `invited`).
    public var me: [String] = []
    /// What becomes of an invitation the user declined (hidden by default).
    public var declined = Invitations.hide
    /// What becomes of an invitation not answered or answered tentatively (dimmed by default).
    public var invited = Invitations.dim
    /// A big file read in parts keeps only the open items nearest now, this many and a margin
    /// (the source shows at most `maxItems`, the nearest: `Nearness`); nil: every item.
    public var openLimit: Int?
    /// The holidays calendar: a recurring whole-day event carries the dates its instances cover
    /// in the next `ICalOptions.daysOffYears` years (`Item.daysOff`).
    public var daysOff = false
    /// How far ahead a recurring holiday's instances are days off.
    public static let daysOffYears = 10

    /// Options for a read at `now` (`hold` in seconds); no addresses, no `openLimit`.
    public init(now: Instant, hold: Int64, events: Bool, source: String) {
        self.now = now
        self.hold = hold
        self.events = events
        self.source = source
    }
}

extension ICalRead {
    /// Reads one file. `fallbackID` names items that have no UID (the file's name, in a vdir).
    /// A big file (a subscribed calendar of years of events) is read in parts, so it never holds
    /// every component in memory at once: `readInParts`, which reads what this does.
    public static func read(_ bytes: [UInt8], options: ICalOptions, zones: ICalZones, fallbackID: String) -> ICalRead {
        if bytes.count > partBytes { return readInParts(bytes, options: options, zones: zones, fallbackID: fallbackID) }
        let doc = ICalParser.parse(bytes)
        var out = ICalRead()
        out.problems = documentProblems(doc.badLines, doc.structure, doc.refused)
        let components = doc.find(["VTODO", "VEVENT"])
        let calendarZone = Self.calendarZone(doc.components)
        var reader = ComponentReader(
            options: options, zones: zones, definitions: zoneDefinitions(doc.find(["VTIMEZONE"])), bytes: bytes,
            calendarZone: calendarZone)
        out.floatingZone = calendarZone?.raw
        let read = entries(
            components, ordinals: Array(components.indices.map { $0 + 1 }), total: components.count, reader: &reader,
            fallbackID: fallbackID)
        out.problems += reader.calendarProblems + read.problems.map(\.problem)
        out.entries = placed(newestOfEachUID(read.entries))
        out.total = components.count
        return out
    }

    /// Entries with their ordinals set.
    static func placed(_ entries: [(ordinal: Int, entry: Entry)]) -> [Entry] {
        entries.map {
            var e = $0.entry
            e.ordinal = $0.ordinal
            return e
        }
    }

    /// The calendar's `X-WR-TIMEZONE` (Google and Apple write it): the zone its floating times
    /// are read in, as recurring-ical-events and those calendars read them. The first VCALENDAR's.
    static func calendarZone(_ components: [ICalComponent]) -> ICalProperty? {
        components.first { $0.name == "VCALENDAR" }?.property("X-WR-TIMEZONE")
    }

    /// Above this size a file is read in parts (`readInParts`).
    public static let partBytes = 8 << 20

    /// Lines that are not content lines (the first three), BEGIN/END that do not pair up, and
    /// components refused for their size (the first three).
    static func documentProblems(
        _ badLines: [Int], _ structure: [(line: Int, message: String)], _ refused: [(line: Int, message: String)]
    ) -> [ICalProblem] {
        badLines.prefix(3).map {
            ICalProblem(line: $0, property: "", message: deferred("not an iCalendar content line (no ':'); ignored"))
        }
            + (structure + refused.prefix(3)).map { ICalProblem(line: $0.line, property: "", message: $0.message) }
    }

    /// The file's VTIMEZONEs by TZID (the first of each).
    static func zoneDefinitions(_ zones: [ICalComponent], into definitions: [String: ICalComponent] = [:]) -> [String:
        ICalComponent]
    {
        var definitions = definitions
        for tz in zones {
            if let id = tz.property("TZID")?.text.trimmingSpaces, definitions[id] == nil { definitions[id] = tz }
        }
        return definitions
    }

    /// Reads VTODOs and VEVENTs into entries, each with its `ordinal` (its place among the file's
    /// VTODOs and VEVENTs, from 1, of `total`; an item without a UID is named by it), and what the
    /// reader reported on each. An override (RECURRENCE-ID) goes with its master among `components`.
    static func entries(
        _ components: [ICalComponent], ordinals: [Int], total: Int, reader: inout ComponentReader,
        fallbackID: String
    ) -> (entries: [(ordinal: Int, entry: Entry)], problems: [(ordinal: Int, problem: ICalProblem)]) {
        // Events are read by UID: the master with its RRULE and the overrides (RECURRENCE-ID).
        var overrides: [String: [ICalComponent]] = [:]
        for c in components where c.name == "VEVENT" && c.property("RECURRENCE-ID") != nil {
            if let uid = c.property("UID")?.text.trimmingSpaces, !uid.isEmpty { overrides[uid, default: []].append(c) }
        }
        var out: [(ordinal: Int, entry: Entry)] = []
        var problems: [(ordinal: Int, problem: ICalProblem)] = []
        for (c, ordinal) in zip(components, ordinals) {
            let before = reader.problems.count
            defer { problems += reader.problems[before...].map { (ordinal, $0) } }
            let uid = c.property("UID").map { $0.text.trimmingSpaces }.flatMap { $0.isEmpty ? nil : $0 }
            let id = uid ?? (total == 1 ? fallbackID : "\(fallbackID)#\(ordinal)")
            if c.name == "VTODO" {
                if let e = reader.todo(c, id: id, uid: uid) { out.append((ordinal, e)) }
            } else if reader.options.events {
                if c.property("RECURRENCE-ID") != nil {
                    // An override whose master is missing stands alone.
                    guard let uid,
                        components.contains(where: {
                            $0.name == "VEVENT" && $0.property("UID")?.text.trimmingSpaces == uid
                                && $0.property("RECURRENCE-ID") == nil
                        })
                    else {
                        if let e = reader.event(c, id: id, uid: uid, overrides: []) { out.append((ordinal, e)) }
                        continue
                    }
                    continue
                }
                if let e = reader.event(c, id: id, uid: uid, overrides: uid.flatMap { overrides[$0] } ?? []) {
                    out.append((ordinal, e))
                }
            }
        }
        return (out, problems)
    }

    /// Several copies of one UID (iTIP replies in one file): the highest SEQUENCE, then the last,
    /// in the place of the first. It expires when the first of the copies does (a copy that is
    /// over moves the place, or shows another copy).
    static func newestOfEachUID(_ entries: [(ordinal: Int, entry: Entry)]) -> [(ordinal: Int, entry: Entry)] {
        var seen: [String: Int] = [:]
        var kept: [(ordinal: Int, entry: Entry)] = []
        for (ordinal, e) in entries {
            let key = (e.isEvent ? "e:" : "t:") + e.item.id
            if let i = seen[key] {
                let expires = [kept[i].entry.expires, e.expires].compactMap { $0 }.min()
                if e.sequence >= kept[i].entry.sequence { kept[i].entry = e }
                kept[i].entry.expires = expires
            } else {
                seen[key] = kept.count
                kept.append((ordinal, e))
            }
        }
        return kept
    }
}
