import Foundation
import TMinusCore
import TMinusTestSupport
import Testing

/// The WHEN grammar as a table: each phrase at a frozen clock, and what it means there (a local
/// wall time, a whole day, or a refusal and a piece of its message). docs/when.md's table is
/// checked against the same parser (WhenDocTests).
@Suite("WHEN grammar table")
struct WhenGrammarTableTests {
    /// A frozen clock: a zone, an instant, the week's first day.
    struct Clock {
        var zone: String
        var now: String
        var firstWeekday: Int
    }

    static let clocks: [String: Clock] = [
        // Thursday 2026-11-26 09:00 CET (the clock).
        "B": Clock(zone: "Europe/Berlin", now: "2026-11-26T08:00:00Z", firstWeekday: 1),
        // Friday 2026-11-27 08:00 PST, weeks from Sunday.
        "L": Clock(zone: "America/Los_Angeles", now: "2026-11-27T16:00:00Z", firstWeekday: 0),
        // Thursday 2026-11-26 09:00 +05:45.
        "K": Clock(zone: "Asia/Kathmandu", now: "2026-11-26T03:15:00Z", firstWeekday: 1),
        // Saturday 2026-10-24 12:00 CEST: the next night has 25 hours.
        "D": Clock(zone: "Europe/Berlin", now: "2026-10-24T10:00:00Z", firstWeekday: 1),
        // Saturday 2026-10-31 12:00 PDT: the next night has 25 hours.
        "P": Clock(zone: "America/Los_Angeles", now: "2026-10-31T19:00:00Z", firstWeekday: 0),
        // Sunday 2027-01-31 10:00 CET: a month's last day, a week's last day.
        "E": Clock(zone: "Europe/Berlin", now: "2027-01-31T09:00:00Z", firstWeekday: 1),
        // Thursday 2026-11-26 09:00 +05:45, weeks from Saturday.
        "S": Clock(zone: "Asia/Kathmandu", now: "2026-11-26T03:15:00Z", firstWeekday: 6)
    ]

