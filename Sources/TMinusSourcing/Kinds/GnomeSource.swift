import TMinusCore
import TMinusICal
import TMinusSystem
import TMinusBus

/// `gnome`: GNOME's calendars and task lists, from Evolution Data Server over the session bus
/// (`EDSClient`): every enabled, selected calendar's events from a while ago to a year ahead, and
/// every task list's open tasks, read as a vdir's items are (the same iCalendar code: recurrence,
/// zones, invitations) in the calendar's colour. No EDS (no session bus, a tty, a desktop without
/// GNOME) skips the source with one line; an EDS that hangs costs at most `EDSClient.timeout`.
/// A change is written back through EDS (`apply`).
enum GnomeSource: SourceKindIO {
    /// GNOME's Evolution Data Server over the session bus: its enabled calendars and task
    /// lists.
    static let kind = SourceConfig.Kind.gnome
    static let facts = SourceKindFacts(path: .none, example: "", isWritable: true, isCalendar: true)

    /// Events from this long ago (one under way, or just over and held)…
    static let behind: Int64 = 2 * 86_400
    /// …to this far ahead are asked for.
    static let ahead: Int64 = 400 * 86_400
    /// Read again after this long by a run that does not hear EDS's signals (a follower or the
    /// notifier does, `EDSLive`, and reads a calendar again as soon as it changes).
    static let again: Int64 = 120
    /// When EDS was not there, asked again after this long.
    static let absentAgain: Int64 = 600

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let client: EDSClient
        let all: [EDSSource]
        do throws(EDSClient.Absent) {
            (client, all) = try EDSClient.session(sourcing.environment)
        } catch {
            out.problems = [Summary.Source.skipped(error.reason)]
            out.refresh = now + absentAgain
            return
        }
        defer { client.bus.close() }
        var calendar = CalendarReading(source, sourcing, now: now, into: out)
        let every = EDSSource.shown(all)
        for name in source.calendars where !every.contains(where: { $0.name == name || $0.uid == name }) {
            let known = ControlText.join(every.map { Validation.printable($0.name) }, ", ")
            calendar.report(
                deferred(
                    "no calendar or task list '%s' in Evolution Data Server; it has: %s", Validation.printable(name),
                    known))
        }
        // What a follower compares with what EDS signals (`EDSLive`): the calendars shown and
        // each one's revision as read.
        var watch = [Summary.Source.Watched(path: EDSClient.sourcesKey, stamp: EDSClient.sourcesStamp(all))]
        defer { out.watch = watch }
        for s in shown(all, source) {
            let shown = Validation.printable(s.name)
            let components: [String]
            do throws(DBusConnection.Failure) {
                let read = try client.objects(s, query: EDSClient.query(s.kind, from: now - behind, to: now + ahead))
                components = read.components
                watch.append(.init(path: EDSClient.watchKey(s.uid), stamp: read.revision ?? "-"))
            } catch {
                calendar.report(shown + ": " + error.text)
                continue
            }
            guard !components.isEmpty else { continue }
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:EDS\r\n" + components.joined() + "END:VCALENDAR\r\n"
            calendar.add(calendar.parse(Array(text.utf8), shown: shown), shown: shown, color: s.color)
        }
        out = calendar.finish()
        out.refresh = min(out.refresh ?? now + again, now + again)
    }

    /// The calendars and task lists read: the enabled, selected ones, or those `calendars` names.
    static func shown(_ all: [EDSSource], _ source: SourceConfig) -> [EDSSource] {
        let shown = EDSSource.shown(all)
        guard !source.calendars.isEmpty else { return shown }
        let wanted = Set(source.calendars)
        return shown.filter { wanted.contains($0.name) || wanted.contains($0.uid) }
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let item = op.item
        let client: EDSClient
        let all: [EDSSource]
        do throws(EDSClient.Absent) {
            (client, all) = try EDSClient.session(sourcing.environment)
        } catch {
            throw .failure(
                tr: "source %s: %s; nothing was changed (try again in your GNOME session)", "\(source.name)",
                error.reason, cause: error)
        }
        defer { client.bus.close() }
        let calendars = shown(all, source)
        // What EDS refuses is one line that says so.
        func bus<T>(_ body: () throws(DBusConnection.Failure) -> T) throws(TMinusError) -> T {
            do throws(DBusConnection.Failure) {
                return try body()
            } catch {
                throw .failure(
                    tr: "source %s: Evolution Data Server refused the change: %s", "\(source.name)",
                    error.text, cause: error)
            }
        }
        // The calendar or task list that holds the item (a new one's UID was chosen when the
        // change was asked for: made again after a kill, it is found and not made twice).
        var holder: (calendar: EDSClient.Opened, text: String)?
        for c in calendars where c.kind != .other {
            let opened = try bus { () throws(DBusConnection.Failure) in try client.open(c) }
            if let text = try bus({ () throws(DBusConnection.Failure) in try client.object(opened, uid: item.id) }) {
                holder = (opened, text)
                break
            }
        }
        if op.kind == .create {
            if holder != nil { return item.id }
            let lists = calendars.filter { $0.kind == .taskList }
            // GNOME's default task list (Evolution's setting, as GNOME To Do adds to it), else its own.
            let preferred = source.calendars.isEmpty ? [defaultTaskList(sourcing), "system-task-list"] : []
            guard
                let list = preferred.lazy.compactMap({ uid in lists.first { $0.uid == uid } }).first ?? lists.first
            else {
                throw .usage(
                    tr:
                        "source %s has no task list to add to; name one in its \"calendars\", e.g. \"calendars\": [\"Personal\"]",
                    "\(source.name)"
                )
            }
            let components = EDSClient.components(ICalWriter.newFile(item, uid: item.id, now: op.at))
            _ = try bus { () throws(DBusConnection.Failure) in try client.create(client.open(list), components) }
            return item.id
        }
        guard let holder else {
            if op.kind == .remove { return item.id }
            throw .failure(
                tr: "source %s: no calendar or task list holds %s any more; run tminus list and try again",
                "\(source.name)", "\(Validation.printable(item.title))"
            )
        }
        if op.kind == .remove {
            try bus { () throws(DBusConnection.Failure) in try client.remove(holder.calendar, uid: item.id) }
            return item.id
        }
        let wrapped =
            holder.text.hasPrefix("BEGIN:VCALENDAR")
            ? holder.text : "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:EDS\r\n" + holder.text + "END:VCALENDAR\r\n"
        let change: ICalChange =
            switch op.kind {
            case .complete: .complete(at: op.at)
            case .reopen: .reopen(at: op.at)
            default: .update(from: item, to: op.to ?? item, at: op.at)
            }
        let bytes: [UInt8]
        do throws(ICalWriteError) {
            bytes = try ICalWriter.apply(change, to: Array(wrapped.utf8), uid: item.id, isEvent: item.isDeadline)
        } catch {
            throw error.refusal(item, in: "source \(source.name)")
        }
        let components = EDSClient.components(bytes)
        try bus { () throws(DBusConnection.Failure) in try client.modify(holder.calendar, components) }
        return item.id
    }

    /// The task list GNOME adds to (`org.gnome.Evolution.DefaultSources default-task-list`, read
    /// with `gsettings`: only when a task is added); nil without one.
    static func defaultTaskList(_ sourcing: Sourcing) -> String? {
        guard
            let result = try? ChildProcess.run(
                "gsettings", ["get", "org.gnome.Evolution.DefaultSources", "default-task-list"],
                environment: sourcing.environment, timeout: 2_000, outputLimit: 4096),
            result.status == 0
        else { return nil }
        // GVariant's text of a string: 'uid' (a UID has no quotes or backslashes).
        var text = String(decoding: result.stdout, as: UTF8.self)
        while text.last?.isWhitespace == true { text.removeLast() }
        guard text.count > 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
        let uid = String(text.dropFirst().dropLast())
        return uid.contains(where: { $0 == "'" || $0 == "\\" }) ? nil : uid
    }

    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        []
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        field == .remind && editing ? "of a calendar item is changed in GNOME Calendar" : nil
    }
}
