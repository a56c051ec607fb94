public import TMinusCore

/// The changes tminus writes back into a calendar item (`done`, `undo`, `edit`), each as the
/// smallest edit of the item's component; every change also bumps SEQUENCE and sets
/// LAST-MODIFIED and DTSTAMP, as CalDAV clients expect of a changed item.
public enum ICalChange: Sendable {
    case complete(at: Instant)
    case reopen(at: Instant)
    /// From the item as it was read to the item as edited: only the fields that differ are written.
    case update(from: Item, to: Item, at: Instant)
}

/// Why a change could not be written into a calendar file.
public enum ICalWriteError: Error, Equatable, Sendable {
    /// No VTODO or VEVENT with that UID in the file (it changed since it was read).
    case notFound
    /// What the change asks cannot be said in the file (the reason, for the user).
    case unsupported(String)
}

extension ICalWriter {
    /// A property's parameters as tminus writes them (`;VALUE=DATE`), to compare with a new line.
    static func parameterText(_ p: ICalProperty) -> String {
        var out = ""
        for param in p.parameters { out += ";" + param.name + "=" + param.values.joined(separator: ",") }
        return out
    }

    /// The file with `change` applied to the VTODO (or the VEVENT, for `isEvent`) whose UID is
    /// `uid` (for a recurring event, the master: its overrides are left as they are).
    /// A deadline (`isEvent`) may be a VTODO too (one tminus wrote): the VEVENT is looked for
    /// first, then the VTODO, and what is found decides what the change may do.
    public static func apply(_ change: ICalChange, to bytes: [UInt8], uid: String, isEvent wanted: Bool)
        throws(ICalWriteError) -> [UInt8]
    {
        let doc = ICalParser.parse(bytes)
        func master(_ name: String) -> ICalComponent? {
            doc.find([name]).first {
                $0.property("UID")?.text.trimmingSpaces == uid && $0.property("RECURRENCE-ID") == nil
            }
        }
        let event = wanted ? master("VEVENT") : nil
        guard let c = event ?? master("VTODO") else { throw .notFound }
        let isEvent = event != nil
        var set: [Line] = []
        var remove: [String] = []
        let at: Instant
        let status = c.property("STATUS").map { ICalParser.upperTrimmed($0.value[...]) } ?? ""
        let done = status == "COMPLETED" || status == "CANCELLED" || c.property("COMPLETED") != nil
        switch change {
        case .complete(let t):
            guard !isEvent else {
                throw .unsupported("a calendar event cannot be done; it leaves the bar when it is over")
            }
            // Done already (the change made again): the file stays as it is.
            if status == "COMPLETED" && c.property("COMPLETED") != nil { return bytes }
            at = t
            if movedOn(c, at: t) { return bytes }
            if !done, let move = nextInstance(of: c, at: t) {
                // A recurring task: this instance is done, the task moves on to the next.
                set += move.set
                remove += move.remove
            } else {
                set += [Line("STATUS", "COMPLETED"), Line("COMPLETED", utc(t)), Line("PERCENT-COMPLETE", "100")]
                remove.append(previousProperty)
            }
        case .reopen(let t):
            guard !isEvent else { throw .unsupported("a calendar event cannot be reopened") }
            if !done {
                // A recurring task moved on by `done`: back to the instance it was.
                guard let back = previousInstance(of: c) else { return bytes }
                at = t
                set += back.set
                remove += back.remove
                break
            }
            at = t
            set.append(Line("STATUS", "NEEDS-ACTION"))
            remove += ["COMPLETED", "PERCENT-COMPLETE"]
        case .update(let old, let new, let t):
            at = t
            if new.title != old.title { set.append(Line("SUMMARY", value: ICalText.escape(new.title))) }
            if new.note != old.note {
                if new.note.isEmpty {
                    remove.append("DESCRIPTION")
                } else {
                    set.append(Line("DESCRIPTION", value: ICalText.escape(new.note)))
                }
            }
            if new.due != old.due {
                if isEvent {
                    guard c.property("RRULE") == nil, c.property("RDATE") == nil else {
                        throw .unsupported(
                            "a recurring event's date is changed in your calendar, not one instance from the bar")
                    }
                    guard let due = new.due else { throw .unsupported("an event needs a date") }
                    set.append(dateLine("DTSTART", due))
                    // The end moves with the start, so the event keeps its length: as a DURATION
                    // (the length between the old start and end, both read in their own form).
                    if let endProp = c.property("DTEND"), let end = ICalTime(endProp),
                        let startProp = c.property("DTSTART"),
                        let start = ICalTime(startProp), end.isDate == start.isDate
                    {
                        let length = max(0, end.local.secondsAsUTC - start.local.secondsAsUTC)
                        set.append(Line("DURATION", length % 86_400 == 0 ? "P\(length / 86_400)D" : "PT\(length)S"))
                    }
                    remove.append("DTEND")
                } else if let due = new.due {
                    set.append(dateLine("DUE", due))
                    remove.append("DURATION")
                } else {
                    remove += ["DUE", "DURATION"]
                }
            }
            if new.priority != old.priority, !isEvent {
                if let p = priority(new.priority) { set.append(Line("PRIORITY", p)) } else { remove.append("PRIORITY") }
            }
            if new.tag != old.tag {
                // The new tag becomes the first category; the others stay.
                var rest = c.all("CATEGORIES").flatMap(\.textList)
                if !rest.isEmpty { rest.removeFirst() }
                let list = (new.tag.map { [$0] } ?? []) + rest
                if list.isEmpty {
                    remove.append("CATEGORIES")
                } else {
                    var value: [UInt8] = []
                    for (i, v) in list.enumerated() {
                        if i > 0 { value.append(0x2C) }
                        value += ICalText.escape(v)
                    }
                    set.append(Line("CATEGORIES", value: value))
                }
            }
            // What the file says already is not written again (so the change made again is no change).
            set.removeAll { line in
                c.properties.filter { $0.name == line.name }.count == 1
                    && c.property(line.name).map { p in
                        p.value == line.value && ICalWriter.parameterText(p) == line.parameters
                    } == true
            }
            remove.removeAll { c.property($0) == nil }
            if set.isEmpty && remove.isEmpty { return bytes }
        }
        // The next SEQUENCE; at the top of its range it stays there (the edit is still newer by
        // its LAST-MODIFIED and DTSTAMP).
        let sequence = min(ComponentReader.sequence(c) + 1, ComponentReader.maxSequence)
        set += [Line("LAST-MODIFIED", utc(at)), Line("DTSTAMP", utc(at)), Line("SEQUENCE", String(sequence))]
        return edit(bytes, component: c, set: set, remove: remove, lineBreak: doc.lineBreak)
    }
}

extension ICalWriter {
    /// The file without the components of this UID (a VTODO, or an event with its overrides);
    /// nil when nothing else is left in it (the file goes).
    public static func removing(_ bytes: [UInt8], uid: String) throws(ICalWriteError) -> [UInt8]? {
        let doc = ICalParser.parse(bytes)
        let items = doc.find(["VTODO", "VEVENT"])
        let mine = items.filter { $0.property("UID")?.text.trimmingSpaces == uid }
        guard !mine.isEmpty else { throw .notFound }
        if mine.count == items.count { return nil }
        var out: [UInt8] = []
        var at = 0
        for c in mine.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where c.range.lowerBound >= at {
            out += bytes[at..<c.range.lowerBound]
            at = c.range.upperBound
        }
        out += bytes[at...]
        return out
    }
}
