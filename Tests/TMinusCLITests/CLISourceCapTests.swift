import Foundation
import Testing

/// A source with more open items than its `maxItems` keeps the nearest now (what is under way,
/// the overdue, the soonest ahead, then the undated), never the first in the file: a calendar of
/// thousands of events showed its first 2,000 in file order, and the bar counted down to one of
/// them while sooner ones were left out. The cap is still said in `tminus sources`, with how many
/// were left out.
@Suite("CLI: a capped source keeps the items nearest now")
struct CLISourceCapTests {
    static func home(sources: String) throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.write("config/tminus/config.json", "{ \"sources\": [ \(sources) ] }")
        return f
    }

    static func event(_ uid: String, _ title: String, _ start: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nDTSTART:\(start)\r\nDTEND:\(start.dropLast(5))3000Z\r\nEND:VEVENT\r\n"
    }

    /// Late, middle, soon, in that order in the file, `maxItems: 2`: list and the bar have soon
    /// and middle, and the bar counts down to soon in its lead time.
    @Test(arguments: ["ics", "vdir"])
    func aCalendarKeepsTheSoonestNotTheFirst(_ kind: String) throws {
        let events = [
            Self.event("late", "Late review", "20260320T090000Z"),
            Self.event("middle", "Middle review", "20260315T090000Z"),
            Self.event("soon", "Soon review", "20260311T090000Z")
        ]
        let f: SourcesFixture
        if kind == "ics" {
            f = try Self.home(sources: #"{ "name": "cal", "kind": "ics", "path": "~/cal.ics", "maxItems": 2 }"#)
            try f.write("cal.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.joined() + "END:VCALENDAR\r\n")
        } else {
            f = try Self.home(sources: #"{ "name": "cal", "kind": "vdir", "path": "~/cal", "maxItems": 2 }"#)
            // (File names in the order late, middle, soon: the order a vdir is read in.)
            for (i, e) in events.enumerated() {
                try f.write("cal/\(i)-event.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + e + "END:VCALENDAR\r\n")
            }
        }
        let list = try f.h.run("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("Soon review") && list.stdout.contains("Middle review"), "\(list)")
        #expect(!list.stdout.contains("Late review"), "\(list)")
        // (In the soon one's lead time: an event takes the bar from then; docs/countdown.md.)
        let show = try f.h.run(["show", "--format", "json"], now: "2026-03-11T08:50:00Z")
        #expect(show.stdout.contains("\"title\":\"Soon review\""), "\(show)")
        let sources = try f.h.run("sources")
        #expect(
            sources.stdout.contains("3 open items; the 2 nearest now are shown and 1 left out"), "\(sources)")
    }

    /// The same for todo.txt, whose reader keeps only the nearest while it reads (a 15 MB file
    /// costs what the cap shows): the overdue first, then the soonest due, the undated last.
    @Test func aTodoTxtKeepsTheSoonestNotTheFirst() throws {
        let f = try Self.home(
            sources: #"{ "name": "txt", "kind": "todotxt", "path": "~/todo.txt", "maxItems": 4 }"#)
        try f.write(
            "todo.txt",
            """
            Someday learn the cello
            Dentist due:2026-03-11
            Late taxes due:2026-03-20
            x 2026-03-01 Done already due:2026-03-01
            Middle report due:2026-03-15
            Dentist due:2026-03-11
            Overdue library books due:2026-03-02

            """)
        let list = try f.h.run(["list", "--json"])
        #expect(list.status == 0, "\(list)")
        for title in ["Overdue library books", "Dentist", "Middle report"] {
            #expect(list.stdout.contains("\"\(title)\""), "\(title): \(list)")
        }
        for title in ["Someday learn the cello", "Late taxes"] {
            #expect(!list.stdout.contains("\"\(title)\""), "\(title): \(list)")
        }
        let show = try f.h.run(["show", "--format", "json"])
        // The bar's todos (today's and the overdue): the overdue one, which is last in the file.
        #expect(show.stdout.contains("\"title\":\"Overdue library books\""), "\(show)")
        let sources = try f.h.run("sources")
        #expect(
            sources.stdout.contains("6 open items; the 4 nearest now are shown and 2 left out"), "\(sources)")
        // What is kept has the ids the whole file gives those lines (the second "Dentist" line:
        // `#2`), so they keep their handles when the cap is raised.
        let capped = Set(try ids(list.stdout))
        try f.write(
            "config/tminus/config.json",
            #"{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "~/todo.txt" } ] }"#)
        let all = Set(try ids(try f.h.run(["list", "--json"]).stdout))
        #expect(capped.count == 4 && capped.isSubset(of: all) && all.count == 6, "\(capped) vs \(all)")
        #expect(capped.contains { $0.hasSuffix("#2") }, "\(capped)")
    }

    func ids(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let items = (object as? [[String: Any]]) ?? ((object as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return items.compactMap { $0["source"] as? String == "txt" ? $0["id"] as? String : nil }
    }
}
