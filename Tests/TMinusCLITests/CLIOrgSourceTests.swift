import Foundation
import Testing

/// An Org file (or a folder of them) as a source: its TODO headings and deadlines listed and in
/// the bar, and done, undo, edit, rm and --to written as Org writes them, every other byte kept.
/// (Emacs itself is the oracle for the bytes of done and undo: Tests/interop/org.sh.)
@Suite("CLI: Org sources")
struct CLIOrgSourceTests {
    /// Relative to the tests' now, Tuesday 2026-03-10 13:00 in Berlin.
    static let org = """
        #+STARTUP: logdone
        * Reading list
        Nothing to do here.
        * TODO [#A] File taxes :money:
        DEADLINE: <2026-03-12 Thu 17:00 -2d>
        The forms are in the drawer.
        * TODO Water plants
        SCHEDULED: <2026-03-09 Mon +1w>
        * DONE Old chore
        CLOSED: [2026-03-01 Sun 10:00]
        * Dentist <2026-03-11 Wed 09:00-10:00>

        """

    static func home(_ path: String = "~/todo.org") throws -> SourcesFixture {
        try CLISourceCapTests.home(sources: #"{ "name": "org", "kind": "org", "path": "\#(path)" }"#)
    }

    @Test func itsHeadingsAreListedAndTheBarCountsDownToItsDeadline() throws {
        let f = try Self.home()
        try f.write("todo.org", Self.org)
        let items = try f.items()
        #expect(Set(items.keys) == ["File taxes", "Water plants", "Dentist"], "\(items.keys)")
        let taxes = try #require(items["File taxes"])
        #expect(taxes["kind"]?.stringValue == "deadline" && taxes["due"]?.stringValue == "2026-03-12T17:00:00+01:00")
        #expect(taxes["priority"]?.stringValue == "high" && taxes["tag"]?.stringValue == "money")
        #expect(taxes["note"]?.stringValue == "The forms are in the drawer.")
        #expect(taxes["remind"]?.stringValue == "2026-03-10T00:00:00+01:00", "the warning period -2d")
        #expect(
            items["Water plants"]?["kind"]?.stringValue == "todo"
                && items["Water plants"]?["due"]?.stringValue == "2026-03-09")
        #expect(items["Dentist"]?["kind"]?.stringValue == "deadline")
        let show = try f.h.ok(["show", "--format", "json"], now: "2026-03-11T10:00:00Z").stdout
        #expect(show.contains("\"title\":\"File taxes\""), "\(show)")
        #expect(try f.h.ok("sources").stdout.contains("3 open items"))
    }

