import TMinusCore
import TMinusICal

/// `ics`: one `.ics` file (a subscribed calendar, holidays), read-only. Its VEVENTs count down,
/// its VTODOs are todos, as in a vdir.
enum IcsSource: ReadOnlySource {
    static let kind = SourceConfig.Kind.ics

    static func read(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead) throws(TMinusError) {
        // (A subscribed calendar of years of events may be big: one above 8 MB is read in parts,
        // so a million events, 120 MB, take a few seconds and less than 300 MB; at most 128 MB.)
        let (path, bytes) = try readFile(source, sourcing, into: &out, missing: "; fix \"path\"", limit: 128 << 20)
        var calendar = CalendarReading(source, sourcing, now: now, into: out)
        let shown = FileIO.baseName(of: path)
        calendar.add(calendar.parse(bytes, shown: shown), shown: shown, color: nil)
        out = calendar.finish()
    }
}
