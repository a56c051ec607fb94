import Foundation
import Testing
import TMinusCore

/// Sources as a user has them, written into a test sandbox beside the home: a vdir with two
/// collections (what vdirsyncer makes of a CalDAV account), a holidays `.ics`, a todo.txt and
/// another program's summary, and the config that names them. Relative to the default `now`
/// (Tuesday 2026-03-10 13:00 in Berlin):
///
///     work/    report.ics   VTODO  "Write report"    DUE 2026-03-11 17:00 Berlin, PRIORITY 1, CATEGORIES work, X-props
///              standup.ics  VEVENT "Standup"         weekly MO,WE,FR 09:30 Berlin since 2026-01-05
///     home/    random1.ics  VTODO  "Water plants"    no DUE (file name is not the UID)
///              done.ics     VTODO  "Old chore"       STATUS:COMPLETED
///     holidays.ics          VEVENT "Easter Monday"   2026-04-06 (a date), read-only
///     todo.txt              "(A) 2026-03-01 Call mom +family due:2026-03-12", "x 2026-03-02 Old", "Buy milk @errands"
///     phone.json            a summary with one deadline "Flight" 2026-03-20T08:00Z
struct SourcesFixture {
    let h: TempHome
    var root: URL { h.root }
    var vdir: URL { root.appendingPathComponent("calendars") }
    var configPath: String { root.appendingPathComponent("config/tminus/config.json").path }

    static let report = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//pimutils.org//todoman//EN\r
        BEGIN:VTODO\r
        UID:report-uid\r
        SUMMARY:Write report\r
        DUE;TZID=Europe/Berlin:20260311T170000\r
        PRIORITY:1\r
        CATEGORIES:work\r
        X-TODOMAN-FOO;X-PARAM="a;b":keep this\r
        DESCRIPTION:Long notes folded over \r
          two lines\r
        SEQUENCE:2\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    static let standup = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//pimutils.org//khal//EN\r
        BEGIN:VEVENT\r
        UID:standup-uid\r
        SUMMARY:Standup\r
        DTSTART;TZID=Europe/Berlin:20260105T093000\r
        DTEND;TZID=Europe/Berlin:20260105T094500\r
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static let plants = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:plants-uid\nSUMMARY:Water plants\nEND:VTODO\nEND:VCALENDAR\n"
    static let chore =
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:chore-uid\nSUMMARY:Old chore\nSTATUS:COMPLETED\nEND:VTODO\nEND:VCALENDAR\n"
    static let holidays =
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:easter\r\nSUMMARY:Easter Monday\r\nDTSTART;VALUE=DATE:20260406\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    static let todoTxt = "(A) 2026-03-01 Call mom +family due:2026-03-12\nx 2026-03-02 Old\nBuy milk @errands\n"
    static let phone = """
        {"format":"tminus-summary","version":1,"generated":"2026-03-10T11:00:00Z","sources":[{"name":"tminus","stamp":"2026-03-10T11:00:00Z","items":1}],
         "tags":[],"deadlines":[{"id":"f1","handle":9,"title":"Flight","due":"2026-03-20T08:00:00Z"}],"todos":[]}
        """

    init(_ h: TempHome = try! TempHome(), extraSources: String = "") throws {
        self.h = h
        try write("calendars/work/report.ics", Self.report)
        try write("calendars/work/standup.ics", Self.standup)
        try write("calendars/work/color", "#ff8800\n")
        try write("calendars/home/random1.ics", Self.plants)
        try write("calendars/home/done.ics", Self.chore)
        try write("holidays.ics", Self.holidays)
        try write("todo.txt", Self.todoTxt)
        try write("phone.json", Self.phone)
        try writeConfig(extraSources: extraSources)
    }

    func writeConfig(extraSources: String = "", overHold: String? = nil) throws {
        try write(
            "config/tminus/config.json",
            """
            // sources as in docs/sources.md
            {
              \(overHold.map { "\"overHold\": \"\($0)\"," } ?? "")
              "sources": [
                { "name": "cal", "kind": "vdir", "path": "~/calendars", "collection": "work" },
                { "name": "holidays", "kind": "ics", "path": "~/holidays.ics" },
                { "name": "txt", "kind": "todotxt", "path": "~/todo.txt" },
                { "name": "phone", "kind": "summary", "path": "~/phone.json" },
                \(extraSources)
              ]
            }
            """)
    }

    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ relative: String) -> String {
        String(
            decoding: FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) ?? Data(),
            as: UTF8.self)
    }

    /// `list --json` items by title.
    func items(_ args: String..., now: String? = nil) throws -> [String: JSON] {
        var out: [String: JSON] = [:]
        for item in try h.list(args, now: now) {
            if let t = item["title"]?.stringValue { out[t] = item }
        }
        return out
    }

    /// Makes every file and folder of the sources a minute old (a stamp from the last two seconds
    /// is not trusted, so a source written just now is read again by every poll until then).
    func age() throws {
        let old = Date().addingTimeInterval(-60)
        for top in ["calendars", "holidays.ics", "todo.txt", "phone.json"] {
            let url = root.appendingPathComponent(top)
            var paths = [url.path]
            if let e = FileManager.default.enumerator(atPath: url.path) {
                while let p = e.nextObject() as? String { paths.append(url.appendingPathComponent(p).path) }
            }
            for p in paths { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: p) }
        }
    }

    /// Renames a new file into a folder, as vdirsyncer does.
    func drop(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".tmp-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temp)
        try #require(rename(temp.path, url.path) == 0, "rename to \(url.path)")
    }
}

extension TempHome {
    func list(_ args: [String], now: String? = nil) throws -> [JSON] {
        let result = try start(["list", "--json"] + args, now: now).wait()
        try #require(result.status == 0, "list \(args): \(result)")
        return try #require(try result.json().arrayValue)
    }
}
