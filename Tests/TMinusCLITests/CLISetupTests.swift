import Foundation
import TMinusCore
import TMinusRender
import TMinusTestSupport
import Testing

/// `tminus setup BAR`: the snippet with the binary's path and the config's numbers, and `--write`,
/// which changes a bar's config only by appending after a backup, or creates a missing one.
@Suite("CLI: setup")
struct CLISetupTests {
    let bin = ["--binary", "/opt/tminus/bin/tminus"]

    func configFile(_ h: TempHome, _ relative: String) -> URL {
        h.root.appendingPathComponent("config/" + relative)
    }

    @Test func printsTheSnippetWithThePathAndSaysWhereToPasteIt() throws {
        let h = try TempHome()
        let out = h.inProcess(["setup", "i3blocks"] + bin)
        #expect(out.status == 0)
        #expect(out.stdout.contains("command=/opt/tminus/bin/tminus show --format i3blocks\n"))
        #expect(out.stdout.contains("signal=10\n"))
        // Where to paste goes to stderr, so `tminus setup i3blocks >> FILE` appends only the snippet.
        #expect(out.stderr.contains("~/config/i3blocks/config"), "\(out.stderr)")
        #expect(out.stderr.contains("\"signals\": {\"i3blocks\": 10}"))
        #expect(!FileManager.default.fileExists(atPath: configFile(h, "i3blocks/config").path))
    }

