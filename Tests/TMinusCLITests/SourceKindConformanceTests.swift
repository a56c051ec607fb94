import Foundation
import Testing
import TMinusCore
import TMinusTestSupport

/// What every source kind must do, run for each kind in `SourceKindCase.all`: read the items
/// another program wrote; change only the item asked for and keep every other byte (or refuse,
/// with nothing written, where the kind is read-only); show a hostile title inert; keep to
/// `maxItems` whatever the file holds; record what it watches; and have its write path in the
/// kill sweep. A new kind is tested by adding it to the list (a test fails until it is there).
@Suite("Source kinds: conformance")
struct SourceKindConformanceTests {
    static let keep = "Keep me as I am"
    static let hostile = "\u{1B}]0;pwned\u{07}<b>Bold</b> & \u{202E}evil"

    /// A home whose one source is `c`, holding `titles` (the first is the one acted on).
    func fixture(_ c: SourceKindCase, _ titles: [String], maxItems: Int? = nil) throws -> SourcesFixture {
        var source = c.config
        if let maxItems { source = String(source.dropLast()) + #", "maxItems": \#(maxItems) }"# }
        let f = try CLISourceCapTests.home(sources: source)
        try c.write(f, titles)
        return f
    }

    /// Every file under the home's root but the home's and the config's own, with its bytes.
    func files(_ f: SourcesFixture) -> [String: Data] {
        var out: [String: Data] = [:]
        let root = f.root.path
        guard let e = FileManager.default.enumerator(atPath: root) else { return out }
        while let p = e.nextObject() as? String {
            if ["home", "config", "data", "state", "bin"].contains(where: { p.hasPrefix($0) }) { continue }
            var isDirectory: ObjCBool = false
            let path = root + "/" + p
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[p] = FileManager.default.contents(atPath: path)
            }
        }
        return out
    }

    @Test func everyKindIsInTheList() {
        for kind in SourceConfig.Kind.allCases {
            #expect(SourceKindCase.all.filter { $0.kind == kind }.count == 1, "\(kind): add it to SourceKindCase.all")
        }
    }

    @Test(arguments: SourceKindCase.all)
    func readsWhatAnotherProgramWrote(_ c: SourceKindCase) throws {
        guard try c.runs() else { return }
        let f = try fixture(c, ["Buy milk", Self.keep])
        let items = try f.items()
        #expect(items["Buy milk"] != nil && items[Self.keep] != nil, "\(c): \(items.keys.sorted())")
        let sources = try f.h.ok("sources").stdout
        #expect(!sources.contains("cannot read"), "\(c): \(sources)")
    }

    @Test(arguments: SourceKindCase.all)
    func doneChangesOnlyThatItemOrIsRefused(_ c: SourceKindCase) throws {
        guard try c.runs() else { return }
        let f = try fixture(c, ["Buy milk", Self.keep])
        _ = try f.items()
        let before = files(f)
        let done = f.h.inProcess(["done", "Buy milk"])
        let after = files(f)
        guard c.writable else {
            #expect(done.status != 0, "\(c): a read-only kind took done: \(done)")
            #expect(done.stderr.split(separator: "\n").count == 1, "\(c): one line: \(done.stderr)")
            #expect(after == before, "\(c): a refused done wrote")
            return
        }
        #expect(done.status == 0, "\(c): \(done)")
        let items = try f.items()
        #expect(items["Buy milk"] == nil && items[Self.keep] != nil, "\(c): \(items.keys.sorted())")
        guard c.ownsFiles else { return }
        let changed = after.keys.filter { before[$0] != after[$0] }
        #expect(changed.count == 1, "\(c): \(changed.sorted())")
        for path in changed {
            let old = String(decoding: before[path] ?? Data(), as: UTF8.self).components(separatedBy: "\n")
            let new = Set(String(decoding: after[path] ?? Data(), as: UTF8.self).components(separatedBy: "\n"))
            // Every line of the file is kept but the done item's (its status, its dates).
            let lost = old.filter { !new.contains($0) }
            #expect(lost.count <= 3 && !lost.contains { $0.contains(Self.keep) }, "\(c): lost \(lost)")
        }
        #expect(f.h.inProcess(["undo", "Buy milk"]).status == 0, "\(c)")
        #expect(try f.items()["Buy milk"] != nil, "\(c): undo")
    }

