import TMinusApp
import TMinusCore
import TMinusStore

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

/// `tminus doctor [--repair]`: checks the home (store, history, index, summary, temp files) and
/// says what it found; `--repair` fixes it. Exit 0 when the home is sound (or was repaired), 1
/// when `doctor` found something to repair.
enum DoctorCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "doctor")
        try a.expectPositional(0...0, command: "doctor")
        let w = ctx.words
        ctx.say(Catalog.format(w.tr("tminus doctor: %s"), [ctx.home.directory]))
        if a[Options.repair] {
            let report = try ctx.container.repair(now: ctx.now)
            for line in lines(report, w) { ctx.say(line) }
            return 0
        }
        let report = try ctx.container.check()
        for line in lines(report, w) { ctx.say(line) }
        // A gnome source without Evolution Data Server is skipped, not broken: said in one line.
        if (try? ctx.config())?.sources.contains(where: { $0.kind == .gnome }) == true {
            for r in (try? ctx.container.sourceRecords(now: ctx.now)) ?? [] {
                for p in r.problems where Summary.Source.isSkipped(p) {
                    ctx.say(Catalog.format(w.tr("source %s: %s"), [r.name, ControlText.oneLine(Deferred.render(p, w))]))
                }
            }
        }
        if report.problems > 0 {
            ctx.say(
                w.trn(
                    "run tminus doctor --repair to fix it now", "run tminus doctor --repair to fix them now",
                    report.problems))
            return 1
        }
        return 0
    }

    /// The report's lines in `w`'s language, each led by its kind, the kinds padded to one width
    /// (in English "ok       ", "found    ", "note     ", "repaired ").
    static func lines(_ report: Container.Report, _ w: Words) -> [String] {
        func label(_ kind: Container.Report.Kind) -> String {
            switch kind {
            case .ok: w.trc("doctor", "ok")
            case .found: w.trc("doctor", "found")
            case .note: w.trc("doctor", "note")
            case .repaired: w.trc("doctor", "repaired")
            }
        }
        let width = Container.Report.Kind.allCases.map { DisplayWidth.of(label($0)) }.max() ?? 0
        return report.findings.map { DisplayWidth.padded(label($0.kind), to: width + 1) + $0.message.text(w) }
    }
}