    @Test func signalNumbersAndColoursComeFromTheConfig() throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: configFile(h, "tminus"), withIntermediateDirectories: true)
        try ##"{"signals": {"i3blocks": 12}, "colors": {"critical": "#ff0000"}}"##.write(
            to: configFile(h, "tminus/config.json"), atomically: false, encoding: .utf8)
        let i3blocks = h.inProcess(["setup", "i3blocks"] + bin)
        #expect(i3blocks.stdout.contains("signal=12\n") && !i3blocks.stderr.contains("add \"signals\""), "\(i3blocks)")
        let yambar = h.inProcess(["setup", "yambar"] + bin)
        #expect(
            yambar.stdout.contains("state == critical: {string: {text: \"{text}\", foreground: ff0000ff}}"),
            "\(yambar.stdout)")
        #expect(yambar.stdout.contains("path: /opt/tminus/bin/tminus\n"))
    }

    @Test func writeCreatesAMissingConfigWhole() throws {
        let h = try TempHome()
        for (bar, file) in [
            ("waybar", "waybar/config.jsonc"), ("yambar", "yambar/config.yml"), ("xmobar", "xmobar/xmobarrc"),
            ("i3blocks", "i3blocks/config"), ("conky", "conky/conky.conf")
        ] {
            let out = h.inProcess(["setup", bar, "--write"] + bin)
            #expect(out.status == 0, "\(bar): \(out.stderr)")
            let text = try String(contentsOf: configFile(h, file), encoding: .utf8)
            let full = h.inProcess(["setup", bar, "--full"] + bin).stdout
            #expect(text == full, "\(bar)")
            #expect(text.contains("/opt/tminus/bin/tminus"))
        }
    }

    @Test func writeAppendsAfterABackupAndKeepsTheRestByteForByte() throws {
        let h = try TempHome()
        let file = configFile(h, "polybar/config.ini")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let mine = "[bar/main]\nmodules-right = date\n; no newline at the end"
        try mine.write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let out = h.inProcess(["setup", "polybar", "--write"] + bin)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("backup: ~/config/polybar/config.ini.tminus-backup"), "\(out.stdout)")
        let text = try String(contentsOf: file, encoding: .utf8)
        let snippet = h.inProcess(["setup", "polybar"] + bin).stdout
        #expect(text == mine + "\n\n" + snippet)
        #expect(try String(contentsOf: URL(fileURLWithPath: file.path + ".tminus-backup"), encoding: .utf8) == mine)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // Again: already set up, nothing written, no second backup.
        let again = h.inProcess(["setup", "polybar", "--write"] + bin)
        #expect(again.status == 0 && again.stdout.contains("nothing written"))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: file.path + ".tminus-backup.2"))
    }

    @Test func aFileThatCannotTakeABlockIsLeftAlone() throws {
        let h = try TempHome()
        let waybar = configFile(h, "waybar/config")
        try FileManager.default.createDirectory(
            at: waybar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "{\"modules-right\": [\"clock\"]}\n".write(to: waybar, atomically: false, encoding: .utf8)
        let out = h.inProcess(["setup", "waybar", "--write"] + bin)
        #expect(out.status == 2)
        #expect(out.stderr.contains("~/config/waybar/config exists") && out.stderr.contains("paste"), "\(out.stderr)")
        #expect(try String(contentsOf: waybar, encoding: .utf8) == "{\"modules-right\": [\"clock\"]}\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: waybar.deletingLastPathComponent().path) == ["config"])
        // sway's and i3's config is the window manager's: never written, also when missing.
        let sway = h.inProcess(["setup", "sway", "--write"] + bin)
        #expect(sway.status == 2 && sway.stderr.contains("does not write"))
        #expect(!FileManager.default.fileExists(atPath: configFile(h, "sway").path))
    }

    @Test func badInputIsOneLineAndWritesNothing() throws {
        let h = try TempHome()
        for args in [
            ["setup", "lemonbar"], ["setup", "waybar", "--binary", "/tmp/a b/tminus"],
            ["setup", "waybar", "--binary", "/x/$(touch y)"], ["setup", "waybar", "--write", "--full"],
            ["setup", "waybar", "polybar"]
        ] {
            let out = h.inProcess(args)
            #expect(out.status == 2, "\(args)")
            #expect(out.stderr.split(separator: "\n").count == 1, "\(args): \(out.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: h.root.appendingPathComponent("config").path))
    }

    @Test func withoutABarItListsThem() throws {
        let h = try TempHome()
        let out = h.inProcess(["setup"])
        #expect(out.status == 0)
        for bar in BarSetup.all { #expect(out.stdout.contains(bar.name + " ")) }
    }

    /// Spawned: the path is the binary as it was run (a symlink stays: stable across rebuilds).
    @Test func theDefaultPathIsThisBinary() throws {
        let h = try TempHome()
        let out = try h.spawn(["setup", "conky"])
        #expect(out.status == 0)
        #expect(out.stdout == "${execpi 1 \(TminusBinary.path) show --format conky}\n", "\(out.stdout)")
    }

    /// A desktop's catalogs under `locale`: a .mo file in `domain` for every built-in language,
    /// German's read back by Python's gettext with the desktops' words in it.
    func expectCatalogs(in locale: URL, domain: String) throws {
        for code in Catalog.codes {
            let mo = locale.appendingPathComponent("\(code)/LC_MESSAGES/\(domain).mo").path
            #expect(FileManager.default.fileExists(atPath: mo), "\(mo)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: locale.path).sorted() == Catalog.codes.sorted())
        guard Needs.runs(with: "python3") else { return }
        let de = try GettextReader.python(locale.appendingPathComponent("de/LC_MESSAGES/\(domain).mo").path)
        #expect(de.catalog["Today"] == "Heute", "\(de.catalog)")
        // (The desktops' own words, from the same catalogs: the menu's first entry.)
        #expect(de.catalog["Next deadline"] == "Nächste Frist", "\(de.catalog)")
        #expect(de.catalog[""]?.contains("Plural-Forms: nplurals=2; plural=(n != 1);\n") == true)
    }

    /// gnome: the extension's files for the GNOME asked for, this binary named in metadata.json,
    /// its words in every built-in language (locale/, its gettext-domain tminus).
    @Test func gnomeInstallsTheExtensionForItsVersion() throws {
        let h = try TempHome()
        let data = h.root.appendingPathComponent("data")
        let dir = data.appendingPathComponent("gnome-shell/extensions/tminus@tminus.github.io")
        let integration = TminusBinary.packageRoot.appendingPathComponent("integrations/gnome-shell")
        for (version, flavor, versions) in [("46", "45", "\"45\""), ("43.9", "43", "\"43\"")] {
            let out = h.inProcess(
                ["setup", "gnome", "--shell-version", version] + bin, env: ["XDG_DATA_HOME": data.path])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("gnome-extensions enable tminus@tminus.github.io"))
            // GNOME's own calendars are offered as a source, until the config has one.
            #expect(out.stderr.contains(#"{ "name": "gnome", "kind": "gnome" } in "sources""#), "\(out.stderr)")
            #expect(
                try Data(contentsOf: dir.appendingPathComponent("extension.js"))
                    == Data(contentsOf: integration.appendingPathComponent("extension-\(flavor).js")))
            for same in ["indicator.js", "stylesheet.css"] {
                #expect(
                    try Data(contentsOf: dir.appendingPathComponent(same))
                        == Data(contentsOf: integration.appendingPathComponent(same)))
            }
            let metadata = try String(contentsOf: dir.appendingPathComponent("metadata.json"), encoding: .utf8)
            #expect(
                metadata.contains(versions) && metadata.contains("\"tminus-binary\": \"/opt/tminus/bin/tminus\""),
                "\(metadata)")
            #expect(metadata.contains("\"gettext-domain\": \"tminus\""), "\(metadata)")
            try expectCatalogs(in: dir.appendingPathComponent("locale"), domain: "tminus")
        }
        try h.writeConfig(#"{ "sources": [ { "name": "desk", "kind": "gnome" } ] }"#)
        let again = h.inProcess(["setup", "gnome", "--shell-version", "46"] + bin, env: ["XDG_DATA_HOME": data.path])
        #expect(again.status == 0 && !again.stderr.contains("\"kind\": \"gnome\""), "\(again.stderr)")
        for bad in ["42", "x"] {
            let out = h.inProcess(
                ["setup", "gnome", "--shell-version", bad] + bin,
                env: ["XDG_DATA_HOME": h.root.appendingPathComponent("other").path])
            #expect(out.status == 2 && out.stderr.split(separator: "\n").count == 1, "\(bad): \(out.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: h.root.appendingPathComponent("other").path))
    }

    /// plasma: without kpackagetool, the applet for the Plasma asked for is copied where it would
    /// put it, this binary named.
    @Test(arguments: [("5", "integrations/plasma"), ("6", "integrations/plasma6")])
    func plasmaInstallsTheApplet(version: String, folder: String) throws {
        let h = try TempHome()
        let data = h.root.appendingPathComponent("data")
        let out = h.inProcess(
            ["setup", "plasma", "--plasma-version", version] + bin,
            env: ["XDG_DATA_HOME": data.path, "PATH": "/nonexistent"])
        #expect(out.status == 0, "\(out.stderr)")
        let dir = data.appendingPathComponent("plasma/plasmoids/org.tminus.countdown")
        let qml = try String(contentsOf: dir.appendingPathComponent("contents/ui/main.qml"), encoding: .utf8)
        #expect(qml.contains("    readonly property string tminus: \"/opt/tminus/bin/tminus\"\n"))
        let original = try String(
            contentsOf: TminusBinary.packageRoot.appendingPathComponent(folder + "/contents/ui/main.qml"),
            encoding: .utf8)
        #expect(
            qml
                == original.replacingOccurrences(
                    of: "property string tminus: \"tminus\"", with: "property string tminus: \"/opt/tminus/bin/tminus\""
                ))
        #expect(
            try Data(contentsOf: dir.appendingPathComponent("metadata.json"))
                == Data(
                    contentsOf: TminusBinary.packageRoot.appendingPathComponent(folder + "/metadata.json")))
        try expectCatalogs(
            in: dir.appendingPathComponent("contents/locale"), domain: "plasma_applet_org.tminus.countdown")
        // Titles are plain text in every label of the applet.
        #expect(!original.contains("textFormat: Text.RichText") && !original.contains("textFormat: Text.StyledText"))
        #expect(
            original.components(separatedBy: "PlasmaComponents3.Label {").count - 1 == original.components(
                separatedBy: "textFormat: Text.PlainText"
            ).count - 1)
    }

    /// plasma: the kpackagetool on PATH says which Plasma (6 first) and installs it; with neither
    /// tool nor plasmashell, a one-line error that says what to pass, and nothing written.
    @Test func plasmaFindsItsVersion() throws {
        let h = try TempHome()
        let data = h.root.appendingPathComponent("data")
        let bin = h.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = h.root.appendingPathComponent("tool.log").path
        for tool in ["kpackagetool5", "kpackagetool6"] {
            let script =
                "#!/bin/sh\necho \"\(tool) $*\" >> '\(log)'\ncat \"$4/metadata.json\" >> '\(log)'\n"
                + "(cd \"$4\" && find . -type f) >> '\(log)'\n"
            try script.write(to: bin.appendingPathComponent(tool), atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent(tool).path)
        }
        let out = h.inProcess(
            ["setup", "plasma"], env: ["XDG_DATA_HOME": data.path, "PATH": bin.path + ":/usr/bin:/bin"])
        #expect(out.status == 0 && out.stdout.contains("Plasma 6 applet"), "\(out)")
        let called = try String(contentsOfFile: log, encoding: .utf8)
        #expect(called.hasPrefix("kpackagetool6 -t Plasma/Applet -i "), "\(called)")
        #expect(called.contains("\"X-Plasma-API-Minimum-Version\": \"6.0\""), "\(called)")
        // The catalogs go in with the applet, and the folder it was installed from is gone.
        for code in Catalog.codes {
            #expect(called.contains("./contents/locale/\(code)/LC_MESSAGES/plasma_applet_org.tminus.countdown.mo\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("tminus-plasma-applet").path))

        let none = try TempHome()
        let noData = none.root.appendingPathComponent("data")
        let refused = none.inProcess(["setup", "plasma"], env: ["XDG_DATA_HOME": noData.path, "PATH": "/nonexistent"])
        #expect(refused.status == 2 && refused.stderrLines.count == 1, "\(refused)")
        #expect(refused.stderr.contains("--plasma-version 5 or 6"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: noData.path))
    }
}