    @Test(arguments: SourceKindCase.all)
    func aHostileTitleIsShownInert(_ c: SourceKindCase) throws {
        guard try c.runs() else { return }
        let f = try fixture(c, [c.hostile, Self.keep])
        // (The day the items are due: the bar's tooltip has them.)
        let now = "2026-03-12T08:00:00Z"
        for args in [["show", "--format", "waybar", "--family", "large"], ["list"], ["agenda"]] {
            let r = f.h.inProcess(args, now: now)
            #expect(r.status == 0, "\(c) \(args): \(r)")
            let controls = r.stdout.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{202E}"
            }
            #expect(controls.isEmpty, "\(c) \(args): \(r.stdout.debugDescription)")
            #expect(r.stdout.contains("Bold"), "\(c) \(args): the title is shown: \(r.stdout)")
        }
        let waybar = f.h.inProcess(["show", "--format", "waybar", "--family", "large"], now: now).stdout
        #expect(!waybar.contains("<b>") && waybar.contains("&lt;b&gt;"), "\(c): Pango markup escaped: \(waybar)")
    }

    @Test(arguments: SourceKindCase.all)
    func aBigSourceIsKeptToMaxItems(_ c: SourceKindCase) throws {
        guard try c.runs() else { return }
        let titles = (1...c.many).map { "Task \($0)" }
        let f = try fixture(c, titles, maxItems: 25)
        let items = try f.h.list([])
        #expect(items.count == 25, "\(c): \(items.count) items")
        let sources = try f.h.ok("sources").stdout
        #expect(sources.contains("\(c.many) open items; the 25 nearest now are shown"), "\(c): \(sources)")
    }

    @Test(arguments: SourceKindCase.all)
    func itRecordsWhatItWatches(_ c: SourceKindCase) throws {
        guard try c.runs() else { return }
        let f = try fixture(c, ["Buy milk"])
        _ = try f.items()
        let summary = try JSONParser.parse(String(contentsOfFile: f.h.summaryPath, encoding: .utf8))
        let record = try #require(summary["sources"]?.arrayValue?.first { $0["name"]?.stringValue == "src" })
        let watched = (record["watch"]?.arrayValue ?? []).compactMap { $0.arrayValue?.first?.stringValue }
        for path in c.watched {
            let full = f.root.appendingPathComponent(path).path
            #expect(watched.contains(full), "\(c): \(full) not in \(watched)")
        }
    }

    /// Each kind tminus writes itself is in the kill sweep (`Tests/reliability/reliability.py`),
    /// which kills every write of its `done` at each step and checks the file whole.
    @Test(arguments: SourceKindCase.all)
    func itsWritePathIsInTheKillSweep(_ c: SourceKindCase) throws {
        guard c.writable, c.ownsFiles, c.external == nil else { return }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("reliability/reliability.py")
        let text = try String(contentsOf: script, encoding: .utf8)
        #expect(text.contains("(\"\(c.sweep ?? "?")\","), "\(c): no kill-sweep entry \(c.sweep ?? "(none named)")")
    }
}

/// One source kind as the conformance suite runs it.
struct SourceKindCase: Sendable, CustomStringConvertible {
    var kind: SourceConfig.Kind
    /// The source's config object (named "src"), its paths under `~/`.
    var config: String
    /// Whether tminus writes `done` back (else it refuses, with nothing written): what the kind
    /// says (`SourceKindFacts.isWritable` in its file, the one place it is said).
    var writable: Bool { kind.isWritable }
    /// Whether tminus writes the files itself (Taskwarrior's are written by `task`).
    var ownsFiles = true
    /// The paths (relative to the home's root) its record must watch.
    var watched: [String]
    /// Its `done` entry's name in the kill sweep.
    var sweep: String?
    /// How many items make a big source.
    var many = 400
    /// A title no bar may act on, as the kind's own program lets one write it.
    var hostile = SourceKindConformanceTests.hostile
    /// A program it needs (`task`).
    var needs: String?
    /// Where it is tested instead (it needs a desktop service).
    var external: String?
    /// Writes the source's files, as another program writes them, holding todos titled `titles`.
    var write: @Sendable (SourcesFixture, [String]) throws -> Void

    var description: String { kind.rawValue }

    /// Whether it runs here (a missing program fails under `CI=1`).
    func runs() throws -> Bool {
        if external != nil { return false }
        if let needs, Needs.program(needs) == nil {
            if Needs.enforced { throw NeedsMissing(message: Needs.message(needs, install: "apt-get install \(needs)")) }
            return false
        }
        return true
    }

    struct NeedsMissing: Error { var message: String }

    /// An iCalendar text line's escapes (RFC 5545 TEXT).
    static func ics(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
            .replacingOccurrences(of: ";", with: "\\;")
    }

    /// A todo due on a day from the 11th to the 25th of March 2026.
    static func vtodo(_ i: Int, _ title: String) -> String {
        "BEGIN:VTODO\r\nUID:todo-\(i)\r\nDTSTAMP:20260301T100000Z\r\nSUMMARY:\(ics(title))\r\n"
            + "DUE:202603\(11 + i % 15)T120000Z\r\nEND:VTODO\r\n"
    }

