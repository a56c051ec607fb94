import Foundation
import TMinusTestSupport
import Testing
import TMinusCore

/// A link that adds asks first: a web page's `tminus://add` link used to add a deadline and a
/// reminder with one click on the desktop handler.
@Suite("CLI: links ask before adding")
struct CLILinkAskTests {
    static let link =
        "tminus://add?kind=deadline&title=Renew%20your%20password%20at%20evil.example&due=2026-03-20&tag=it"

    /// A PATH with stand-ins: gdbus answers that the server has buttons, notify-send prints its
    /// id and then `choice` (what the user clicked; empty: closed), logging its arguments.
    static func desktop(_ h: TempHome, choice: String?) throws -> [String: String] {
        let bin = h.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        var tools: [String: String] = [:]
        if let choice {
            tools["gdbus"] = "#!/bin/sh\necho \"(['actions', 'body', 'body-markup'],)\"\n"
            tools["notify-send"] =
                "#!/bin/sh\nfor a in \"$@\"; do printf '%s|' \"$a\"; done >> '\(h.root.path)/asked.log'\necho >> '\(h.root.path)/asked.log'\necho 7\n"
                + (choice.isEmpty ? "" : "/bin/sleep 0.2\necho \(choice)\n")
        }
        for (name, text) in tools {
            let url = bin.appendingPathComponent(name)
            try text.write(to: url, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        // stdbuf (coreutils) stays reachable; nothing else from the machine's desktop.
        let stdbuf = bin.appendingPathComponent("stdbuf")
        if !FileManager.default.fileExists(atPath: stdbuf.path) {
            try FileManager.default.createSymbolicLink(atPath: stdbuf.path, withDestinationPath: "/usr/bin/stdbuf")
        }
        return ["PATH": bin.path, "DISPLAY": ":99"]
    }

    @Test func theDesktopHandlerAddsOnlyAfterAdd() throws {
        let h = try TempHome()
        var env = try Self.desktop(h, choice: "dismiss")
        let dismissed = try h.run(["open", "--notify", Self.link], env: env)
        #expect(dismissed.status == 0 && dismissed.stdout.contains("not added"), "\(dismissed)")
        #expect(!FileManager.default.fileExists(atPath: h.storePath), "a dismissed link wrote the store")
        let asked = (try? String(contentsOf: h.root.appendingPathComponent("asked.log"), encoding: .utf8)) ?? ""
        #expect(
            asked.contains("--action=add=Add|--action=dismiss=Dismiss|")
                && asked.contains("Add? Deadline: Renew your password at evil.example|"), "\(asked)")
        #expect(asked.contains("tag it"), "\(asked)")

        env = try Self.desktop(h, choice: "add")
        let added = try h.run(["open", "--notify", Self.link], env: env)
        #expect(added.status == 0 && added.stdout.contains("added deadline #1"), "\(added)")
        // Clicked again, or the page opened the link again: still one item.
        let again = try h.run(["open", "--notify", Self.link], env: env)
        #expect(again.stdout.contains("already there: #1"), "\(again)")
        let items = try h.list([])
        #expect(items.count == 1 && items.first?["via"]?.stringValue == "link")
        #expect(try h.run("list").stdout.contains("[from a link]"))
    }

    /// No server with buttons and no dialog (a bare session): nothing is added, the store stays as
    /// it was, and one line says how to add it from a terminal.
    @Test func whereItCannotAskItAddsNothing() throws {
        let h = try TempHome()
        try h.ok("todo", "Mine")
        let before = h.bytes("store.json")
        let env = try Self.desktop(h, choice: nil)
        let r = try h.run(["open", "--notify", Self.link], env: env)
        #expect(
            r.status == 1 && r.stderr.contains("added nothing")
                && r.stderr.contains("tminus open --yes 'tminus://add?"), "\(r)")
        #expect(h.bytes("store.json") == before)
        // --yes and a script without a terminal add as before.
        #expect(try h.run(["open", "--yes", Self.link]).stdout.contains("added deadline"))
    }

    /// Without notification buttons, a dialog asks where one is installed (zenity here): its yes
    /// adds, its no adds nothing. (DISPLAY must reach tminus: it used to be dropped with the
    /// environment tminus does not read, so the dialog was never tried.)
    @Test func aDialogAsksWhereNotificationsCannot() throws {
        let h = try TempHome()
        let env = try Self.desktop(h, choice: nil)
        let zenity = h.root.appendingPathComponent("bin/zenity")
        for (status, adds) in [(1, false), (0, true)] {
            try "#!/bin/sh\nprintf '%s|' \"$@\" >> '\(h.root.path)/zenity.log'\nexit \(status)\n".write(
                to: zenity, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zenity.path)
            let r = try h.run(["open", "--notify", Self.link], env: env)
            #expect(r.status == 0 && r.stdout.contains("added deadline") == adds, "\(r)")
        }
        let asked = (try? String(contentsOf: h.root.appendingPathComponent("zenity.log"), encoding: .utf8)) ?? ""
        #expect(asked.contains("--question") && asked.contains("Renew your password at evil.example"), "\(asked)")
    }

    /// On a terminal it shows what would be added and asks y/N (through `script`, a terminal).
    @Test(.enabled(if: Needs.runs(with: "script"), "needs script(1) (apt-get install bsdutils)"))
    func aTerminalAsks() throws {
        let h = try TempHome()
        for (answer, adds) in [("n", false), ("y", true)] {
            let command = "\(TminusBinary.path) --home '\(h.home.path)' --now \(h.now) open '\(Self.link)'"
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            p.arguments = ["-qec", command, "/dev/null"]
            p.environment = h.environment(tz: nil, extra: [:])
            let input = Pipe(), output = Pipe()
            p.standardInput = input
            p.standardOutput = output
            let seen = Locked(Data())
            output.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                seen.update { $0.append(data) }
            }
            try p.run()
            // (Answered once it asks: the question is on the terminal.)
            func asked() -> Bool { String(decoding: seen.value, as: UTF8.self).contains("Add it? [y/N]") }
            waitUntil(asked)
            try #require(asked(), "tminus never asked: \(String(decoding: seen.value, as: UTF8.self))")
            input.fileHandleForWriting.write(Data("\(answer)\n".utf8))
            p.waitUntilExit()
            output.fileHandleForReading.readabilityHandler = nil
            seen.update { $0.append(output.fileHandleForReading.readDataToEndOfFile()) }
            let text = String(decoding: seen.value, as: UTF8.self)
            #expect(text.contains("This tminus:// link would add:") && text.contains("Add it? [y/N]"), "\(text)")
            #expect(text.contains("added deadline") == adds, "\(answer): \(text)")
        }
    }
}
