import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusSourcing
import TMinusTimeline

/// `tminus setup gnome`: the GNOME Shell extension (integrations/gnome-shell) installed into the
/// user's extensions folder, for the GNOME this machine runs: 43 and 44 load the legacy entry
/// point, 45 and later the ES module one. metadata.json names this binary by its path; locale/
/// holds the menu's words in every built-in language.
extension SetupCommand {
    static let gnomeUUID = "tminus@tminus.github.io"
    /// The extension's gettext-domain (its metadata.json says the same).
    static let gnomeDomain = "tminus"

    static func gnome(_ a: Arguments, _ ctx: Context) throws(TMinusError) -> Int32 {
        let binary = try self.binary(a[Options.binary], ctx)
        let major = try gnomeMajor(a[Options.shellVersion], ctx)
        guard major >= 43 else {
            throw .usage(tr: "GNOME Shell %s is older than 43, the first the extension supports", "\(major)")
        }
        let flavor =
            major >= 45
            ? (PackageResources.extension_45_js, PackageResources.metadata_45_json)
            : (PackageResources.extension_43_js, PackageResources.metadata_43_json)
        let metadata = try self.metadata(flavor.1, binary: binary)
        let base = Home.dataBase(ctx.environment)
        let dir = base + "/gnome-shell/extensions/" + gnomeUUID
        try FileIO.makeDirectory(dir)
        // (A run killed half-way left its temp files here: gone before this one writes.)
        SourceWriter.removeDeadTemps(in: dir)
        for (name, bytes) in [
            ("extension.js", flavor.0), ("metadata.json", metadata), ("indicator.js", PackageResources.indicator_js),
            ("stylesheet.css", PackageResources.stylesheet_css)
        ] {
            try FileIO.writeAtomically(bytes, to: dir + "/" + name, mode: 0o644)
        }
        // Its words in every built-in language: the catalogs as .mo files in the metadata's
        // gettext-domain, where the Shell looks for an extension's own (locale/).
        try write(
            Catalog.machineObjects.map { ("locale/\($0.code)/LC_MESSAGES/\(gnomeDomain).mo", $0.bytes) }, into: dir)
        ctx.say(
            Catalog.format(
                ctx.words.tr("installed the GNOME Shell extension for GNOME %s in %s"),
                ["\(major)", Home.tilde(dir, ctx.environment)]))
        ctx.console.err(
            """
            GNOME reads new extensions at login: log out and in (on X11, Alt+F2 r does), then \
            gnome-extensions enable \(gnomeUUID)
            """)
        // GNOME's own calendars and tasks (Evolution Data Server) are a source away.
        let config = (try? ctx.loadConfig().0) ?? Config()
        if !config.sources.contains(where: { $0.kind == .gnome }) {
            ctx.console.err(
                "GNOME Calendar's and GNOME To Do's items (Evolution Data Server) show in the panel with "
                    + #"{ "name": "gnome", "kind": "gnome" } in "sources" of "#
                    + Home.tilde(ctx.home.configPath, ctx.environment))
        }
        return 0
    }

    /// `--shell-version N`, else what `gnome-shell --version` says ("GNOME Shell 43.9").
    static func gnomeMajor(_ given: String?, _ ctx: Context) throws(TMinusError) -> Int {
        if let given {
            guard let n = Int(given.split(separator: ".").first ?? ""), n > 0 else {
                throw .usage(tr: "--shell-version takes GNOME's version, e.g. --shell-version 46")
            }
            return n
        }
        let out: ChildProcess.Result
        do {
            out = try ChildProcess.run("gnome-shell", ["--version"], environment: ctx.environment, timeout: 5_000)
        } catch {
            throw .usage(
                tr: "gnome-shell is not installed here; pass --shell-version N to set up the extension for GNOME N")
        }
        let words = String(decoding: out.stdout, as: UTF8.self).split(separator: " ")
        guard let last = words.last, let n = Int(last.split(separator: ".").first ?? "") else {
            throw .failure(tr: "cannot read gnome-shell --version; pass --shell-version N")
        }
        return n
    }

    /// The flavour's metadata.json with `"tminus-binary"`: the path the extension runs.
    static func metadata(_ bytes: [UInt8], binary: String) throws(TMinusError) -> [UInt8] {
        guard case .object(var members)? = try? JSONParser.parse(bytes) else {
            throw .failure(tr: "the embedded metadata.json is not an object")
        }
        members.removeAll { $0.key == "tminus-binary" }
        members.append(JSON.Member("tminus-binary", .string(binary)))
        return Array(JSONWriter.pretty(.object(members)).utf8)
    }
}
