public import TMinusCore

/// A countdown's words in one language and precision, each message looked up and taken apart
/// once (`MessageFormat`, `PluralMessage`): a run that keeps an hour of outputs writes the
/// countdown for each of them, and looking the messages up each time was most of what a tick
/// cost. `Countdown.text` and `longText` are these made for one use.
public struct CountdownWords: Sendable {
    /// The short text ("2d 4h").
    public let short: Short
    /// The long text ("2 days 4 hours").
    public let long: Long
    /// "ends in %s": an event in progress.
    let endsIn: MessageFormat
    /// "starts in %s": an event to come.
    let startsIn: MessageFormat

    /// The words of `words` at `precision`; `over` and `overLong` are the texts once it is over.
    public init(_ words: Words, _ precision: Precision, over: String, overLong: String) {
        short = Short(words, precision, over: over)
        long = Long(words, precision, over: overLong)
        endsIn = MessageFormat(words.tr("ends in %s"))
        startsIn = MessageFormat(words.tr("starts in %s"))
    }

    /// The short text's messages: "2d 4h", "4h 05m", "04:09" (auto); forced precisions keep their
    /// unit. The units' letters are the language's ("2 T. 4 Std." is the catalog's to say).
    public struct Short: Sendable {
        let precision: Precision
        let over: String
        /// The precision's templates, in the order `text` takes them (the others empty). (Three
        /// values, not an array: an array of its own type costs a run its metadata.)
        let first: MessageFormat, second: MessageFormat, third: MessageFormat
        /// Under the precision's unit ("<1h").
        let under: String

        /// The messages `precision` uses.
        public init(_ words: Words, _ precision: Precision, over: String) {
            self.precision = precision
            self.over = over
            var under = ""
            let none = MessageFormat("")
            switch precision {
            case .auto:
                (first, second, third) = (
                    MessageFormat(words.tr("%dd %dh")), MessageFormat(words.tr("%dh %02dm")), none
                )
            case .seconds: (first, second, third) = (MessageFormat(words.tr("%dd %s")), none, none)
            case .minutes:
                (first, second, third) = (
                    MessageFormat(words.tr("%dd %dh %02dm")), MessageFormat(words.tr("%dh %02dm")),
                    MessageFormat(words.tr("%dm"))
                )
            case .hours:
                (first, second, third) = (MessageFormat(words.tr("%dd %dh")), MessageFormat(words.tr("%dh")), none)
                under = words.tr("<1h")
            case .days:
                (first, second, third) = (MessageFormat(words.tr("%dd")), none, none)
                under = words.tr("<1d")
            }
            self.under = under
        }

        /// The countdown's short text.
        public func text(_ cd: Countdown) -> String {
            if cd.isOver { return over }
            let (d, h, m, s) = cd.fields
            switch precision {
            case .auto:
                if d >= 1 { return first.format(numbers: d, h) }
                if h >= 1 { return second.format(numbers: h, m) }
                return Short.clock(m, s)
            case .seconds:
                guard d >= 1 else { return h >= 1 ? Short.clock(h, m, s) : Short.clock(m, s) }
                var out: [UInt8] = []
                out.reserveCapacity(24)
                first.append(count: 2, into: &out) { index, out in
                    if index == 0 { Digits.write(Int64(d), into: &out) } else { Short.clock(h, m, s, into: &out) }
                }
                return String(decoding: out, as: UTF8.self)
            case .minutes:
                if d >= 1 { return first.format(numbers: d, h, m) }
                return h >= 1 ? second.format(numbers: h, m) : third.format(numbers: m)
            case .hours:
                if d >= 1 { return first.format(numbers: d, h) }
                return h >= 1 ? second.format(numbers: h) : under
            case .days:
                return d >= 1 ? first.format(numbers: d) : under
            }
        }

