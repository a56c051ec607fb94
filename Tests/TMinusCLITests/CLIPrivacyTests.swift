import Foundation
import Testing
import TMinusRender
@testable import TMinusCLI

/// `tminus privacy`: while on, no title or note reaches any format, family, timeline or
/// notification; off, they are back.
@Suite("CLI: private mode")
struct CLIPrivacyTests {
    static let secrets = ["Secret thesis", "Secret call", "Secret note", "Secret todo"]

    func home() throws -> TempHome {
        let h = try TempHome()
        try h.ok("add", "Secret thesis", "--due", "+30m", "--tag", "study", "--note", "Secret note")
        try h.ok("add", "Secret call", "--due", "+3d")
        try h.ok("todo", "Secret todo", "--due", "today")
        return h
    }

    func leaks(_ text: String) -> [String] { Self.secrets.filter { text.contains($0) } }

    @Test func noTitleInAnyFormatFamilyOrTimeline() throws {
        let h = try home()
        #expect(h.inProcess(["privacy", "on"]).stdout.contains("private mode on"))
        #expect(h.inProcess(["privacy"]).stdout.contains("private mode on"))
        for format in Renderers.all.map(\.format) {
            for family in ["small", "medium", "large"] {
                let out = h.inProcess(["show", "--format", format, "--family", family])
                #expect(
                    out.status == 0 || (format == "i3blocks" && out.status == 33), "\(format) \(family): \(out.stderr)")
                #expect(leaks(out.stdout).isEmpty, "\(format) \(family) shows \(leaks(out.stdout))")
            }
        }
        // The deadline is still there, by its tag; the one without a tag is "busy".
        #expect(h.inProcess(["show", "--format", "plain"]).stdout.hasPrefix("study 30:00"))
        #expect(h.inProcess(["show", "--format", "plain", "--deadline", "Secret call"]).stdout.hasPrefix("busy 3d"))
        let timeline = try h.ok(["timeline", "--until", "2026-03-10T13:00:00Z"])
        #expect(leaks(timeline.stdout).isEmpty && timeline.stdout.contains("\"title\":\"study\""))
        // Off: the titles are back.
        #expect(h.inProcess(["privacy", "toggle"]).stdout.contains("private mode off"))
        #expect(h.inProcess(["show", "--format", "plain"]).stdout.hasPrefix("Secret thesis 30:00"))
    }

    /// What `privacy watch` writes while the screen is shared hides titles as private mode does,
    /// in every format and family and the timeline; `privacy off` ends it.
    @Test func aSharedScreenHidesEveryTitle() throws {
        let h = try home()
        try #"{ "version": 1, "screencast": true }"#.write(
            to: h.home.appendingPathComponent("state.json"), atomically: false, encoding: .utf8)
        #expect(h.inProcess(["privacy"]).stdout.contains("while the screen is shared"))
        for format in Renderers.all.map(\.format) {
            for family in ["small", "medium", "large"] {
                let out = h.inProcess(["show", "--format", format, "--family", family])
                #expect(leaks(out.stdout).isEmpty, "\(format) \(family) shows \(leaks(out.stdout))")
            }
        }
        #expect(leaks(try h.ok(["timeline", "--until", "2026-03-10T13:00:00Z"]).stdout).isEmpty)
        // A click keeps it; off ends it.
        _ = h.inProcess(["next", "--reset"])
        #expect(h.inProcess(["show", "--format", "plain"]).stdout.hasPrefix("study 30:00"))
        #expect(h.inProcess(["privacy", "off"]).stdout.contains("private mode off"))
        #expect(h.inProcess(["show", "--format", "plain"]).stdout.hasPrefix("Secret thesis 30:00"))
    }

    /// Without PipeWire's pw-dump, watch says what to install, exits 1 and hides nothing. (A
    /// spawned run: the watch blocks signals for its signalfd, which a test process must not.)
    @Test func watchWithoutPwDumpSaysWhatToInstall() throws {
        let h = try home()
        let out = try h.run(["privacy", "watch"], env: ["PATH": h.root.path])
        #expect(out.status == 1 && out.stderr.contains("apt install pipewire-bin"), "\(out)")
        #expect(out.stderr.split(separator: "\n").count == 1 && out.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: h.home.appendingPathComponent("state.json").path))
    }

    /// PipeWire node names are any program's text: the watch's line shows a few, clean and short.
    @Test func nodeNamesAreShownCleanAndBounded() {
        let hostile = "\u{1B}]0;pwned\u{7}xdpw\u{202E}evil\n" + String(repeating: "x", count: 10_000)
        let line = PrivacyCommand.shown([hostile] + (1...8).map { "node\($0)" }, .english)
        #expect(
            !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" },
            "\(line.debugDescription)")
        #expect(line.count < 200 && line.hasSuffix("and 4 more"), "\(line)")
    }

    @Test func aClickKeepsPrivateMode() throws {
        let h = try home()
        _ = h.inProcess(["privacy", "on"])
        _ = h.inProcess(["next"])
        _ = h.inProcess(["next", "--reset"])
        #expect(h.inProcess(["privacy"]).stdout.contains("private mode on"))
        #expect(leaks(h.inProcess(["show", "--format", "waybar"]).stdout).isEmpty)
    }

    @Test func badArgumentsWriteNothing() throws {
        let h = try home()
        let out = h.inProcess(["privacy", "maybe"])
        #expect(out.status == 2 && out.stderr.contains("on, off, toggle or watch"))
        #expect(!FileManager.default.fileExists(atPath: h.home.appendingPathComponent("state.json").path))
    }

    /// A running follower shows the change within a second, both ways.
    @Test func aFollowerFollowsAtOnce() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "Secret thesis", "--due", "+30m", "--tag", "study")
        let f = try Follower(h, ["--format", "waybar"])
        try #require(f.waitFor("Secret thesis") != nil)
        let before = f.lines.count
        try h.ok("privacy", "on")
        #expect(f.waitFor("\"text\":\"study ", after: before, timeout: 1.5) != nil, "\(f.lines.suffix(3))")
        let hidden = f.lines.count
        try h.ok("privacy", "off")
        #expect(f.waitFor("Secret thesis", after: hidden, timeout: 1.5) != nil)
        f.stop()
    }
}
