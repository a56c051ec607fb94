import Foundation
import TMinusCore
import TMinusTestSupport
import Testing

/// The WHEN grammar under random and hostile input: no trap, a bounded time, and no silent wrong
/// unit (every accepted `N<unit>` moves by that unit, as docs/when.md's unit list says).
@Suite("WHEN grammar fuzz")
struct WhenFuzzTests {

    static let pieces = [
        "in", "at", "+", "-", "next", "this", "end", "of", "the", "ago", "a", "an", "fri", "Friday", "dec", "24",
        "24th", "2026", "17:00", "5pm", "5.30pm", "17h", "17h30", "noon", "midnight", "tonight", "morning", "eom",
        "eow", "tomorrow", "today", "3", "2h", "1M", "M", "mo", "m", "min", "days", "weeks", "y", "24.12.",
        "2026/12/24",
        "2026-12-24", ".", ":", "/", ",", "@", " ", "  ", "\u{0}", "\u{202E}", "é", "🎓", "99999999", "0", "am", "pm",
        "a.m.", "h", "d", "w", "s"
    ]

    static let zones = ["Europe/Berlin", "America/Los_Angeles", "Asia/Kathmandu"]
    static let now = at("2026-11-26T08:00:00Z")

    /// (How long a phrase takes: Benchmarks/README.md.)
    @Test func randomPhrasesNeverTrapAndEachTakesLittleTime() throws {
        let zones = try Self.zones.map { try systemZone($0) }
        var g = SplitMix(38)
        for _ in 0..<4000 {
            var phrase = ""
            for _ in 0..<Int.random(in: 1...7, using: &g) {
                if Int.random(in: 0..<6, using: &g) == 0 {
                    phrase.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &g)))
                } else {
                    phrase += Self.pieces.randomElement(using: &g)! + (Bool.random(using: &g) ? " " : "")
                }
            }
            for zone in zones {
                do throws(TMinusError) {
                    let w = try WhenParser.parse(phrase, now: Self.now, zone: zone, firstWeekday: 1)
                    switch w {
                    case .day(let d): #expect(CivilDate.supported.contains(d), "\(phrase)")
                    case .instant(let t): #expect(t.isSupported, "\(phrase)")
                    }
                } catch {
                    #expect(!error.message.contains("\n") && error.message.count < 400, "\(phrase)")
                }
            }
        }
    }

    /// (How soon: Benchmarks/README.md.)
    @Test func longAndHostileTextIsRefusedAtOnce() {
        for text in [
            String(repeating: "in 3 days ", count: 100_000), String(repeating: "a", count: 64),
            String(repeating: "1h", count: 33), String(repeating: "x ", count: 32),
            String(repeating: "\u{0}", count: 65),
            String(repeating: "🎓", count: 20)
        ] {
            #expect(throws: TMinusError.self) { try WhenParser.parse(text, now: Self.now, zone: .utc) }
        }
    }

    /// What `n` of a unit named `name` must give (computed here, not by the parser).
    static func expected(_ n: Int, _ name: String, zone: Zone) -> Instant? {
        let local = zone.local(now)
        func days(_ k: Int) -> Instant {
            var l = local
            l.date = l.date.adding(days: k)
            return zone.instant(l)
        }
        func months(_ k: Int) -> Instant {
            var l = local
            let index = l.date.year * 12 + l.date.month - 1 + k
            let (y, m) = (index / 12, index % 12 + 1)
            l.date = CivilDate(year: y, month: m, day: min(l.date.day, CivilDate.daysInMonth(year: y, month: m)))
            return zone.instant(l)
        }
        switch name.lowercased() {
        case "s", "sec", "secs", "second", "seconds": return now + Int64(n)
        case "m", "min", "mins", "minute", "minutes": return now + Int64(n) * 60
        case "h", "hr", "hrs", "hour", "hours": return now + Int64(n) * 3600
        case "d", "day", "days": return days(n)
        case "w", "wk", "wks", "week", "weeks": return days(7 * n)
        case "mo", "mos", "month", "months": return months(n)
        case "y", "yr", "yrs", "year", "years": return months(12 * n)
        default: return nil
        }
    }

    @Test func everyAcceptedNumberAndUnitMovesByThatUnit() throws {
        let zones = try Self.zones.map { try systemZone($0) }
        var g = SplitMix(10)
        let names = WhenParser.Unit.allCases.flatMap(\.names)
        #expect(Set(names).count == names.count, "a unit name spells two units")
        for _ in 0..<3000 {
            let n = Int.random(in: 0...400, using: &g)
            var name = names.randomElement(using: &g)!
            if Bool.random(using: &g) { name = name.uppercased() }
            let form = [("", ""), ("+", ""), ("in ", " "), ("", " "), ("in +", "")].randomElement(using: &g)!
            let phrase = "\(form.0)\(n)\(form.1)\(name)"
            let zone = zones.randomElement(using: &g)!
            do throws(TMinusError) {
                let w = try WhenParser.parse(phrase, now: Self.now, zone: zone, firstWeekday: 1)
                // `17h` alone (two digits, 00-23) is the one phrase of this shape that is a time of day.
                if form == ("", ""), name.lowercased() == "h", n < 24, "\(n)".count == 2 {
                    var l = zone.local(Self.now)
                    (l.hour, l.minute, l.second) = (n, 0, 0)
                    #expect(w == .instant(zone.instant(l)), "\(phrase)")
                    continue
                }
                #expect(w == .instant(Self.expected(n, name, zone: zone)!), "\(phrase) in \(zone.name)")
            } catch {
                // Only `M` alone is refused, and it says why.
                #expect(name == "M", "\(phrase): \(error.message)")
                #expect(error.message.contains("\(n)mo") && error.message.contains("\(n)m "), "\(error.message)")
            }
        }
    }
}
