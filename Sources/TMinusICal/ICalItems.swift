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
    /// What was wrong and what became of the item, for the user.
    public var message: String
    /// A problem at `line` with `property` (empty for none).
    public init(line: Int, property: String, message: String) {
        self.line = line
        self.property = property
        self.message = message
    }
    /// `line N: PROPERTY: message` (the property left out when empty).
    public var description: String { "line \(line): \(property.isEmpty ? "" : property + ": ")\(message)" }
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
            ICalProblem(line: $0, property: "", message: "not an iCalendar content line (no ':'); ignored")
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

/// Reads VTODOs and VEVENTs of one file; a property that cannot be read skips its item, once.
struct ComponentReader {
    let options: ICalOptions
    let zones: ICalZones
    let definitions: [String: ICalComponent]
    let bytes: [UInt8]
    var problems: [ICalProblem] = []
    var warned: Set<String> = []
    /// The zone floating times are read in: the calendar's `X-WR-TIMEZONE`, else the reader's.
    let floating: Zone
    /// What was wrong with the calendar's own properties (an `X-WR-TIMEZONE` that names no zone).
    var calendarProblems: [ICalProblem] = []

    init(
        options: ICalOptions, zones: ICalZones, definitions: [String: ICalComponent], bytes: [UInt8],
        calendarZone: ICalProperty? = nil
    ) {
        self.options = options
        self.zones = zones
        self.definitions = definitions
        self.bytes = bytes
        let name = calendarZone?.text.trimmingSpaces ?? ""
        let named = name.isEmpty ? nil : zones.named(name)
        floating = named ?? zones.local
        if let p = calendarZone, !name.isEmpty, named == nil {
            calendarProblems = [
                ICalProblem(
                    line: p.line, property: p.name,
                    message:
                        "'\(Self.shown(Array(name.utf8)))' is not a time zone tminus knows; floating times are read as local time"
                )
            ]
        }
    }

    struct Skip: Error {}

    mutating func skip(_ p: ICalProperty, _ what: String, _ kind: String) -> Skip {
        problems.append(ICalProblem(line: p.line, property: p.name, message: "\(what); the \(kind) is skipped"))
        return Skip()
    }

    /// The zone for a TZID (warning once per name when it is unknown).
    mutating func zone(_ tzid: String, line: Int, property: String) -> Zone {
        let (z, warning) = zones.zone(tzid, definitions: definitions, bytes: bytes)
        if let warning, !warned.contains(tzid) {
            warned.insert(tzid)
            problems.append(ICalProblem(line: line, property: property, message: warning))
        }
        return z
    }

    /// A DATE or DATE-TIME property, nil when absent or empty (writers leave `DUE:` empty).
    mutating func time(_ c: ICalComponent, _ name: String, _ kind: String) throws(Skip) -> (ICalTime, ICalProperty)? {
        guard let p = c.property(name), !ICalParser.trimmed(p.value[...]).isEmpty else { return nil }
        guard let t = ICalTime(p) else { throw skip(p, "'\(Self.shown(p.value))' is not a date or date-time", kind) }
        return (t, p)
    }

    /// The instant a time names (a whole day: its start, in the reader's zone).
    mutating func instant(_ t: ICalTime, line: Int, property: String) -> Instant {
        switch t {
        case .date(let d): return zones.local.startOfDay(d)
        case .floating(let l): return floating.instant(l)
        case .utc(let i): return i
        case .zoned(let l, let tzid): return zone(tzid, line: line, property: property).instant(l)
        }
    }

    static func shown(_ value: [UInt8]) -> String {
        let s = ControlText.clean(String(decoding: value.prefix(40), as: UTF8.self), replacement: "?")
        return value.count > 40 ? s + "…" : s
    }

    static func title(_ c: ICalComponent) -> String {
        ItemText.title(c.property("SUMMARY")?.text ?? "")
    }

    static func note(_ c: ICalComponent) -> String {
        ItemText.note(c.property("DESCRIPTION")?.text ?? "")
    }

    /// The first category, as a tag (at most 32 characters, no controls).
    static func tag(_ c: ICalComponent) -> String? {
        for p in c.all("CATEGORIES") {
            for v in p.textList {
                if let t = ItemText.tag(v) { return t }
            }
        }
        return nil
    }

