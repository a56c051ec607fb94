import TMinusCore

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
                    message: deferred(
                        "'%s' is not a time zone tminus knows; floating times are read as local time",
                        Self.shown(Array(name.utf8))))
            ]
        }
    }

    struct Skip: Error {}

    /// `what` (a `deferred` message) is wrong with `p`, and the `kind` ("event" or "todo") is skipped.
    mutating func skip(_ p: ICalProperty, _ what: String, _ kind: String) -> Skip {
        let skipped = kind == "event" ? deferred("; the event is skipped") : deferred("; the todo is skipped")
        problems.append(ICalProblem(line: p.line, property: p.name, message: what + skipped))
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
        guard let t = ICalTime(p) else {
            throw skip(p, deferred("'%s' is not a date or date-time", Self.shown(p.value)), kind)
        }
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
                    throw skip(d, deferred("'%s' is not a duration", Self.shown(d.value)), "todo")
                }
                let base = instant(t, line: p.line, property: p.name)
                item.due =
                    t.isDate && seconds % 86_400 == 0
                    ? .day(t.local.date.adding(days: Int(seconds / 86_400) - 1)) : .instant(base + seconds)
            }
            if let due = item.due, !due.isSupported, let p = c.property("DUE") ?? c.property("DTSTART") {
                throw skip(p, deferred("the date is outside %s", CivilDate.supportedDeferred), "todo")
            }
            if let p = c.property("PRIORITY"), !ICalParser.trimmed(p.value[...]).isEmpty {
                guard let n = Int(p.raw.trimmingSpaces), (0...9).contains(n) else {
                    throw skip(p, deferred("'%s' is not a priority 0–9", Self.shown(p.value)), "todo")
                }
                item.priority = n == 0 ? .none : n <= 4 ? .high : n == 5 ? .medium : .low
            }
            let status = c.property("STATUS").map { ICalParser.upperTrimmed($0.value[...]) } ?? ""
            var percent = 0
            if let p = c.property("PERCENT-COMPLETE"), !ICalParser.trimmed(p.value[...]).isEmpty {
                guard let n = Int(p.raw.trimmingSpaces), (0...100).contains(n) else {
                    throw skip(p, deferred("'%s' is not a percentage", Self.shown(p.value)), "todo")
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
                throw skip(trigger, deferred("'%s' is not a date-time", Self.shown(trigger.value)), kind)
            }
            return instant(t, line: trigger.line, property: "TRIGGER")
        }
        guard let offset = ICalDuration.seconds(trigger.value[...]) else {
            throw skip(trigger, deferred("'%s' is not a duration", Self.shown(trigger.value)), kind)
        }
        let base = trigger.parameter("RELATED")?.uppercased() == "END" ? end ?? start : start ?? end
        guard let base else { return nil }
        let t = base + offset
        return t.isSupported ? t : nil
    }
}