        /// "04:09", "02:04:09": each field two digits or more.
        static func clock(_ fields: Int...) -> String {
            var b: [UInt8] = []
            b.reserveCapacity(12)
            clock(fields, into: &b)
            return String(decoding: b, as: UTF8.self)
        }

        static func clock(_ fields: Int..., into b: inout [UInt8]) { clock(fields, into: &b) }

        static func clock(_ fields: [Int], into b: inout [UInt8]) {
            for (i, field) in fields.enumerated() {
                if i > 0 { b.append(0x3A) }
                Digits.write(Int64(field), width: 2, into: &b)
            }
        }
    }

    /// The long text's messages: "2 days 4 hours", "1 hour 5 minutes", "4 minutes 9 seconds",
    /// singular and plural as the language has them.
    public struct Long: Sendable {
        let precision: Precision
        let over: String
        let words: Words
        let day: PluralMessage, hour: PluralMessage, minute: PluralMessage, second: PluralMessage
        /// How two units join ("%s %s"), and what it puts between them when it is the first
        /// unit, a text, then the second (nil: another shape, `%2$s` first).
        let join: MessageFormat
        let between: [UInt8]?

        /// The messages of `words` (`precision` and `over` for `text`).
        public init(_ words: Words, _ precision: Precision, over: String) {
            self.precision = precision
            self.over = over
            self.words = words
            day = words.trn("%d day", "%d days")
            hour = words.trn("%d hour", "%d hours")
            minute = words.trn("%d minute", "%d minutes")
            second = words.trn("%d second", "%d seconds")
            let template = words.trc("two units of time", "%s %s")
            join = MessageFormat(template)
            between = Long.between(template)
        }

        /// The countdown's long text.
        public func text(_ cd: Countdown) -> String {
            if cd.isOver { return over }
            let (days, h, m, s) = cd.fields
            switch precision {
            case .auto:
                if days >= 1 { return units(from: .day, days, h) }
                if h >= 1 { return units(from: .hour, h, m) }
                return units(from: .minute, m, s)
            case .seconds: return units(from: .day, days, h, m, s)
            case .minutes: return units(from: .day, days, h, m)
            case .hours: return units(from: .day, days, h)
            case .days: return units(from: .day, days)
            }
        }

        func units(from first: Countdown.Unit, _ counts: Int...) -> String { units(from: first, counts) }

        /// Counts of consecutive units from `first` on in words, those that are 0 left out: "2 days
        /// 4 hours"; "less than an hour" when all are 0. (Counts and the first unit, not pairs: an
        /// array of pairs is a type of its own, whose metadata a run would make.)
        func units(from first: Countdown.Unit, _ counts: [Int]) -> String {
            var text: [UInt8] = []
            text.reserveCapacity(48)
            var written = 0
            var last = first
            for (i, n) in counts.enumerated() {
                let unit = Countdown.Unit(rawValue: first.rawValue + i) ?? .second
                last = unit
                guard n > 0 else { continue }
                written += 1
                if written == 1 {
                    message(unit).append(n, into: &text)
                } else if let between {
                    // The first unit, then these bytes, then the second (English, and most
                    // languages): the second appended in place.
                    text += between
                    message(unit).append(n, into: &text)
                } else {
                    var joined: [UInt8] = []
                    joined.reserveCapacity(text.count + 32)
                    join.append(count: 2, into: &joined) { index, out in
                        if index == 0 { out += text } else { message(unit).append(n, into: &out) }
                    }
                    text = joined
                }
            }
            return written == 0 ? last.lessThanOne(words) : String(decoding: text, as: UTF8.self)
        }

        func message(_ unit: Countdown.Unit) -> PluralMessage {
            switch unit {
            case .day: day
            case .hour: hour
            case .minute: minute
            case .second: second
            }
        }

        /// What a join template puts between its two units when it is `%s`, text without a `%`,
        /// then `%s` ("%s %s": a space); nil for any other shape (the units the other way round,
        /// `%2$s`).
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
}
