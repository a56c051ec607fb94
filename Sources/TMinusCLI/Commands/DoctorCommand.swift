import TMinusApp
import TMinusCore
import TMinusStore

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
