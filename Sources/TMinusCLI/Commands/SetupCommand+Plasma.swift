import Glibc
import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusSourcing

/// `tminus setup plasma`: the applet for the Plasma this machine runs (integrations/plasma for
/// Plasma 5, integrations/plasma6 for Plasma 6) installed for the user by kpackagetool5 or
/// kpackagetool6 where present (else copied where it would put it), with this binary's path in
/// main.qml.
extension SetupCommand {
    static let plasmaID = "org.tminus.countdown"
    /// The line of main.qml that names the binary; setup writes the path into it.
    static let plasmaBinaryLine = #"    readonly property string tminus: "tminus""#

    static func plasma(_ a: Arguments, _ ctx: Context) throws(TMinusError) -> Int32 {
        let binary = try self.binary(a[Options.binary], ctx)
        let major = try plasmaMajor(a[Options.plasmaVersion], ctx)
        let (metadata, main) =
            major >= 6
            ? (PackageResources.plasma6_metadata_json, PackageResources.plasma6_main_qml)
            : (PackageResources.metadata_json, PackageResources.main_qml)
        let qml = String(decoding: main, as: UTF8.self)
        guard qml.contains(plasmaBinaryLine) else {
            throw .failure(tr: "the embedded main.qml has no line for the binary")
        }
        let installed = qml.replacingFirst(
            plasmaBinaryLine, with: #"    readonly property string tminus: ""# + binary + "\"")
        let base = Home.dataBase(ctx.environment)
        // The applet's i18n() words in every built-in language: Plasma reads an applet's own
        // catalogs from contents/locale, in the domain plasma_applet_ + its id.
        let files =
            [("metadata.json", metadata), ("contents/ui/main.qml", Array(installed.utf8))]
            + Catalog.machineObjects.map {
                ("contents/locale/\($0.code)/LC_MESSAGES/plasma_applet_\(plasmaID).mo", $0.bytes)
            }
        // kpackagetool installs from a folder: one made beside the target, then removed.
        let toolName = major >= 6 ? "kpackagetool6" : "kpackagetool5"
        if let tool = ChildProcess.which(toolName, environment: ctx.environment) {
            let stage = base + "/tminus-plasma-applet"
            try write(files, into: stage)
            defer {
                for (name, _) in files { _ = FileIO.remove(stage + "/" + name) }
                // Its folders, deepest first (each holds nothing but what was written).
                var folders = Set<String>()
                for (name, _) in files {
                    var dir = FileIO.directory(of: "/" + name)
                    while dir != "/" && dir != "" && folders.insert(dir).inserted { dir = FileIO.directory(of: dir) }
                }
                for dir in folders.sorted(by: { $0.count > $1.count }) + [""] { rmdir(stage + dir) }
            }
            let upgrade = FileIO.exists(base + "/plasma/plasmoids/" + plasmaID + "/metadata.json")
            let r: ChildProcess.Result
            do {
                r = try ChildProcess.run(
                    tool, ["-t", "Plasma/Applet", upgrade ? "-u" : "-i", stage], environment: ctx.environment)
            } catch {
                throw .failure(
                    tr: "%s did not run: %s", "\(toolName)", error.deferredText, errno: error.errno, cause: error)
            }
            guard r.status == 0 else {
                throw .failure(
                    tr: "%s failed: %s", toolName,
                    ControlText.clean(String(decoding: r.stdout + r.stderr, as: UTF8.self), replacement: " "))
            }
        } else {
            try write(files, into: base + "/plasma/plasmoids/" + plasmaID)
        }
        let dir = Home.tilde(base + "/plasma/plasmoids/" + plasmaID, ctx.environment)
        ctx.say(
            Catalog.format(
                ctx.words.tr("installed the Plasma %s applet %s in %s"), [major >= 6 ? "6" : "5", plasmaID, dir]))
        ctx.console.err(
            "add it to a panel: right-click the panel › Add Widgets… › tminus (plasmashell may need a restart to list it)"
        )
        return 0
    }

    /// `--plasma-version N`, else the Plasma whose kpackagetool is here (6 first), else what
    /// `plasmashell --version` says ("plasmashell 6.3.6").
    static func plasmaMajor(_ given: String?, _ ctx: Context) throws(TMinusError) -> Int {
        if let given {
            guard let n = Int(given.split(separator: ".").first ?? ""), n == 5 || n == 6 else {
                throw .usage(tr: "--plasma-version takes 5 or 6 (the applet is made for Plasma 5.27 and Plasma 6)")
            }
            return n
        }
        if ChildProcess.which("kpackagetool6", environment: ctx.environment) != nil { return 6 }
        if ChildProcess.which("kpackagetool5", environment: ctx.environment) != nil { return 5 }
        guard
            let out = try? ChildProcess.run(
                "plasmashell", ["--version"], environment: ctx.environment, timeout: 5_000),
            let last = String(decoding: out.stdout, as: UTF8.self).split(separator: " ").last,
            let n = Int(last.split(separator: ".").first ?? "")
        else {
            throw .usage(tr: "Plasma is not installed here; pass --plasma-version 5 or 6 to set up the applet for it")
        }
        return n
    }

    static func write(_ files: [(String, [UInt8])], into dir: String) throws(TMinusError) {
        for (name, bytes) in files {
            let path = dir + "/" + name
            try FileIO.makeDirectory(FileIO.directory(of: path))
            // (A run killed half-way left its temp files here: gone before this one writes.)
            SourceWriter.removeDeadTemps(in: FileIO.directory(of: path))
            try FileIO.writeAtomically(bytes, to: path, mode: 0o644)
        }
    }
}