    /// SEQUENCE as RFC 5545 types it (an INTEGER, 0 and up, at most 2147483647): digits past the
    /// range count as the top of it (the copy is still the newest), anything else (a sign, text)
    /// as 0, so no file can make the next number overflow.
    static func sequence(_ c: ICalComponent) -> Int {
        guard let text = c.property("SEQUENCE")?.raw.trimmingSpaces, !text.isEmpty,
            text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return 0 }
        return Int(text).map { min($0, Self.maxSequence) } ?? Self.maxSequence
    }

    static let maxSequence = Int(Int32.max)

    mutating func created(_ c: ICalComponent) -> Instant? {
        guard let p = c.property("CREATED"), let t = ICalTime(p) else { return nil }
        let i = instant(t, line: p.line, property: p.name)
        return i.isSupported ? i : nil
    }

    // MARK: VTODO

    mutating func todo(_ c: ICalComponent, id: String, uid: String?) -> ICalRead.Entry? {
        do throws(Skip) {
            var item = Item(
                kind: .todo, id: id, handle: 0, title: Self.title(c), note: Self.note(c), source: options.source)
            item.tag = Self.tag(c)
            item.created = created(c)
            let start = try time(c, "DTSTART", "todo")
            if let (t, p) = try time(c, "DUE", "todo") {
                item.due = t.isDate ? .day(t.local.date) : .instant(instant(t, line: p.line, property: p.name))
            } else if let (t, p) = start, let d = c.property("DURATION") {
                guard let seconds = ICalDuration.seconds(d.value[...]) else {
                    throw skip(d, "'\(Self.shown(d.value))' is not a duration", "todo")
                }
                let base = instant(t, line: p.line, property: p.name)
                item.due =
                    t.isDate && seconds % 86_400 == 0
                    ? .day(t.local.date.adding(days: Int(seconds / 86_400) - 1)) : .instant(base + seconds)
            }
            if let due = item.due, !due.isSupported, let p = c.property("DUE") ?? c.property("DTSTART") {
                throw skip(p, "the date is outside \(CivilDate.supportedText)", "todo")
            }
            if let p = c.property("PRIORITY"), !ICalParser.trimmed(p.value[...]).isEmpty {
                guard let n = Int(p.raw.trimmingSpaces), (0...9).contains(n) else {
                    throw skip(p, "'\(Self.shown(p.value))' is not a priority 0–9", "todo")
                }
                item.priority = n == 0 ? .none : n <= 4 ? .high : n == 5 ? .medium : .low
            }
            let status = c.property("STATUS").map { ICalParser.upperTrimmed($0.value[...]) } ?? ""
            var percent = 0
            if let p = c.property("PERCENT-COMPLETE"), !ICalParser.trimmed(p.value[...]).isEmpty {
                guard let n = Int(p.raw.trimmingSpaces), (0...100).contains(n) else {
                    throw skip(p, "'\(Self.shown(p.value))' is not a percentage", "todo")
                }
                percent = n
            }
            var completed: Instant?
            if let (t, p) = try time(c, "COMPLETED", "todo") { completed = instant(t, line: p.line, property: p.name) }
            if completed == nil, status == "COMPLETED" || status == "CANCELLED" || percent == 100 {
                completed = item.created ?? Instant(0)
            }
            item.completed = completed.map { $0.isSupported ? $0 : Instant(0) }
            let startInstant = start.map { instant($0.0, line: $0.1.line, property: $0.1.name) }
            item.remind = try alarm(
                c, start: startInstant, end: item.due.map { $0.instant(in: zones.local) }, kind: "todo")
            // A deadline kept as a task (tminus writes them so): a countdown, done like a todo.
            if item.due != nil,
                c.property(ICalWriter.kindProperty).map({ ICalParser.upperTrimmed($0.value[...]) }) == "DEADLINE"
            {
                item.kind = .deadline
                item.start = startInstant ?? item.created
            }
            return ICalRead.Entry(item: item, uid: uid, isEvent: false, expires: nil, sequence: Self.sequence(c))
        } catch {
            return nil
        }
    }

    /// The first VALARM's TRIGGER as an instant: absolute, or relative to the start (or, with
    /// RELATED=END or without a start, to the end: a todo's due).
    mutating func alarm(_ c: ICalComponent, start: Instant?, end: Instant?, kind: String) throws(Skip) -> Instant? {
        guard let alarm = c.components.first(where: { $0.name == "VALARM" }), let trigger = alarm.property("TRIGGER")
        else { return nil }
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" || ICalTime(trigger) != nil {
            guard let t = ICalTime(trigger) else {
                throw skip(trigger, "'\(Self.shown(trigger.value))' is not a date-time", kind)
            }
            return instant(t, line: trigger.line, property: "TRIGGER")
        }
        guard let offset = ICalDuration.seconds(trigger.value[...]) else {
            throw skip(trigger, "'\(Self.shown(trigger.value))' is not a duration", kind)
        }
        let base = trigger.parameter("RELATED")?.uppercased() == "END" ? end ?? start : start ?? end
        guard let base else { return nil }
        let t = base + offset
        return t.isSupported ? t : nil
    }
}
