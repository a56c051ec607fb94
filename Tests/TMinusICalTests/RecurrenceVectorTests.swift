import Testing
import TMinusCore
@testable import TMinusICal

/// libical's recurrence vectors (`src/test/icalrecur_test.txt`): every one inside the subset
/// tminus expands must give exactly libical's instances; the rest must be refused by name.
@Suite("Recurrence against libical's vectors", .enabled(if: Corpus.available, Corpus.skipped))
struct RecurrenceVectorTests {
    struct Vector {
        var comment: String
        var rule: String
        var start: String
        var startAt: String?
        var instances: [String]
    }

    static func vectors() throws -> [Vector] {
        let text = String(decoding: try Corpus.bytes("libical/src/test/icalrecur_test.txt"), as: UTF8.self)
        var out: [Vector] = []
        var comment = "", rule = "", start = "", startAt: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map({
            String($0).trimmingCharacters(in: .whitespaces)
        }) {
            if line.hasPrefix("#") {
                comment = line
            } else if line.hasPrefix("RRULE:") {
                rule = String(line.dropFirst(6))
            } else if line.hasPrefix("DTSTART:") {
                start = String(line.dropFirst(8))
            } else if line.hasPrefix("START-AT:") {
                startAt = String(line.dropFirst(9))
            } else if line.hasPrefix("INSTANCES:") {
                let list = line.dropFirst(10).split(separator: ",").map(String.init)
                out.append(Vector(comment: comment, rule: rule, start: start, startAt: startAt, instances: list))
                comment = ""; rule = ""; start = ""; startAt = nil
            }
        }
        return out
    }

    /// The instances tminus gives, in libical's notation, at most `limit`.
    static func expand(_ rule: RecurrenceRule, start: ICalTime, limit: Int) -> [String] {
        var out: [String] = []
        let instant: (LocalDateTime) -> Instant = { Instant($0.secondsAsUTC) }
        rule.forEach(
            start: start.local, dateOnly: start.isDate, untilPassed: rule.untilPassed(start: start, instant: instant)
        ) { l in
            out.append(start.with(local: l).text)
            return out.count < limit
        }
        return out
    }

    @Test func vectorsInsideTheSubsetMatch() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count == 146, "the file has 146 vectors")
        var checked = 0, refused = 0, skipped = 0
        for v in vectors {
            guard !(v.instances.first ?? "").hasPrefix("*") else { skipped += 1; continue }
            let start = try #require(ICalTime.parse(Array(v.start.utf8)[...], tzid: nil), "DTSTART \(v.start)")
            let rule: RecurrenceRule
            do { rule = try RecurrenceRule.parse(v.rule) } catch {
                #expect(error.message.contains("not supported"), "\(v.rule): \(error.message)")
                refused += 1
                continue
            }
            checked += 1
            let bounded = rule.count != nil || rule.until != nil
            // A bounded rule must stop where libical stops; an unbounded one is compared as far as libical lists it.
            let got = Self.expand(rule, start: start, limit: bounded ? v.instances.count + 5 : v.instances.count)
            #expect(got == v.instances, "\(v.comment) \(v.rule) from \(v.start)")
            // START-AT: a walk that skips ahead (as the next instance after now is found) gives the
            // same instances from there on.
            if let startAt = v.startAt, rule.count == nil,
                let from = ICalTime.parse(Array(startAt.utf8)[...], tzid: nil)
            {
                var tail: [String] = []
                rule.forEach(
                    start: start.local, dateOnly: start.isDate, notBefore: from.local.date,
                    untilPassed: rule.untilPassed(start: start) { Instant($0.secondsAsUTC) }
                ) { l in
                    if l.secondsAsUTC >= from.local.secondsAsUTC { tail.append(start.with(local: l).text) }
                    return true
                }
                let expected = v.instances.filter {
                    (ICalTime.parse(Array($0.utf8)[...], tzid: nil)?.local.secondsAsUTC ?? 0) >= from.local.secondsAsUTC
                }
                #expect(tail == expected, "START-AT \(startAt): \(v.rule)")
            }
        }
        // The counts say how much of libical's suite the subset covers (written in docs/sources.md).
        #expect(checked >= 93, "checked \(checked), refused \(refused), skipped \(skipped)")
        print("libical vectors: \(checked) checked, \(refused) outside the subset, \(skipped) unimplemented in libical")
    }
}
