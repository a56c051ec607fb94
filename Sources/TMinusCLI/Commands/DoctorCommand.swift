import TMinusApp
import TMinusCore
import TMinusIO

/// `tminus doctor [--repair]`: checks the home (store, history, index, summary, temp files) and
/// says what it found; `--repair` fixes it. Exit 0 when the home is sound (or was repaired), 1
/// when `doctor` found something to repair.
enum DoctorCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "doctor")
        try a.expectPositional(0...0, command: "doctor")
        ctx.say("tminus doctor: \(ctx.home.directory)")
        if a.flag("repair") {
            let report = try ctx.container.repair(now: ctx.now)
            for line in report.lines { ctx.say(line) }
            return 0
        }
        let report = try ctx.container.check()
        for line in report.lines { ctx.say(line) }
        // A gnome source without Evolution Data Server is skipped, not broken: said in one line.
        if (try? ctx.config())?.sources.contains(where: { $0.kind == .gnome }) == true {
            for r in (try? ctx.container.sourceRecords(now: ctx.now)) ?? [] {
                for p in r.problems where p.hasPrefix("skipped: ") {
                    ctx.say("source \(r.name): \(ControlText.oneLine(p))")
                }
            }
        }
        if report.problems > 0 {
            ctx.say("run tminus doctor --repair to fix \(report.problems == 1 ? "it" : "them") now")
            return 1
        }
        return 0
    }
}
