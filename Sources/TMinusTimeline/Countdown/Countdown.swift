public import TMinusCore

/// Time left to a due instant, split the way people read it: whole calendar days (now + N days
/// at the same wall time is still not after due), then the rest in absolute seconds. So across a
/// DST change a day is 23 or 25 hours and `remaining` stays the true number of seconds.
public struct Countdown: Equatable, Sendable {
    /// True seconds to due (0 or less: over).
    public var remaining: Int64
    /// Whole calendar days left.
    public var days: Int
    /// Seconds left after the whole days.
    public var rest: Int64

    /// The time left from `now` to `due`, whole days counted on `zone`'s calendar.
    public init(now: Instant, due: Instant, zone: Zone) {
        remaining = due - now
        guard remaining > 0 else {
            days = 0
            rest = max(0, remaining)
            return
        }
        let local = zone.local(now)
        func anchor(_ n: Int) -> Instant {
            var l = local
            l.date = l.date.adding(days: n)
            return zone.instant(l)
        }
        var n = max(0, Int(remaining / 86_400) - 1)
        while anchor(n + 1) <= due { n += 1 }
        while n > 0 && anchor(n) > due { n -= 1 }
        days = n
        rest = due - anchor(n)
    }

    /// The same where the zone's offset cannot change from two days before now to two after due
    /// (`Zone.isSteady`): every calendar day is then 86,400 s, and the days are plain division.
    init(steadyRemaining r: Int64) {
        remaining = r
        days = r > 0 ? Int(r / 86_400) : 0
        rest = r > 0 ? r % 86_400 : 0
    }

    /// Whether the due instant has come (no time left).
    public var isOver: Bool { remaining <= 0 }

    /// The unit a precision shows last, in seconds (the calendar day counts as 0: it is handled apart).
    func smallestUnit(_ precision: Precision) -> Int64 {
        switch precision {
        case .seconds: 1
        case .minutes: 60
        case .hours: 3600
        case .days: 0
        case .auto: days >= 1 ? 3600 : (rest >= 3600 ? 60 : 1)
        }
    }

    /// Seconds until the text can next change (at least 1): the next unit boundary in the due
    /// instant's phase.
    func secondsToNextTick(_ precision: Precision) -> Int64 {
        guard remaining > 0 else { return 0 }
        let unit = smallestUnit(precision)
        if unit == 0 { return rest + 1 }
        // Also when the day count drops (rest runs out), which the modulo covers when unit divides it.
        return min(rest % unit + 1, rest + 1)
    }

    /// The short text: "2d 4h", "4h 05m", "04:09" (auto); forced precisions keep their unit. The
    /// units' letters are the language's ("2 T. 4 Std." is the catalog's to say).
    public func text(_ precision: Precision, over: String, words: Words = .english) -> String {
        if isOver { return over }
        let h = Int(rest / 3600), m = Int(rest / 60 % 60), s = Int(rest % 60)
        let d = days
        func f(_ pattern: String, _ values: Int...) -> String { Catalog.format(pattern, numbers: values) }
        /// "04:09", "02:04:09": each field two digits or more.
        func clock(_ fields: Int...) -> String {
            var b: [UInt8] = []
            b.reserveCapacity(12)
            for (i, field) in fields.enumerated() {
                if i > 0 { b.append(0x3A) }
                Digits.write(Int64(field), width: 2, into: &b)
            }
            return String(decoding: b, as: UTF8.self)
        }
        switch precision {
        case .auto:
            if d >= 1 { return f(words.tr("%dd %dh"), d, h) }
            if h >= 1 { return f(words.tr("%dh %02dm"), h, m) }
            return clock(m, s)
        case .seconds:
            if d >= 1 { return Catalog.format(words.tr("%dd %s"), [String(d), clock(h, m, s)]) }
            return h >= 1 ? clock(h, m, s) : clock(m, s)
        case .minutes:
            if d >= 1 { return f(words.tr("%dd %dh %02dm"), d, h, m) }
            return h >= 1 ? f(words.tr("%dh %02dm"), h, m) : f(words.tr("%dm"), m)
        case .hours:
            if d >= 1 { return f(words.tr("%dd %dh"), d, h) }
            return h >= 1 ? f(words.tr("%dh"), h) : words.tr("<1h")
        case .days:
            return d >= 1 ? f(words.tr("%dd"), d) : words.tr("<1d")
        }
    }

