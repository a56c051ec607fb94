public import TMinusCore

/// Working time left to a due instant (`{worktime}`, and `{countdown}` for a deadline with working
/// time on). Hours are its largest unit: a working day has no one length (several ranges, a short
/// Friday), so "2d" would say nothing sure. The precisions read as `{countdown}`'s: auto shows
/// whole hours from 24 working hours on, hours and minutes under that, minutes and seconds in the
/// last working hour.
public struct WorkCountdown: Equatable, Sendable {
    /// Working seconds left (0: none before the due instant).
    public var remaining: Int64

    /// The working time left from `now` to `due`.
    public init(now: Instant, due: Instant, work: WorkTime) {
        remaining = work.seconds(from: now, to: due)
    }

    /// A count of working seconds.
    public init(remaining: Int64) { self.remaining = max(0, remaining) }

    /// The unit a precision shows last, in seconds.
    func smallestUnit(_ precision: Precision) -> Int64 {
        switch precision {
        case .seconds: 1
        case .minutes: 60
        case .hours, .days: 3600
        case .auto: remaining >= 24 * 3600 ? 3600 : (remaining >= 3600 ? 60 : 1)
        }
    }

    /// Working seconds until the text can next change (at least 1, at most what is left); nil
    /// when none is left.
    public func workToNextTick(_ precision: Precision) -> Int64? {
        guard remaining > 0 else { return nil }
        return min(remaining % smallestUnit(precision) + 1, remaining)
    }

    /// The short text: "40h", "7h 05m", "04:09" (auto); forced precisions keep their unit.
    public func text(_ precision: Precision, words: Words = .english) -> String {
        let h = Int(remaining / 3600), m = Int(remaining / 60 % 60), s = Int(remaining % 60)
        func f(_ pattern: String, _ values: Int...) -> String { Catalog.format(pattern, values.map(String.init)) }
        switch precision {
        case .auto:
            if h >= 24 { return f(words.tr("%dh"), h) }
            if h >= 1 { return f(words.tr("%dh %02dm"), h, m) }
            return "\(pad(m, 2)):\(pad(s, 2))"
        case .seconds:
            return h >= 1 ? "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2))" : "\(pad(m, 2)):\(pad(s, 2))"
        case .minutes:
            return h >= 1 ? f(words.tr("%dh %02dm"), h, m) : f(words.tr("%dm"), m)
        case .hours, .days:
            return h >= 1 ? f(words.tr("%dh"), h) : words.tr("<1h")
        }
    }

    /// The long text with words: "40 hours", "7 hours 5 minutes", "4 minutes 9 seconds"; "no
    /// working time" when none is left.
    public func longText(_ precision: Precision, words: Words = .english) -> String {
        if remaining == 0 { return words.tr("no working time") }
        let h = Int(remaining / 3600), m = Int(remaining / 60 % 60), s = Int(remaining % 60)
        let long = CountdownWords.Long(words, precision, over: "")
        switch precision {
        case .auto:
            if h >= 24 { return long.units(from: .hour, h) }
            if h >= 1 { return long.units(from: .hour, h, m) }
            return long.units(from: .minute, m, s)
        case .seconds: return long.units(from: .hour, h, m, s)
        case .minutes: return long.units(from: .hour, h, m)
        case .hours, .days: return long.units(from: .hour, h)
        }
    }
}