    /// clock | phrase | local result (`YYYY-MM-DD` a whole day, `YYYY-MM-DD HH:MM[:SS]` an
    /// instant), or `!` and a piece of the refusal's message.
    static let table = """
        B|in 3 days|2026-11-29 09:00
        B|in 2 hours|2026-11-26 11:00
        B|dec 24|2026-12-24
        B|24 dec|2026-12-24
        B|december 24|2026-12-24
        B|Dec 24 5pm|2026-12-24 17:00
        B|noon|2026-11-26 12:00
        B|midnight|2026-11-27 00:00
        B|tomorrow at 5pm|2026-11-27 17:00
        B|fri at 17:00|2026-11-27 17:00
        B|this friday|2026-11-27
        B|tomorrow morning|2026-11-27 09:00
        B|tonight|2026-11-26 20:00
        B|end of month|2026-11-30
        B|eom|2026-11-30
        B|end of week|2026-11-29
        B|2026/12/24|2026-12-24
        B|24.12.2026|2026-12-24
        B|5.30pm|2026-11-26 17:30
        B|17h|2026-11-26 17:00
        B|in a week|2026-12-03 09:00
        B|in 1 month|2026-12-26 09:00
        B|+1M|!write 1mo for months or 1m for minutes
        B|1M|!write 1mo for months or 1m for minutes
        B|in 1 M|!M could be months or minutes
        B|M|!M could be months or minutes
        B|fri 5pm|2026-11-27 17:00
        B|2h|2026-11-26 11:00
        B|+2h|2026-11-26 11:00
        B|in an hour|2026-11-26 10:00
        B|+10m|2026-11-26 09:10
        B|10m|2026-11-26 09:10
        B|10 minutes|2026-11-26 09:10
        B|in 10 minutes|2026-11-26 09:10
        B|10 min|2026-11-26 09:10
        B|10mins|2026-11-26 09:10
        B|1 minute|2026-11-26 09:01
        B|5 hour|2026-11-26 14:00
        B|3 hrs|2026-11-26 12:00
        B|1hr|2026-11-26 10:00
        B|in 3 dayz|!did you mean 'in 3 days'
        B|3dayz|!did you mean '3days'
        B|tomorow|!did you mean 'tomorrow'
        B|tmorrow 5pm|!did you mean 'tomorrow 5pm'
        B|decmber 24|!did you mean 'december 24'
        B|24 December 2027 17:00|2027-12-24 17:00
        B|december 24 2027|2027-12-24
        B|dec 24, 2027|2027-12-24
        B|DEC 24|2026-12-24
        B|24th dec|2026-12-24
        B|24th of december|2026-12-24
        B|dec 24th|2026-12-24
        B|nov 26|2026-11-26
        B|nov 25|2027-11-25
        B|jan 5|2027-01-05
        B|feb 29|2028-02-29
        B|feb 30|!has 28 days
        B|sept 3|2027-09-03
        B|Sep 3 9am|2027-09-03 09:00
        B|may 1 at noon|2027-05-01 12:00
        B|tomorrow at 17:00|2026-11-27 17:00
        B|tomorrow at 9h|2026-11-27 09:00
        B|fri 9h|2026-11-27 09:00
        B|fri @ 5pm|2026-11-27 17:00
        B|tomorrow evening|2026-11-27 18:00
        B|evening|2026-11-26 18:00
        B|morning|2026-11-26 09:00
        B|tomorrow noon|2026-11-27 12:00
        B|fri midnight|2026-11-28 00:00
        B|tomorrow night|2026-11-27 20:00
        B|eod|2026-11-26
        B|eow|2026-11-29
        B|eoy|2026-12-31
        B|EOM|2026-11-30
        B|end of day|2026-11-26
        B|end of year|2026-12-31
        B|end of the month|2026-11-30
        B|end of the week|2026-11-29
        B|eom 5pm|2026-11-30 17:00
        B|end of month at 17:00|2026-11-30 17:00
        B|this thursday|2026-11-26
        B|thu|2026-11-26
        B|thu 5pm|2026-11-26 17:00
        B|thu 8am|2026-12-03 08:00
        B|thursday 9am|2026-12-03 09:00
        B|next thu|2026-12-03
        B|next fri|2026-11-27
        B|next friday 9am|2026-11-27 09:00
        B|mon|2026-11-30
        B|monday|2026-11-30
        B|tues|2026-12-01
        B|weds|2026-12-02
        B|next week|2026-11-30
        B|next month|2026-12-01
        B|next year|2027-01-01
        B|sun|2026-11-29
        B|sat 10:30|2026-11-28 10:30
        B|wednesday|2026-12-02
        B|2026-12-24|2026-12-24
        B|2026-12-24 17:00|2026-12-24 17:00
        B|2026-12-24 at 5pm|2026-12-24 17:00
        B|2026/12/24 5pm|2026-12-24 17:00
        B|2026/1/5|2026-01-05
        B|24.12.|2026-12-24
        B|1.1.|2027-01-01
        B|26.11.|2026-11-26
        B|29.02.|2028-02-29
        B|24.12.2026 17:00|2026-12-24 17:00
        B|24.12. 9am|2026-12-24 09:00
        B|31.04.2027|!Apr 2027 has 30 days
        B|2026-02-30|!Feb 2026 has 28 days
        B|5pm|2026-11-26 17:00
        B|5 pm|2026-11-26 17:00
        B|5:30pm|2026-11-26 17:30
        B|5:30 PM|2026-11-26 17:30
        B|9 a.m.|2026-11-26 09:00
        B|9p.m.|2026-11-26 21:00
        B|12am|2026-11-26 00:00
        B|12pm|2026-11-26 12:00
        B|17:00|2026-11-26 17:00
        B|17:00:30|2026-11-26 17:00:30
        B|17h30|2026-11-26 17:30
        B|09h|2026-11-26 09:00
        B|9h30|2026-11-26 09:30
        B|at 5pm|2026-11-26 17:00
        B|8am|2026-11-26 08:00
        B|+90m|2026-11-26 10:30
        B|90m|2026-11-26 10:30
        B|1h30m|2026-11-26 10:30
        B|+45s|2026-11-26 09:00:45
        B|90 seconds|2026-11-26 09:01:30
        B|+2d|2026-11-28 09:00
        B|2 days|2026-11-28 09:00
        B|2d|2026-11-28 09:00
        B|+1w|2026-12-03 09:00
        B|2 weeks|2026-12-10 09:00
        B|1wk|2026-12-03 09:00
        B|3mo|2027-02-26 09:00
        B|in 2 months|2027-01-26 09:00
        B|in 1 mo|2026-12-26 09:00
        B|1y|2027-11-26 09:00
        B|in 2 years|2028-11-26 09:00
        B|+1yr|2027-11-26 09:00
        B|in a year|2027-11-26 09:00
        B|in 2 days at 5pm|2026-11-28 17:00
        B|in 3 weeks at noon|2026-12-17 12:00
        B|in 2 hours at 5pm|!give days
        B|2 days ago|2026-11-24 09:00
        B|an hour ago|2026-11-26 08:00
        B|24h|2026-11-27 09:00
        B|36h|2026-11-27 21:00
        B|+17h|2026-11-27 02:00
        B|in 17h|2026-11-27 02:00
        B|now|2026-11-26 09:00
        B|today|2026-11-26
        B|tomorrow|2026-11-27
        B|tom|2026-11-27
        B|yesterday|2026-11-25
        B|24th|2026-12-24
        B|30th|2026-11-30
        B|26th|2026-11-26
        B|31st|2026-12-31
        B|1st|2026-12-01
        B|5pm tomorrow|!did you mean 'tomorrow 5pm'
        B|17:00 fri|!did you mean 'fri 17:00'
        B|at 5|!did you mean 'at 5pm' or 'at 5am'
        B|tomorrow at 17|!did you mean 'tomorrow at 17:00'
        B|24.12|!did you mean '24.12.'
        B|fridays|!did you mean 'friday'
        B|next blursday|!did you mean 'next thursday'
        B|+3x|!docs/when.md
        B|13pm|!docs/when.md
        B|next next friday|!docs/when.md
        B|+-2d|!docs/when.md
        B|12.05|!did you mean '12.05.'
        B|Friday|2026-11-27
        B|THIS FRI|2026-11-27
        L|fri 5pm|2026-11-27 17:00
        L|fri at 5pm|2026-11-27 17:00
        L|fri 7am|2026-12-04 07:00
        L|fri 8am|2026-12-04 08:00
        L|fri|2026-11-27
        L|this fri|2026-11-27
        L|next fri|2026-12-04
        L|eow|2026-11-28
        L|end of week|2026-11-28
        L|next week|2026-11-29
        L|tonight|2026-11-27 20:00
        L|17h|2026-11-27 17:00
        L|in 2 hours|2026-11-27 10:00
        L|dec 24|2026-12-24
        L|tomorrow morning|2026-11-28 09:00
        L|eom|2026-11-30
        L|midnight|2026-11-28 00:00
        L|sat|2026-11-28
        L|thu|2026-12-03
        L|+1d|2026-11-28 08:00
        L|5pm|2026-11-27 17:00
        K|17:00|2026-11-26 17:00
        K|in 2 hours|2026-11-26 11:00
        K|+90m|2026-11-26 10:30
        K|dec 24 5pm|2026-12-24 17:00
        K|tomorrow|2026-11-27
        K|fri 5pm|2026-11-27 17:00
        K|thu 5pm|2026-11-26 17:00
        K|eow|2026-11-29
        K|noon|2026-11-26 12:00
        K|5.30pm|2026-11-26 17:30
        K|in 1 month|2026-12-26 09:00
        K|24.12.|2026-12-24
        K|midnight|2026-11-27 00:00
        K|17h30|2026-11-26 17:30
        K|2h|2026-11-26 11:00
        S|eow|2026-11-27
        S|end of week|2026-11-27
        S|next week|2026-11-28
        D|+24h|2026-10-25 11:00
        D|24h|2026-10-25 11:00
        D|in 1 day|2026-10-25 12:00
        D|1d|2026-10-25 12:00
        D|in 25 hours|2026-10-25 12:00
        D|sun noon|2026-10-25 12:00
        D|in 1 week|2026-10-31 12:00
        D|eow|2026-10-25
        D|+48h|2026-10-26 11:00
        D|tomorrow 5pm|2026-10-25 17:00
        P|+24h|2026-11-01 11:00
        P|in a day|2026-11-01 12:00
        P|sun 5pm|2026-11-01 17:00
        P|eow|2026-10-31
        P|next week|2026-11-01
        P|tomorrow 9am|2026-11-01 09:00
        E|in 1 month|2027-02-28 10:00
        E|in 13 months|2028-02-29 10:00
        E|eow|2027-01-31
        E|next week|2027-02-01
        E|sun|2027-01-31
        E|sun 9am|2027-02-07 09:00
        E|sun 11am|2027-01-31 11:00
        E|next sun|2027-02-07
        E|31st|2027-01-31
        E|30th|2027-03-30
        E|eom|2027-01-31
        E|29.02.|2028-02-29
        E|eoy|2027-12-31
        """