    @Test func doneUndoEditAndRmChangeTheirEntryOnly() throws {
        let f = try Self.home()
        try f.write("todo.org", Self.org)
        let items = try f.items()
        let taxes = try #require(items["File taxes"]?["handle"]?.intValue)
        let plants = try #require(items["Water plants"]?["handle"]?.intValue)
        #expect(try f.h.ok("done", String(taxes)).stdout == "done #\(taxes) File taxes (in org)\n")
        let heading = "* DONE [#A] File taxes" + String(repeating: " ", count: 77 - 22 - 7) + ":money:"
        #expect(
            f.text("todo.org")
                == Self.org.replacingOccurrences(
                    of: "* TODO [#A] File taxes :money:\nDEADLINE:",
                    with: heading + "\nCLOSED: [2026-03-10 Tue 13:00] DEADLINE:"))
        try f.h.ok("undo", String(taxes))
        let undone = "* TODO [#A] File taxes" + String(repeating: " ", count: 77 - 22 - 7) + ":money:"
        #expect(f.text("todo.org") == Self.org.replacingOccurrences(of: "* TODO [#A] File taxes :money:", with: undone))
        // A repeater: the keyword stays, the stamp moves, Org's LAST_REPEAT and state line.
        try f.h.ok("done", String(plants))
        #expect(
            f.text("todo.org").contains(
                "* TODO Water plants\nSCHEDULED: <2026-03-16 Mon +1w>\n:PROPERTIES:\n:LAST_REPEAT: [2026-03-10 Tue 13:00]\n:END:\n- State \"DONE\"       from \"TODO\"       [2026-03-10 Tue 13:00]\n* DONE Old chore"
            ))
        #expect(try f.items()["Water plants"]?["due"]?.stringValue == "2026-03-16")
        #expect(try f.items()["Water plants"]?["note"]?.stringValue == "", "Org's state line is its log, not the note")
        try f.h.ok("edit", String(taxes), "--title", "File the taxes", "--due", "2026-03-13")
        let after = try f.items()
        #expect(after["File the taxes"]?["handle"]?.intValue == taxes, "an edited heading keeps its handle")
        #expect(
            f.text("todo.org").contains("File the taxes")
                && f.text("todo.org").contains("DEADLINE: <2026-03-13 Fri -2d>"))
        try f.h.ok("rm", String(taxes))
        #expect(
            !f.text("todo.org").contains("taxes")
                && f.text("todo.org").hasPrefix(
                    "#+STARTUP: logdone\n* Reading list\nNothing to do here.\n* TODO Water plants\n")
        )
    }

    @Test func newItemsGoToTheFilesEnd() throws {
        let f = try Self.home()
        try f.write("todo.org", Self.org)
        try f.h.ok("add", "Submit thesis", "--due", "2026-03-20T17:00", "--to", "org")
        try f.h.ok("todo", "Buy stamps", "--due", "2026-03-12", "--priority", "low", "--to", "org")
        #expect(
            f.text("todo.org")
                == Self.org
                + "* TODO Submit thesis\nDEADLINE: <2026-03-20 Fri 17:00>\n* TODO [#C] Buy stamps\nSCHEDULED: <2026-03-12 Thu>\n"
        )
        let items = try f.items()
        #expect(
            items["Submit thesis"]?["kind"]?.stringValue == "deadline"
                && items["Buy stamps"]?["kind"]?.stringValue == "todo")
        let remind = try f.h.run("todo", "X", "--remind", "2026-03-11T09:00", "--to", "org")
        #expect(remind.status == 2 && remind.stderr.contains("cannot be kept in Org"), "\(remind)")
    }

    @Test func aFolderOfOrgFiles() throws {
        let f = try Self.home("~/org")
        try f.write("org/work.org", "* TODO Ship release\nDEADLINE: <2026-03-12 Thu>\n")
        try f.write("org/home.org", Self.org)
        try f.write("org/notes.txt", "* TODO Not read\n")
        try f.write("org/.hidden.org", "* TODO Not read either\n")
        let items = try f.items()
        #expect(Set(items.keys) == ["Ship release", "File taxes", "Water plants", "Dentist"], "\(items.keys)")
        let ship = try #require(items["Ship release"]?["handle"]?.intValue)
        try f.h.ok("done", String(ship))
        #expect(f.text("org/work.org") == "* DONE Ship release\nDEADLINE: <2026-03-12 Thu>\n")
        #expect(f.text("org/home.org") == Self.org)
        let add = try f.h.run("todo", "X", "--to", "org")
        #expect(add.status == 2 && add.stderr.contains("\"note\": \"inbox.org\""), "\(add)")
        #expect(f.text("org/work.org") == "* DONE Ship release\nDEADLINE: <2026-03-12 Thu>\n")
    }

    /// What Org's agenda does not show is not shown (stamps in blocks, fixed-width lines and
    /// =verbatim=, as Org's own agenda tests have them); a SCHEDULED time is kept; an event
    /// (no keyword) cannot be done, in one line, the file as it was.
    @Test func whatOrgsAgendaShowsAndAnEventCannotBeDone() throws {
        let f = try Self.home()
        let org = """
            * test agenda non-scheduled
            #+begin_src org
            SCHEDULED: <2026-03-11 Wed>
            #+end_src
            * colon scheduled entry
            : <2026-03-11 Wed>
            * begin_example entry
            #+BEGIN_EXAMPLE
            <2026-03-11 Wed 09:00>
            #+END_EXAMPLE
            * Timestamps
            Text =<2026-03-11 Wed>= here.
            * Real event
            <2026-03-11 Wed 10:00>
            * TODO At five
            SCHEDULED: <2026-03-12 Thu 17:00>

            """
        try f.write("todo.org", org)
        let items = try f.items()
        #expect(Set(items.keys) == ["Real event", "At five"], "\(items.keys)")
        #expect(items["At five"]?["due"]?.stringValue == "2026-03-12T17:00:00+01:00", "\(items["At five"] ?? .null)")
        let done = try f.h.run("done", "Real event")
        #expect(done.status == 2 && done.stderr.contains("is an Org event"), "\(done)")
        #expect(f.text("todo.org") == org)
    }

    /// New entries under the configured heading (Org's capture is the oracle for the bytes:
    /// Tests/interop/org.sh); in a folder, the file `note` names, made when missing.
    @Test func newItemsGoUnderTheConfiguredHeading() throws {
        let f = try CLISourceCapTests.home(
            sources: #"{ "name": "org", "kind": "org", "path": "~/org", "note": "inbox.org", "heading": "Inbox" }"#)
        try f.write("org/work.org", "* TODO Ship release\n")
        try f.h.ok("todo", "Buy stamps", "--due", "2026-03-12", "--to", "org")
        #expect(f.text("org/inbox.org") == "* Inbox\n** TODO Buy stamps\nSCHEDULED: <2026-03-12 Thu>\n")
        try f.write("org/inbox.org", "* Inbox\n** TODO Old\n* Someday\n** TODO Sail\n")
        try f.h.ok("add", "Submit thesis", "--due", "2026-03-20T17:00", "--to", "org")
        #expect(
            f.text("org/inbox.org")
                == "* Inbox\n** TODO Old\n** TODO Submit thesis\nDEADLINE: <2026-03-20 Fri 17:00>\n* Someday\n** TODO Sail\n"
        )
        let items = try f.items()
        #expect(items["Submit thesis"]?["kind"]?.stringValue == "deadline" && items["Sail"] != nil, "\(items.keys)")
        #expect(f.text("org/work.org") == "* TODO Ship release\n")
        // The keys belong to org sources; a file elsewhere is refused.
        for (entry, says) in [
            (
                #"{ "name": "t", "kind": "todotxt", "path": "~/todo.txt", "heading": "Inbox" }"#,
                "applies to org sources only"
            ),
            (#"{ "name": "o", "kind": "org", "path": "~/org", "note": "../x.org" }"#, "must name an .org file")
        ] {
            try f.write("config/tminus/config.json", "{ \"sources\": [ \(entry) ] }")
            let r = try f.h.run("todo", "X", "--to", entry.contains("todotxt") ? "t" : "o")
            #expect(r.status != 0 && r.stderr.contains(says), "\(r)")
        }
    }

    /// A 15 MB file of headings (and a line of 2 MB without a break, and bytes that are not
    /// UTF-8) costs what the cap shows; a folder's file over 16 MB is said and the others read.
    @Test func hugeAndHostileFilesAreBounded() throws {
        let f = try CLISourceCapTests.home(
            sources:
                #"{ "name": "org", "kind": "org", "path": "~/big.org", "maxItems": 3 }, { "name": "dir", "kind": "org", "path": "~/dir" }"#
        )
        var text = "* TODO Soonest\nDEADLINE: <2026-03-11 Wed>\n" + String(repeating: "x", count: 2 << 20) + "\n"
        let entry = "* TODO Later one\nDEADLINE: <2027-01-01 Fri>\nbody \u{202E}text\n"
        text += String(repeating: entry, count: (15 << 20) / entry.utf8.count)
        var bytes = Data(text.utf8)
        bytes.append(contentsOf: [0x2A, 0x20, 0x54, 0x4F, 0x44, 0x4F, 0x20, 0xFF, 0xFE, 0x0A])
        try bytes.write(to: f.root.appendingPathComponent("big.org"))
        try f.write("dir/huge.org", String(repeating: "* TODO Too big\n", count: (17 << 20) / 15))
        try f.write("dir/small.org", "* TODO Small one\n")
        let list = try f.h.run(["list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains("\"Soonest\"") && list.stdout.contains("\"Small one\"")
                && !list.stdout.contains("Too big"))
        let sources = try f.h.run("sources")
        #expect(sources.stdout.contains("the 3 nearest now are shown"), "\(sources)")
        #expect(sources.stdout.contains("huge.org"), "\(sources)")
    }
}
