import Foundation
import Testing
import TMinusTestSupport
@testable import TMinusCLI
import TMinusApp
import TMinusCore
import TMinusRender

/// The command table drives dispatch, help, completions and the man page: each sees every
/// command, option and format, so adding one is one edit.
@Suite("CLI: the command table")
struct CommandTableTests {
    /// `man tminus` on a fresh account (LANG=C: groff renders for ASCII) prints no warning, and
    /// what it shows keeps every character's meaning (`%{F#...}`, not `%{F#}`). CI installs groff.
    @Test(
        .enabled(
            if: Needs.runs(with: "groff"),
            Comment(rawValue: Needs.message("groff", install: "apt-get install groff-base"))))
    func theManPageRendersCleanUnderTheCLocale() throws {
        let groff = try #require(Needs.program("groff"), "groff is not installed (apt-get install groff-base)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: groff)
        p.arguments = ["-ww", "-man", "-Tascii"]
        p.environment = ["LANG": "C", "PATH": "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = errors
        try p.run()
        input.fileHandleForWriting.write(Data(ManPage.text.utf8))
        try input.fileHandleForWriting.close()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(warnings.isEmpty, "groff under LANG=C: \(warnings)")
        #expect(shown.contains("%{F#...}"))
    }

    /// Dispatch asks every command line for an early answer; only `show` has one, and it answers
    /// only a poll it may keep (the kept answer itself: `CLIWidgetCacheTests`, a spawned binary).
    /// The others run as usual without their request even being made.
    @Test func onlyABarsKeepablePollIsAnsweredEarly() {
        func request(_ args: [String], _ environment: Environment) -> EarlyRequest {
            EarlyRequest(
                arguments: ["tminus", "show"] + args, args: args, environment: environment, clock: { Instant(0) },
                console: Console(), finish: nil)
        }
        #expect(Specs.show.name == ShowCommand.name)
        for name in CommandTable.names where name != "show" {
            let answer = CommandTable.early(
                name,
                { () -> EarlyRequest in
                    Issue.record("\(name)'s request was made")
                    return request([], [:])
                }())
            guard case .run = answer else {
                Issue.record("\(name) answered early")
                continue
            }
        }
        let folder: Environment = ["XDG_RUNTIME_DIR": "/nonexistent-runtime"]
        for (args, environment) in [
            ([], [:]),  // nowhere to keep outputs
            (["--follow"], folder), (["--format", "i3blocks"], ["XDG_RUNTIME_DIR": "/x", "button": "1"]),
            (["--help"], folder)
        ] as [([String], Environment)] {
            guard case .run = CommandTable.early("show", request(args, environment)) else {
                Issue.record("show \(args) answered early")
                continue
            }
        }
    }

    @Test func namesAreUniqueAndEveryCommandRuns() {
        let names = CommandTable.names
        #expect(Set(names).count == names.count)
        for c in CommandTable.all {
            #expect(c.run != nil, "\(c.name) has no run")
            #expect(CommandTable.groups.contains(c.group), "\(c.name): group \(c.group)")
            let options = c.options.map(\.name) + c.subcommands.flatMap { $0.options.map(\.name) }
            let page = Help.page(c)
            for o in options { #expect(page.contains("--\(o)"), "\(c.name) --help lacks --\(o)") }
            #expect(Help.overview.contains("  \(c.name)"), "the overview lacks \(c.name)")
        }
    }

    @Test func everyOptionAParserTakesIsInTheCompletionsAndTheManPage() {
        let bash = Completions.bash, zsh = Completions.zsh, fish = Completions.fish, man = ManPage.text
        for c in CommandTable.all {
            #expect(man.contains("tminus \(ManPage.roff(c.name))"), "man lacks \(c.name)")
            for name in [c.name] + c.aliases {
                #expect(bash.contains("'\(name)')"), "bash lacks \(name)")
                #expect(zsh.contains("'\(name):"), "zsh lacks \(name)")
                #expect(fish.contains("-a '\(name)'"), "fish lacks \(name)")
            }
            for o in c.options + c.subcommands.flatMap(\.options) {
                #expect(bash.contains("--\(o.name)"), "bash lacks \(c.name) --\(o.name)")
                #expect(zsh.contains("'--\(o.name)["), "zsh lacks \(c.name) --\(o.name)")
                #expect(fish.contains("-l \(o.name) "), "fish lacks \(c.name) --\(o.name)")
                #expect(man.contains("\\fB\\-\\-\(ManPage.roff(o.name))\\fR"), "man lacks \(c.name) --\(o.name)")
            }
        }
    }

    /// Every renderer in `Renderers.all` is a `--format`: offered by completion, on the man page and
    /// in `show --help`, under a name of its own.
    @Test func everyFormatIsOfferedAndDocumented() {
        let formats = Renderers.all.map(\.format)
        #expect(Set(formats).count == formats.count, "two renderers share a format name: \(formats)")
        let show = CommandTable.spec("show")
        #expect(show.options.first { $0.name == "format" }?.complete == .words(formats))
        for f in formats {
            #expect(Completions.fish.contains(f) && Completions.zsh.contains(f) && Completions.bash.contains(f))
            #expect(ManPage.text.contains("\\fB\(ManPage.roff(f))\\fR"), "man lacks the format \(f)")
            #expect(Help.page(show).contains(f))
        }
    }

    @Test func bashCompletesCommandsOptionsAndFormats() throws {
        let h = try TempHome()
        let script = h.root.appendingPathComponent("tminus.bash")
        try Completions.bash.write(to: script, atomically: false, encoding: .utf8)
        func complete(_ words: [String]) throws -> [String] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            p.arguments = [
                "--norc", "-c",
                "source '\(script.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _tminus; printf '%s\\n' \"${COMPREPLY[@]}\""
            ]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            p.waitUntilExit()
            return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
                separator: "\n"
            ).map(String.init)
        }
        #expect(
            try complete(["tminus", "sh"]) == ["show", "share"]
                || complete(["tminus", "sh"]).sorted() == ["share", "show"])
        #expect(try complete(["tminus", "show", "--fo"]) == ["--format", "--follow"])
        #expect(try complete(["tminus", "show", "--format", "wa"]) == ["waybar"])
        #expect(try complete(["tminus", "--home", "/tmp", "tag", ""]) == ["add", "list", "edit", "rm"])
        #expect(try complete(["tminus", "tag", "add", "--c"]) == ["--color"])
        #expect(try complete(["tminus", "todo", "x", "--priority", ""]) == ["high", "medium", "low", "none"])
        #expect(try complete(["tminus", "completions", ""]) == ["bash", "zsh", "fish"])
    }
}