    struct Row: CustomTestStringConvertible, Sendable {
        var clock: String
        var phrase: String
        var expected: String
        var testDescription: String { "\(clock)|\(phrase)" }
    }

    static var rows: [Row] {
        table.split(separator: "\n").map {
            let p = $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return Row(clock: p[0], phrase: p[1], expected: p[2])
        }
    }

    /// A result as the table writes it: a day, or an instant's local wall time (seconds when not 0).
    static func show(_ when: When, in zone: Zone) -> String {
        switch when {
        case .day(let d): return d.description
        case .instant(let t):
            let l = zone.local(t)
            let time = "\(pad(l.hour, 2)):\(pad(l.minute, 2))" + (l.second == 0 ? "" : ":\(pad(l.second, 2))")
            return "\(l.date) \(time)"
        }
    }

    /// The phrase read at the row's clock: its table form, or `!` and the error's message.
    static func read(_ phrase: String, at clock: Clock) throws -> String {
        let zone = try systemZone(clock.zone)
        do throws(TMinusError) {
            let w = try WhenParser.parse(phrase, now: at(clock.now), zone: zone, firstWeekday: clock.firstWeekday)
            return show(w, in: zone)
        } catch {
            return "!" + error.message
        }
    }

    @Test func theTableIsLargeAndCoversEveryZone() {
        #expect(Self.rows.count >= 150)
        #expect(Set(Self.rows.map(\.clock)) == Set(Self.clocks.keys))
        #expect(Set(Self.rows.map { $0.phrase.lowercased() }).count >= 150)
    }

    @Test(arguments: rows)
    func eachPhraseMeansWhatTheTableSays(row: Row) throws {
        let clock = try #require(Self.clocks[row.clock])
        let got = try Self.read(row.phrase, at: clock)
        if row.expected.hasPrefix("!") {
            #expect(got.hasPrefix("!"), "'\(row.phrase)' should be refused, gave \(got)")
            #expect(got.contains(row.expected.dropFirst()), "'\(row.phrase)': \(got)")
            #expect(!got.contains("\n"))
        } else {
            #expect(got == row.expected, "'\(row.phrase)' at \(row.clock)")
        }
    }
}
