import TMinusTestSupport
import Testing
@testable import TMinusCore

@Suite("RFC 3339 and Due")
struct RFC3339Tests {
    @Test(arguments: [
        ("2026-12-01T17:00:00Z", Int64(1_796_144_400)),
        ("2026-12-01T18:00:00+01:00", Int64(1_796_144_400)),
        ("2026-12-01T22:45:00+05:45", Int64(1_796_144_400)),
        ("2026-12-01T09:00:00-08:00", Int64(1_796_144_400)),
        ("2026-12-01t17:00:00z", Int64(1_796_144_400)),
        ("2026-12-01T17:00:00.999Z", Int64(1_796_144_400)),
        ("2026-12-01 17:00Z", Int64(1_796_144_400)),
        ("1970-01-01T00:00:00Z", Int64(0))
    ])
    func parses(text: String, seconds: Int64) {
        #expect(RFC3339.parse(text) == Instant(seconds))
    }

    @Test(arguments: [
        "2026-12-01", "2026-12-01T17:00", "2026-02-30T10:00:00Z", "2026-12-01T24:00:00Z", "yesterday", "",
        "2026-12-01T17:00:00+25:00", "2026-12-01T17:00:00Zjunk"
    ])
    func rejects(text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func formatsWithTheOffset() {
        let t = Instant(1_796_144_400)
        #expect(RFC3339.format(t, offset: 0) == "2026-12-01T17:00:00Z")
        #expect(RFC3339.format(t, offset: 20_700) == "2026-12-01T22:45:00+05:45")
        #expect(RFC3339.format(t, offset: -28_800) == "2026-12-01T09:00:00-08:00")
        #expect(RFC3339.format(t, offset: 37_800) == "2026-12-02T03:30:00+10:30")
        #expect(t.description == "2026-12-01T17:00:00Z")
    }

    /// The writer (digits into a stack buffer, appended once) against the text made by
    /// interpolation, at random instants of years 1-9999 and offsets from -14 h to +14 h, and it
    /// reads back as the instant.
    @Test func writtenAsTheSlowFormatWrites() {
        var generator = SystemRandomNumberGenerator()
        var out: [UInt8] = Array("x".utf8)
        for _ in 0..<20_000 {
            let offset = Int.random(in: -50_400...50_400, using: &generator) / 60 * 60
            let t = Instant(Int64.random(in: -62_135_596_800 + 86_400...253_402_214_400, using: &generator))
            let local = LocalDateTime(secondsAsUTC: t.seconds + Int64(offset))
            guard (1...9999).contains(local.date.year) else { continue }
            let text = RFC3339.format(t, offset: offset)
            #expect(text == RFC3339.slowFormat(local, offset: offset))
            #expect(RFC3339.parse(text) == t, "\(text)")
            // Appended after what the array holds.
            out.removeSubrange(1...)
            RFC3339.write(t, offset: offset, into: &out)
            #expect(out == Array(("x" + text).utf8))
        }
    }

    @Test func dueStorageFormsRoundTrip() throws {
        #expect(Due(storage: "2026-12-01") == .day(day(2026, 12, 1)))
        #expect(Due(storage: "2026-12-01T17:00:00Z") == .instant(Instant(1_796_144_400)))
        #expect(Due(storage: "2026-12-01T17:00") == nil)
        #expect(Due(storage: "2026-02-30") == nil)
        for due in [Due.day(day(2024, 2, 29)), .instant(Instant(1_796_144_400))] {
            #expect(Due(storage: due.description) == due)
        }
    }

    @Test func wholeDayIsDueAtTheNextLocalMidnight() throws {
        let berlin = try systemZone("Europe/Berlin")
        #expect(Due.day(day(2026, 3, 31)).instant(in: berlin) == at("2026-03-31T22:00:00Z"))
        #expect(Due.day(day(2026, 3, 28)).instant(in: berlin) == at("2026-03-28T23:00:00Z"))
        #expect(Due.day(day(2026, 3, 31)).rfc3339(in: berlin) == "2026-03-31")
        #expect(Due.instant(at("2026-07-01T10:00:00Z")).rfc3339(in: berlin) == "2026-07-01T12:00:00+02:00")
        #expect(Due.instant(at("2026-07-01T23:30:00Z")).localDate(in: berlin) == day(2026, 7, 2))
    }
}

/// The writer's form read sixteen digits at once (`DateTimeText.writersForm`) against the byte
/// by byte reading, on random times in it and every one of their bytes changed.
@Suite("The writer's time form")
struct WritersTimeFormTests {
    func same(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { b in
            let fast = DateTimeText.writersForm(b)
            let scanned = DateTimeText.scan(bytes: b)
            // The fast reading gives what the scan gives (a UTC time), or leaves it to the scan.
            guard let fast else { return true }
            guard let (local, offset) = scanned, offset == 0 else { return false }
            return local == fast
        }
    }

    @Test func readsAsTheScanDoes() {
        var rng = SplitMix(0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { rng.next() }
        // (Bytes a digit, a separator or a byte next to one might be changed to.)
        let swaps: [UInt8] = [
            0x00, 0x20, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x3B, 0x40, 0x54, 0x5A,
            0x74, 0x7A, 0x80, 0xB0, 0xFF
        ]
        var fastReads = 0
        for _ in 0..<2_000 {
            // Any time of years 1-9999 (and now and then an impossible day, hour or second).
            let year = Int(next() % 9_999) + 1, month = Int(next() % 13) + 1, day = Int(next() % 32) + 1
            let hour = Int(next() % 25), minute = Int(next() % 61), second = Int(next() % 61)
            func d(_ v: Int, _ n: Int) -> String { String(String(v + 100_000).suffix(n)) }
            let text = Array(
                "\(d(year, 4))-\(d(month, 2))-\(d(day, 2))T\(d(hour, 2)):\(d(minute, 2)):\(d(second, 2))Z".utf8)
            #expect(same(text), "\(String(decoding: text, as: UTF8.self))")
            if text.withUnsafeBufferPointer({ DateTimeText.writersForm($0) }) != nil { fastReads += 1 }
            for k in text.indices {
                for b in swaps where b != text[k] {
                    var changed = text
                    changed[k] = b
                    #expect(same(changed), "\(changed)")
                }
            }
        }
        // (Most are possible times: the fast reading took them.)
        #expect(fastReads > 1_000)
        #expect(RFC3339.parse("2026-12-01T17:00:00Z") == Instant(1_796_144_400))
        #expect(RFC3339.parse("2026-02-29T17:00:00Z") == nil)
        #expect(RFC3339.parse("2024-02-29T23:59:59Z") == Instant(1_709_251_199))
    }
}