    static let all: [SourceKindCase] = [
        SourceKindCase(
            kind: .vdir, config: #"{ "name": "src", "kind": "vdir", "path": "~/cal" }"#, watched: ["cal/tasks"],
            sweep: "done vdir",
            write: { f, titles in
                for (i, t) in titles.enumerated() {
                    try f.write(
                        "cal/tasks/\(i).ics",
                        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n" + vtodo(i, t) + "END:VCALENDAR\r\n")
                }
            }),
        SourceKindCase(
            kind: .ics, config: #"{ "name": "src", "kind": "ics", "path": "~/cal.ics" }"#, watched: ["cal.ics"],
            write: { f, titles in
                try f.write(
                    "cal.ics",
                    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n"
                        + titles.enumerated().map { vtodo($0.offset, $0.element) }.joined() + "END:VCALENDAR\r\n")
            }),
        SourceKindCase(
            kind: .todotxt, config: #"{ "name": "src", "kind": "todotxt", "path": "~/todo.txt" }"#,
            watched: ["todo.txt"], sweep: "done todo.txt",
            write: { f, titles in
                try f.write("todo.txt", titles.map { "(B) 2026-03-01 \($0) due:2026-03-12\n" }.joined())
            }),
        SourceKindCase(
            kind: .taskwarrior, config: #"{ "name": "src", "kind": "taskwarrior", "data": "~/task" }"#,
            ownsFiles: false, watched: ["task/pending.data"], many: 60,
            // (task takes no control characters.)
            hostile: "<b>Bold</b> & \u{202E}evil", needs: "task",
            write: { f, titles in
                let data = f.root.appendingPathComponent("task")
                try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
                try "data.location=\(data.path)\nconfirmation=off\nverbose=nothing\n".write(
                    to: f.root.appendingPathComponent(".taskrc"), atomically: false, encoding: .utf8)
                let tasks = titles.map { t in
                    JSONWriter.compact(
                        .object([
                            "description": .string(t), "status": .string("pending"),
                            "entry": .string("20260301T100000Z"), "due": .string("20260312T120000Z")
                        ]))
                }
                let p = Process()
                p.executableURL = URL(fileURLWithPath: Needs.program("task") ?? "/usr/bin/task")
                p.arguments = ["rc:" + f.root.appendingPathComponent(".taskrc").path, "import", "-"]
                let input = Pipe()
                p.standardInput = input
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                try p.run()
                input.fileHandleForWriting.write(Data(("[" + tasks.joined(separator: ",") + "]").utf8))
                try input.fileHandleForWriting.close()
                p.waitUntilExit()
            }),
        SourceKindCase(
            kind: .summary, config: #"{ "name": "src", "kind": "summary", "path": "~/phone.json" }"#,
            watched: ["phone.json"],
            write: { f, titles in
                let todos = titles.enumerated().map { i, t in
                    JSONValueText.todo(id: "t\(i)", handle: i + 1, title: t)
                }
                try f.write(
                    "phone.json",
                    #"{"format":"tminus-summary","version":1,"generated":"2026-03-10T11:00:00Z","sources":[{"name":"tminus","stamp":"2026-03-10T11:00:00Z","items":\#(titles.count)}],"tags":[],"deadlines":[],"todos":[\#(todos.joined(separator: ","))]}"#
                )
            }),
        SourceKindCase(
            kind: .org, config: #"{ "name": "src", "kind": "org", "path": "~/todo.org" }"#, watched: ["todo.org"],
            sweep: "done org",
            write: { f, titles in
                try f.write(
                    "todo.org",
                    "#+TITLE: Tasks\n" + titles.map { "* TODO \($0)\nDEADLINE: <2026-03-12 Thu>\n" }.joined())
            }),
        SourceKindCase(
            kind: .logseq, config: #"{ "name": "src", "kind": "logseq", "path": "~/graph" }"#,
            watched: ["graph/pages/Tasks.md"], sweep: "done logseq",
            write: { f, titles in
                try f.write("graph/logseq/config.edn", "{:preferred-workflow :todo}\n")
                try f.write("graph/pages/Tasks.md", titles.map { "- TODO \($0)\n" }.joined())
            }),
        SourceKindCase(
            kind: .obsidian, config: #"{ "name": "src", "kind": "obsidian", "path": "~/vault" }"#,
            watched: ["vault/Tasks.md"], sweep: "done obsidian",
            write: { f, titles in
                try f.write("vault/Tasks.md", "# Tasks\n" + titles.map { "- [ ] \($0) 📅 2026-03-12\n" }.joined())
            }),
        SourceKindCase(
            kind: .gnome, config: #"{ "name": "src", "kind": "gnome" }"#, watched: [],
            external: "Tests/gnome/run.sh (Evolution Data Server on a private session bus)", write: { _, _ in })
    ]
}

/// A summary's todo as another program writes it.
enum JSONValueText {
    static func todo(id: String, handle: Int, title: String) -> String {
        JSONWriter.compact(
            .object([
                "id": .string(id), "handle": .int(handle), "title": .string(title), "due": .string("2026-03-12")
            ]))
    }
}
