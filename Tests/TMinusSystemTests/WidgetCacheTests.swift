import Foundation
import Glibc
import TMinusCore
import TMinusSystem
import Testing

/// The widget cache's file: the kept outputs, each answered inside its own interval only, and
/// nothing for a time outside them, another key, or a file that is not exactly one.
struct WidgetCacheTests {
    let key = Array("--home\u{1F}/h\u{1F}show\u{1E}TZ=UTC".utf8)
    let now = Instant(1_795_428_000)

    func folder() throws -> (Environment, String) {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-wc.XXXXXX")).map { String(cString: $0) })
        return (["XDG_RUNTIME_DIR": dir], dir)
    }

    func segments() -> [WidgetCache.Segment] {
        [
            WidgetCache.Segment(from: now, until: now + 60, text: "A 2h 00m\n", exitCode: 0),
            WidgetCache.Segment(from: now + 60, until: now + 120, text: "A 1h 59m\n", exitCode: 0),
            WidgetCache.Segment(from: now + 120, until: now + 125, text: "", exitCode: 33),
            WidgetCache.Segment(from: now + 125, until: now + 3_600, text: "{\"text\":\"ü\\n\"}\n\n", exitCode: 0)
        ]
    }

    @Test func eachOutputAnswersItsOwnIntervalOnly() throws {
        let (env, dir) = try folder()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        WidgetCache.keep(
            segments(), key: key, now: now, files: [(path: "/nonexistent/tminus", stamp: nil)], environment: env)
        func text(_ t: Instant) -> String? { WidgetCache.lookup(key: key, now: t, environment: env)?.text }
        #expect(text(now) == "A 2h 00m\n")
        #expect(text(now + 59) == "A 2h 00m\n")
        #expect(text(now + 60) == "A 1h 59m\n")
        #expect(
            WidgetCache.lookup(key: key, now: now + 121, environment: env).map { ($0.text, $0.exitCode) } ?? ("-", 0)
                == ("", 33))
        #expect(text(now + 125) == "{\"text\":\"ü\\n\"}\n\n")
        #expect(text(now + 3_599) == "{\"text\":\"ü\\n\"}\n\n")
        // Outside the kept hour, before it (the clock went back), or for another command line: nothing.
        #expect(text(now + 3_600) == nil)
        #expect(text(now - 1) == nil)
        #expect(WidgetCache.lookup(key: key + [0x41], now: now, environment: env) == nil)
    }

    @Test func aFileThatIsNotExactlyOneIsNothing() throws {
        let (env, dir) = try folder()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        WidgetCache.keep(segments(), key: key, now: now, files: [], environment: env)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: dir + "/tminus").first)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/tminus/" + name)))
        #expect(WidgetCache.parse(bytes, key: key, now: now + 130)?.text == "{\"text\":\"ü\\n\"}\n\n")
        // Every cut of the file: a torn write answers nothing, or only what the whole file does.
        for cut in 0..<bytes.count {
            for t in [now, now + 61, now + 130] {
                if let hit = WidgetCache.parse(Array(bytes[..<cut]), key: key, now: t) {
                    #expect(hit.text == WidgetCache.parse(bytes, key: key, now: t)?.text, "cut \(cut) at \(t.seconds)")
                }
            }
        }
        // An output whose bytes are not UTF-8 (a 4-byte character cut to 3, as long as its
        // repair): not a file tminus wrote.
        var bent = segments()
        bent[1].text = "🎓 1h 59m\n"
        WidgetCache.keep(bent, key: key, now: now, files: [], environment: env)
        var cut = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/tminus/" + name)))
        #expect(WidgetCache.parse(cut, key: key, now: now + 60)?.text == "🎓 1h 59m\n")
        let at = try #require((0..<cut.count - 3).first { cut[$0] == 0xF0 && cut[$0 + 1] == 0x9F })
        cut[at + 3] = 0x41
        #expect(WidgetCache.parse(cut, key: key, now: now + 60) == nil)
        #expect(WidgetCache.parse(cut, key: key, now: now)?.text == "A 2h 00m\n")
        // A length that runs past the end, a count that is too large, the old format: nothing.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            WidgetCache.parse(
                Array(text.replacingOccurrences(of: "33 0\n", with: "33 99999\n").utf8), key: key, now: now + 3_000)
                == nil)
        #expect(
            WidgetCache.parse(
                Array(text.replacingOccurrences(of: " 4\n0\n", with: " 61\n0\n").utf8), key: key, now: now) == nil)
        #expect(
            WidgetCache.parse(Array(text.replacingOccurrences(of: "cache 2", with: "cache 1").utf8), key: key, now: now)
                == nil)
    }

    @Test func nothingIsKeptPastTheLimits() throws {
        let (env, dir) = try folder()
        defer { _ = try? FileManager.default.removeItem(atPath: dir) }
        let many = (0...WidgetCache.maxSegments).map { i in
            WidgetCache.Segment(from: now + Int64(i), until: now + Int64(i + 1), text: "\(i)", exitCode: 0)
        }
        WidgetCache.keep(many, key: key, now: now, files: [], environment: env)
        #expect(WidgetCache.lookup(key: key, now: now, environment: env) == nil)
        WidgetCache.keep(Array(many.prefix(WidgetCache.maxSegments)), key: key, now: now, files: [], environment: env)
        #expect(WidgetCache.lookup(key: key, now: now + 59, environment: env)?.text == "59")
    }
}
