import TMinusCore

/// `gnome`: GNOME's calendars and task lists, from Evolution Data Server over the session bus
/// (`EDSClient`): every enabled, selected calendar's events from a while ago to a year ahead, and
/// every task list's open tasks, read as a vdir's items are (the same iCalendar code: recurrence,
/// zones, invitations) in the calendar's colour. No EDS (no session bus, a tty, a desktop without
/// GNOME) skips the source with one line; an EDS that hangs costs at most `EDSClient.timeout`.
/// Read-only for now.
enum GnomeSource: ReadOnlySource {
    static let kind = SourceConfig.Kind.gnome

    /// Events from this long ago (one under way, or just over and held)…
    static let behind: Int64 = 2 * 86_400
    /// …to this far ahead are asked for.
    static let ahead: Int64 = 400 * 86_400
    /// Read again after this long (EDS's change signals are not followed yet).
    static let again: Int64 = 120
    /// When EDS was not there, asked again after this long.
    static let absentAgain: Int64 = 600

    /// The line `sources` and `doctor` show for a skipped source starts with this.
    static let skipped = "skipped: "

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let client: EDSClient
        let all: [EDSSource]
        do throws(EDSClient.Absent) {
            client = try EDSClient.connect(sourcing.environment)
            all = try client.sources()
        } catch {
            out.problems = [skipped + error.reason + " (GNOME's calendars are read when it is)"]
            out.refresh = now + absentAgain
            return
        }
        defer { client.bus.close() }
        var calendar = CalendarReading(source, sourcing, now: now, into: out)
        var shownSources = EDSSource.shown(all)
        if !source.calendars.isEmpty {
            let wanted = Set(source.calendars)
            for name in source.calendars where !shownSources.contains(where: { $0.name == name || $0.uid == name }) {
                let known = ControlText.join(shownSources.map { Validation.printable($0.name) }, ", ")
                calendar.report(
                    "no calendar or task list '\(Validation.printable(name))' in Evolution Data Server; it has: \(known)"
                )
            }
            shownSources = shownSources.filter { wanted.contains($0.name) || wanted.contains($0.uid) }
        }
        for s in shownSources {
            let shown = Validation.printable(s.name)
            let components: [String]
            do throws(DBusConnection.Failure) {
                components = try client.objects(
                    s, query: EDSClient.query(s.kind, from: now - behind, to: now + ahead))
            } catch {
                calendar.report("\(shown): \(error.description)")
                continue
            }
            guard !components.isEmpty else { continue }
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:EDS\r\n" + components.joined() + "END:VCALENDAR\r\n"
            calendar.add(calendar.parse(Array(text.utf8), shown: shown), shown: shown, color: s.color)
        }
        out = calendar.finish()
        out.refresh = min(out.refresh ?? now + again, now + again)
    }

    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        []
    }
}
