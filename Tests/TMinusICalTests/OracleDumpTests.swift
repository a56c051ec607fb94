import Foundation
import Testing
import TMinusCore
import TMinusICal

/// The instances tminus shows for every event of every calendar in the shared corpus and in
/// Tests/oracle/servers, written for `Tests/oracle/run.py --corpus`, which compares them with an
/// independent implementation (recurring-ical-events). Runs when TMINUS_ORACLE_DUMP names the
/// file to write (CI sets it); the reader's zone is UTC, as the oracle reads floating times.
@Suite("Recurrence: instances for the oracle")
struct OracleDumpTests {
    static var dump: String? {
        ProcessInfo.processInfo.environment["TMINUS_ORACLE_DUMP"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The window walked, and at most this many steps per file (a file that needs more is cut
    /// where the walk stopped; the oracle compares up to there).
    static let from = at("2020-01-01T00:00:00Z"), until = at("2028-01-01T00:00:00Z")
    static let maxSteps = 4000

    /// Walks `now` through the window: each read shows every event at its next instance (the
    /// first not yet ended); the next `now` is just after the earliest of those ends.
    static func walk(_ bytes: [UInt8]) -> (instances: [String], cutoff: Instant) {
        let zones = ICalZones(local: .utc, system: systemZone)
        var now = from
        var seen = Set<String>()
        var out: [String] = []
        for _ in 0..<maxSteps {
            let read = ICalRead.read(
                bytes, options: ICalOptions(now: now, hold: 0, events: true, source: "s"), zones: zones, fallbackID: "f"
            )
            let events = read.entries.filter(\.isEvent)
            var next: Instant?
            for e in events {
                guard case .instant(let due)? = e.item.due, due < until else { continue }
                let key = "\(e.uid ?? "")\t\(RFC3339.format(due, offset: 0))"
                if seen.insert(key).inserted { out.append(key) }
                let over = e.item.end ?? due
                next = min(next ?? over, over)
            }
            guard let n = next, n + 1 < until else { return (out.sorted(), until) }
            now = max(n + 1, now + 1)
        }
        return (out.sorted(), now)
    }

    @Test(.enabled(if: dump != nil && Corpus.available, "needs TMINUS_ORACLE_DUMP (CI sets it) and the corpus"))
    func writeTheInstancesOfEveryCorpusCalendar() throws {
        var text = "# tminus's instances, from OracleDumpTests: FILE path cutoff, then uid<TAB>instant\n"
        let servers = Corpus.repo.appendingPathComponent("Tests/oracle/servers")
        var files: [(String, URL)] = try Corpus.icsFiles().map {
            ("corpus/" + $0, Corpus.root.appendingPathComponent($0))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: servers.path))?.sorted() ?? []
        where name.hasSuffix(".ics") {
            files.append(("servers/" + name, servers.appendingPathComponent(name)))
        }
        for (name, url) in files {
            let bytes = Array(try #require(FileManager.default.contents(atPath: url.path)))
            let (instances, cutoff) = Self.walk(bytes)
            text += "FILE \(name) \(RFC3339.format(cutoff, offset: 0))\n"
            for line in instances { text += line + "\n" }
        }
        try text.write(toFile: try #require(Self.dump), atomically: false, encoding: .utf8)
    }
}
