public import TMinusCore

/// Writes changes into iCalendar files as the smallest edit: the properties tminus changes are
/// replaced where they stand (or added before the component's END line), and every other byte of
/// the file stays as it was: unknown properties, parameters, folds, line breaks, other components.
/// New lines use the file's line break and are folded at 75 octets, never inside a UTF-8 character.
public enum ICalWriter {
    /// One content line to write: name, parameters as written (`;VALUE=DATE`), value bytes.
    public struct Line: Equatable, Sendable {
        /// The property's name (`DUE`, `X-TMINUS-KIND`).
        public var name: String
        /// The parameters as written, each with its leading `;` (`;VALUE=DATE`); empty for none.
        public var parameters: String
        /// The value's bytes, escaped already where it is TEXT.
        public var value: [UInt8]
        /// A line with these value bytes (TEXT escaped already, `ICalText.escape`).
        public init(_ name: String, parameters: String = "", value: [UInt8]) {
            self.name = name
            self.parameters = parameters
            self.value = value
        }
        /// A line whose value is `text`'s UTF-8 as it is (dates, numbers, keywords: nothing to escape).
        public init(_ name: String, parameters: String = "", _ text: String) {
            self.init(name, parameters: parameters, value: Array(text.utf8))
        }
    }

    /// A line folded at 75 octets (continuations start with a space), ending with `lineBreak`.
    public static func folded(_ line: Line, lineBreak: [UInt8]) -> [UInt8] {
        let bytes = Array((line.name + line.parameters + ":").utf8) + line.value
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var i = 0
        var limit = 75
        while i < bytes.count {
            var end = min(bytes.count, i + limit)
            // Back off to the start of a UTF-8 character (never split one across lines).
            while end < bytes.count, end > i + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if i > 0 {
                out += lineBreak
                out.append(0x20)
            }
            out += bytes[i..<end]
            i = end
            limit = 74
        }
        out += lineBreak
        return out
    }

    /// The file with `component`'s properties changed: each line in `set` replaces the first
    /// property of its name (further ones of that name go) or is added before END; each name in
    /// `remove` goes. Nil when the component is not in the file as parsed (it changed meanwhile).
    public static func edit(
        _ bytes: [UInt8], component: ICalComponent, set: [Line], remove: [String], lineBreak: [UInt8]
    ) -> [UInt8] {
        var edits: [(Range<Int>, [UInt8])] = []
        var added: [UInt8] = []
        for line in set {
            let matches = component.properties.filter { $0.name == line.name }
            if let first = matches.first {
                edits.append((first.range, folded(line, lineBreak: lineBreak)))
                for extra in matches.dropFirst() { edits.append((extra.range, [])) }
            } else {
                added += folded(line, lineBreak: lineBreak)
            }
        }
        for name in remove where !set.contains(where: { $0.name == name }) {
            for p in component.properties where p.name == name { edits.append((p.range, [])) }
        }
        if !added.isEmpty {
            let at = component.endOffset ?? component.range.upperBound
            // A file whose last line has no line break gets one before the new lines.
            if at > 0, at == bytes.count, bytes[at - 1] != 0x0A, bytes[at - 1] != 0x0D { added = lineBreak + added }
            edits.append((at..<at, added))
        }
        edits.sort { $0.0.lowerBound < $1.0.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + added.count + 64)
        var at = 0
        for (range, replacement) in edits {
            guard range.lowerBound >= at else { continue }
            out += bytes[at..<range.lowerBound]
            out += replacement
            at = range.upperBound
        }
        out += bytes[at...]
        return out
    }

    /// `YYYYMMDDTHHMMSSZ`.
    public static func utc(_ t: Instant) -> String { ICalTime.utc(t).text }

    /// The DUE or DTSTART line for a due: a whole day as `VALUE=DATE`, an instant in UTC.
    public static func dateLine(_ name: String, _ due: Due) -> Line {
        switch due {
        case .day(let d): Line(name, parameters: ";VALUE=DATE", ICalTime.date(d).text)
        case .instant(let t): Line(name, utc(t))
        }
    }

    /// PRIORITY as todoman writes it: 1 high, 5 medium, 9 low; nil for none.
    public static func priority(_ p: Priority) -> String? {
        switch p {
        case .high: "1"
        case .medium: "5"
        case .low: "9"
        case .none: nil
        }
    }

    /// Marks a VTODO as a deadline (a countdown in tminus); other clients show a task with a due date.
    public static let kindProperty = "X-TMINUS-KIND"

    /// A new file holding one item: a VTODO (a deadline too: a task with DUE is what every calendar
    /// client can show as due and mark done, where an event can only pass; it carries
    /// `X-TMINUS-KIND:deadline` so tminus reads it back as a deadline).
    public static func newFile(_ item: Item, uid: String, now: Instant) -> [UInt8] {
        let crlf: [UInt8] = [0x0D, 0x0A]
        var lines: [Line] = [
            Line("BEGIN", "VCALENDAR"), Line("VERSION", "2.0"), Line("PRODID", "-//tminus//tminus//EN"),
            Line("BEGIN", "VTODO"), Line("UID", value: ICalText.escape(uid)), Line("DTSTAMP", utc(now)),
            Line("CREATED", utc(now)), Line("LAST-MODIFIED", utc(now)),
            Line("SUMMARY", value: ICalText.escape(item.title))
        ]
        if let due = item.due {
            lines.append(dateLine("DUE", due))
            // A repeating item's rule, anchored at DUE as tasks.org writes it (`done` there and here
            // moves DUE on: ICalWriter+Recurring.swift).
            if let rule = item.rrule { lines.append(Line("RRULE", rule)) }
        }
        if item.isDeadline { lines.append(Line(kindProperty, "deadline")) }
        if let p = priority(item.priority) { lines.append(Line("PRIORITY", p)) }
        lines.append(Line("STATUS", "NEEDS-ACTION"))
        if let tag = item.tag { lines.append(Line("CATEGORIES", value: ICalText.escape(tag))) }
        if !item.note.isEmpty { lines.append(Line("DESCRIPTION", value: ICalText.escape(item.note))) }
        if let remind = item.remind {
            lines += [
                Line("BEGIN", "VALARM"), Line("ACTION", "DISPLAY"),
                Line("DESCRIPTION", value: ICalText.escape(item.title)),
                Line("TRIGGER", parameters: ";VALUE=DATE-TIME", utc(remind)), Line("END", "VALARM")
            ]
        }
        lines += [Line("END", "VTODO"), Line("END", "VCALENDAR")]
        var out: [UInt8] = []
        for l in lines { out += folded(l, lineBreak: crlf) }
        return out
    }
}
