import Glibc
import TMinusApp
import TMinusCore
import TMinusIO

/// `tminus setup plasma`: the Plasma 5 applet (integrations/plasma) installed for the user, by
/// kpackagetool5 where it is present (else copied where it would put it), with this binary's path
/// in main.qml.
extension SetupCommand {
    static let plasmaID = "org.tminus.countdown"
    /// The line of main.qml that names the binary; setup writes the path into it.
    static let plasmaBinaryLine = #"    readonly property string tminus: "tminus""#

    static func plasma(_ a: Arguments, _ ctx: Context) throws(TMinusError) -> Int32 {
        let binary = try self.binary(a.value("binary"), ctx)
        let qml = String(decoding: PackageResources.main_qml, as: UTF8.self)
        guard qml.contains(plasmaBinaryLine) else { throw .failure("the embedded main.qml has no line for the binary") }
        let installed = qml.replacingFirst(
            plasmaBinaryLine, with: #"    readonly property string tminus: ""# + binary + "\"")
        let base = Home.dataBase(ctx.environment)
        let files = [("metadata.json", PackageResources.metadata_json), ("contents/ui/main.qml", Array(installed.utf8))]
        // kpackagetool5 installs from a folder: one made beside the target, then removed.
        if let tool = ChildProcess.which("kpackagetool5", environment: ctx.environment) {
            let stage = base + "/tminus-plasma-applet"
            try write(files, into: stage)
            defer {
                for (name, _) in files { _ = FileIO.remove(stage + "/" + name) }
                for dir in ["/contents/ui", "/contents", ""] { rmdir(stage + dir) }
            }
            let upgrade = FileIO.exists(base + "/plasma/plasmoids/" + plasmaID + "/metadata.json")
            let r: ChildProcess.Result
            do {
                r = try ChildProcess.run(
                    tool, ["-t", "Plasma/Applet", upgrade ? "-u" : "-i", stage], environment: ctx.environment)
            } catch {
                throw .failure("kpackagetool5 did not run: \(error)")
            }
            guard r.status == 0 else {
                throw .failure(
                    "kpackagetool5 failed: "
                        + ControlText.clean(String(decoding: r.stdout + r.stderr, as: UTF8.self), replacement: " "))
            }
        } else {
            try write(files, into: base + "/plasma/plasmoids/" + plasmaID)
        }
        ctx.say(
            "installed the Plasma applet \(plasmaID) in \(Home.tilde(base + "/plasma/plasmoids/" + plasmaID, ctx.environment))"
        )
        ctx.console.err(
            "add it to a panel: right-click the panel › Add Widgets… › tminus (plasmashell may need a restart to list it)"
        )
        return 0
    }

    static func write(_ files: [(String, [UInt8])], into dir: String) throws(TMinusError) {
        for (name, bytes) in files {
            let path = dir + "/" + name
            try FileIO.makeDirectory(FileIO.directory(of: path))
            try FileIO.writeAtomically(bytes, to: path, mode: 0o644)
        }
    }
}
