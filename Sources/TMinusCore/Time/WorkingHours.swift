/// The hours of a working week, as the config's `workingHours` writes them:
/// `"Mon-Fri 09:00-17:00"`, several ranges a day (`"Mon-Fri 09:00-12:00,13:00-17:00"`) and
/// groups of days apart (`"Mon-Thu 08:00-16:00; Fri 08:00-12:00"`). Wall-clock times on each
/// local date; `24:00` is the next midnight. Ranges of one day that overlap or touch are joined.
public struct WorkingHours: Sendable, Equatable, CustomStringConvertible {
    /// One range of a day: seconds after local midnight, `start < end <= 86_400`.
    public struct Span: Sendable, Equatable {
        /// When it starts, in seconds after midnight.
        public var start: Int
        /// When it ends (exclusive), in seconds after midnight; 86 400 is the next midnight.
        public var end: Int
    }

    /// The ranges of each weekday (0 = Sunday … 6 = Saturday), ascending and apart.
    public private(set) var days: [[Span]]

    /// Monday to Friday, 09:00 to 17:00: what `workingHours` is when the config leaves it out.
    public static let standard = WorkingHours(days: [
        [], [Span(start: 32_400, end: 61_200)], [Span(start: 32_400, end: 61_200)],
        [Span(start: 32_400, end: 61_200)], [Span(start: 32_400, end: 61_200)],
        [Span(start: 32_400, end: 61_200)], []
    ])

    /// The days' short names, Sunday first.
    public static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// What a config should write, for messages.
    public static let example =
        "\"Mon-Fri 09:00-17:00\" (several ranges: \"Mon-Fri 09:00-12:00,13:00-17:00\"; groups: \"Mon-Thu 09:00-17:00; Fri 09:00-13:00\")"

    /// The working seconds of a weekday with nothing unusual about it (no holiday, no change of
    /// the zone's offset).
    public func nominal(weekday: Int) -> Int64 {
        var total: Int64 = 0
        for s in days[weekday] { total += Int64(s.end - s.start) }
        return total
    }

    /// Reads the config's text; nil with the reason for anything else (the caller adds the example).
    public static func parse(_ text: String) -> Result<WorkingHours, WorkingHoursError> {
        var days: [[Span]] = Array(repeating: [], count: 7)
        let groups = text.split(separator: ";", omittingEmptySubsequences: false)
        guard text.utf8.count <= 1000 else { return .failure(WorkingHoursError("is longer than 1000 characters")) }
        for rawGroup in groups {
            // Days are words, times begin with a digit: "Mon, Wed 09:00-12:00, 13:00-17:00".
            let g = Substring(rawGroup.trimmed)
            let firstDigit = g.firstIndex { $0.isASCII && $0.isNumber } ?? g.endIndex
            let group = [g[..<firstDigit], g[firstDigit...]]
            guard !group[0].trimmed.isEmpty, !group[1].isEmpty else {
                return .failure(
                    WorkingHoursError("'\(rawGroup.trimmed)' needs days and times, like \"Mon-Fri 09:00-17:00\""))
            }
            var weekdays: [Int] = []
            for part in group[0].split(separator: ",", omittingEmptySubsequences: false) {
                let ends = part.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(ends.count), let first = day(ends[0]), let last = day(ends[ends.count - 1])
                else {
                    return .failure(
                        WorkingHoursError(
                            "'\(part)' is not a day or a range of days (Mon, Tue, Wed, Thu, Fri, Sat, Sun; Mon-Fri)"))
                }
                var d = first
                while true {
                    if !weekdays.contains(d) { weekdays.append(d) }
                    if d == last { break }
                    d = (d + 1) % 7
                }
            }
            var spans: [Span] = []
            for part in group[1].split(separator: ",", omittingEmptySubsequences: false) {
                let p = part.trimmed
                let ends = Substring(p).split(separator: "-", omittingEmptySubsequences: false)
                guard ends.count == 2, let start = clock(ends[0]), let end = clock(ends[1]) else {
                    return .failure(
                        WorkingHoursError("'\(p)' is not a range of times like 09:00-17:00 (24:00 ends at midnight)"))
                }
                guard start < end else {
                    return .failure(
                        WorkingHoursError("'\(p)' ends before it starts; write 22:00-24:00 and 00:00-06:00 for a night")
                    )
                }
                spans.append(Span(start: start, end: end))
            }
            for d in weekdays { days[d] = joined(days[d] + spans) }
        }
        guard days.contains(where: { !$0.isEmpty }) else { return .failure(WorkingHoursError("has no working time")) }
        return .success(WorkingHours(days: days))
    }

    /// Ranges sorted, with those that overlap or touch joined into one.
    static func joined(_ spans: [Span]) -> [Span] {
        var out: [Span] = []
        for s in spans.sorted(by: { $0.start < $1.start }) {
            if let last = out.last, s.start <= last.end {
                out[out.count - 1].end = max(last.end, s.end)
            } else {
                out.append(s)
            }
        }
        return out
    }

    static func day(_ text: Substring) -> Int? {
        let t = text.trimmed.lowercased()
        return dayNames.firstIndex { t == $0 || (t.count > 3 && fullDayNames[dayNames.firstIndex(of: $0)!] == t) }
    }

    /// The days' full names, Sunday first.
    public static let fullDayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// `HH:MM` (or `H:MM`) in seconds after midnight, up to 24:00.
    static func clock(_ text: Substring) -> Int? {
        let parts = Substring(text.trimmed).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let h = Int(parts[0]), let m = Int(parts[1]), m < 60, h < 24 || (h == 24 && m == 0)
        else { return nil }
        return h * 3600 + m * 60
    }

    /// The canonical text: days with the same ranges grouped, Monday first.
    public var description: String {
        var groups: [(days: [Int], spans: [Span])] = []
        for d in [1, 2, 3, 4, 5, 6, 0] where !days[d].isEmpty {
            if let i = groups.firstIndex(where: { $0.spans == days[d] }) {
                groups[i].days.append(d)
            } else {
                groups.append(([d], days[d]))
            }
        }
        func name(_ d: Int) -> String { Self.dayNames[d].prefix(1).uppercased() + Self.dayNames[d].dropFirst() }
        func time(_ s: Int) -> String { "\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2))" }
        return groups.map { g in
            // Runs of consecutive days (Monday first) as Mon-Fri.
            var runs: [String] = []
            var i = 0
            let order = g.days.map { ($0 + 6) % 7 }
            while i < order.count {
                var j = i
                while j + 1 < order.count && order[j + 1] == order[j] + 1 { j += 1 }
                runs.append(j > i ? "\(name(g.days[i]))-\(name(g.days[j]))" : name(g.days[i]))
                i = j + 1
            }
            return runs.joined(separator: ",") + " "
                + g.spans.map { "\(time($0.start))-\(time($0.end))" }.joined(separator: ",")
        }.joined(separator: "; ")
    }
}

/// Why a `workingHours` text was refused.
public struct WorkingHoursError: Error, Equatable, Sendable {
    /// What is wrong, to follow the key's name in a message.
    public var message: String
    init(_ message: String) { self.message = message }
}

extension Substring {
    var trimmed: String { Validation.trimmed(String(self)) }
}
