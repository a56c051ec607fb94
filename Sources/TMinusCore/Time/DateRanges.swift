/// Ranges of local dates (days off): joined, and written as one short text in an item's JSON
/// (`2026-12-24/2026-12-26,2027-12-25`: a range, or a single day, comma-separated).
public enum DateRanges {
    /// The most ranges an item carries (a daily holiday over ten years is one range; a yearly one
    /// ten; a weekly one 520).
    public static let maxRanges = 1000

    /// `ranges` in ascending order, those that overlap or touch joined into one.
    public static func joined(_ ranges: [ClosedRange<CivilDate>]) -> [ClosedRange<CivilDate>] {
        var out: [ClosedRange<CivilDate>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound.daysSinceEpoch <= last.upperBound.daysSinceEpoch + 1 {
                if r.upperBound > last.upperBound { out[out.count - 1] = last.lowerBound...r.upperBound }
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// The text form of `ranges`.
    public static func text(_ ranges: [ClosedRange<CivilDate>]) -> String {
        var out = ""
        for (i, r) in ranges.enumerated() {
            if i > 0 { out += "," }
            out += r.lowerBound.description
            if r.upperBound != r.lowerBound { out += "/" + r.upperBound.description }
        }
        return out
    }

    /// Reads the text form: nil when a part is not a date or a range of dates, a range ends
    /// before it starts, or there are more than `maxRanges`.
    public static func parse(_ text: String) -> [ClosedRange<CivilDate>]? {
        guard text.utf8.count <= maxRanges * 22 else { return nil }
        var out: [ClosedRange<CivilDate>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "/", omittingEmptySubsequences: false)
            guard ends.count <= 2, let a = day(ends[0]), let b = ends.count == 2 ? day(ends[1]) : a, a <= b else {
                return nil
            }
            out.append(a...b)
        }
        return out.count <= maxRanges ? out : nil
    }

    static func day(_ text: Substring) -> CivilDate? {
        guard text.utf8.count == 10, case .day(let d)? = Due(storage: String(text)) else { return nil }
        return d
    }
}
