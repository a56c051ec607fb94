import TMinusApp
import TMinusCore

extension DoctorCommand {
    /// `doctor`'s options, declared once: its spec lists them, `run` reads them (`a[Options.repair]`).
    enum Options {
        static let repair = Opt.flag("repair", "fix what it found")
    }
}

private typealias O = DoctorCommand.Options

extension Specs {
    /// `tminus doctor`.
    static let doctor = CommandSpec(
        name: "doctor", group: "files", summary: "check the home's files (and repair them)",
        options: [O.repair.spec],
        text: """
            Checks the home: the store, the history and its index, the summary, temp files left by a
            killed command. Exit 0 when all is well, 1 when something needs repairing; --repair fixes it
            (a home from an older tminus is migrated, an item both open and completed stays open, an
            item completed twice keeps its latest completion, the index is rebuilt).
            """, run: DoctorCommand.run, changes: true, readsConfig: false)
}