    /// The long text with words, singular and plural right: "2 days 4 hours", "1 hour 5 minutes",
    /// "4 minutes 9 seconds".
    public func longText(_ precision: Precision, over: String, words: Words = .english) -> String {
        if isOver { return over }
        let h = Int(rest / 3600), m = Int(rest / 60 % 60), s = Int(rest % 60)
        var parts: [(Int, Unit)] = []
        switch precision {
        case .auto:
            if days >= 1 {
                parts = [(days, .day), (h, .hour)]
            } else if h >= 1 {
                parts = [(h, .hour), (m, .minute)]
            } else {
                parts = [(m, .minute), (s, .second)]
            }
        case .seconds: parts = [(days, .day), (h, .hour), (m, .minute), (s, .second)]
        case .minutes: parts = [(days, .day), (h, .hour), (m, .minute)]
        case .hours: parts = [(days, .day), (h, .hour)]
        case .days: parts = [(days, .day)]
        }
        return Countdown.words(parts, words)
    }

    /// A unit of the long text.
    enum Unit {
        case day, hour, minute, second

        /// "3 days", in the language's plural form, appended to `out`.
        func counted(_ n: Int, _ words: Words, into out: inout [UInt8]) {
            switch self {
            case .day: words.trn("%d day", "%d days", n, into: &out)
            case .hour: words.trn("%d hour", "%d hours", n, into: &out)
            case .minute: words.trn("%d minute", "%d minutes", n, into: &out)
            case .second: words.trn("%d second", "%d seconds", n, into: &out)
            }
        }

        /// "less than an hour".
        func lessThanOne(_ words: Words) -> String {
            switch self {
            case .day: words.tr("less than a day")
            case .hour: words.tr("less than an hour")
            case .minute: words.tr("less than a minute")
            case .second: words.tr("less than a second")
            }
        }
    }

    /// Counts with their units in words, those that are 0 left out: "2 days 4 hours"; "less than
    /// an hour" when all are 0.
    static func words(_ parts: [(Int, Unit)], _ words: Words) -> String {
        // Two units as the language joins them ("2 days 4 hours", "2日4時間"), written as bytes
        // (a keeping run asks this once a tick: a String per unit and per join cost it thousands).
        var text: [UInt8] = []
        text.reserveCapacity(48)
        var units = 0
        var join: (template: String, between: [UInt8]?)?
        for (n, unit) in parts where n > 0 {
            units += 1
            if units == 1 {
                unit.counted(n, words, into: &text)
                continue
            }
            if join == nil {
                let template = words.trc("two units of time", "%s %s")
                join = (template, between(template))
            }
            guard let join else { continue }
            // The first unit, then these bytes, then the second (English, and most languages):
            // the second appended in place.
            if let between = join.between {
                text += between
                unit.counted(n, words, into: &text)
                continue
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(text.count + 32)
            Catalog.append(join.template, count: 2, into: &joined) { index, out in
                if index == 0 { out += text } else { unit.counted(n, words, into: &out) }
            }
            text = joined
        }
        return units == 0 ? (parts.last?.1 ?? .day).lessThanOne(words) : String(decoding: text, as: UTF8.self)
    }

    /// What a join template puts between its two units when it is `%s`, text without a `%`, then
    /// `%s` ("%s %s": a space); nil for any other shape (the units the other way round, `%2$s`).
    static func between(_ template: String) -> [UInt8]? {
        var template = template
        return template.withUTF8 { b -> [UInt8]? in
            let percent = UInt8(ascii: "%"), s = UInt8(ascii: "s")
            guard b.count >= 4, b[0] == percent, b[1] == s, b[b.count - 2] == percent, b[b.count - 1] == s
            else { return nil }
            let middle = UnsafeBufferPointer(rebasing: b[2..<(b.count - 2)])
            return middle.contains(percent) ? nil : Array(middle)
        }
    }
}
