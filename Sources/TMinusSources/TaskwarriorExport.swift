public import TMinusCore

/// Taskwarrior's `task export` JSON (its "Taskwarrior JSON Format"): an array of tasks with
/// `uuid`, `status`, `description`, and optionally `due` (`YYYYMMDDTHHMMSSZ`, UTC), `priority`
/// (H, M, L), `project`, `tags`, `entry`, `end`, `annotations`. Pending and waiting tasks are
/// open todos; a recurring task's template (`status: recurring`) is left out (its instances are
/// the tasks). Pure: bytes in, items out.
public enum TaskwarriorExport {
    /// What an export gives: its tasks as items, and what could not be read.
    public struct Result: Sendable {
        /// The tasks as todos of the source, in the export's order (deleted tasks and recurring templates left out).
        public var items: [Item] = []
        /// Tasks that could not be read, by position.
        public var problems: [String] = []
    }

    /// Reads `task export`'s output as the todos of `source`; throws when it is not a JSON list and no line is a task.
    public static func parse(_ bytes: [UInt8], source: String) throws(TMinusError) -> Result {
        var out = Result()
        let tasks: [JSON]
        var syntax: JSONSyntaxError?
        var parsed: JSON?
        do throws(JSONSyntaxError) { parsed = try JSONParser.parse(bytes) } catch { syntax = error }
        if let parsed {
            guard case .array(let all) = parsed else { throw .failure(tr: "task export did not print a JSON list") }
            tasks = all
        } else {
            // One task Taskwarrior wrote badly (a raw control character in its description) must not
            // hide the others: `task export` prints one task per line, so read them one by one.
            let (lines, bad) = perLine(bytes)
            guard !lines.isEmpty else {
                guard let syntax else { throw .failure(tr: "task export printed something that is not JSON (empty)") }
                throw .failure(
                    tr: "task export printed something that is not JSON (line %s: %s)", "\(syntax.line)",
                    syntax.message,
                    line: syntax.line, cause: syntax
                )
            }
            tasks = lines
            out.problems += bad.prefix(3).map {
                deferred("task export line %s: not a task tminus can read; skipped", String($0))
            }
        }
        var seen: Set<String> = []
        for (i, task) in tasks.enumerated() {
            guard let fields = task.members else {
                out.problems.append(deferred("task %s: not an object; skipped", String(i + 1))); continue
            }
            func string(_ k: String) -> String? { fields.first { $0.key == k }?.value.stringValue }
            func date(_ k: String) -> Instant? {
                guard let s = string(k), let t = parseDate(s) else { return nil }
                return t
            }
            guard let uuid = string("uuid"), !uuid.isEmpty else {
                out.problems.append(deferred("task %s: no uuid; skipped", String(i + 1))); continue
            }
            // Two tasks with one UUID (a sync gone wrong) are one item: the first one.
            guard seen.insert(uuid.lowercased()).inserted else {
                out.problems.append(
                    deferred(
                        "task %s: its UUID is there twice; the first is used",
                        Validation.printable(String(uuid.prefix(8)))))
                continue
            }
            let status = string("status") ?? "pending"
            if status == "recurring" || status == "deleted" { continue }
            if let raw = string("due"), parseDate(raw) == nil {
                out.problems.append(
                    deferred(
                        "task %s: due '%s' is not YYYYMMDDTHHMMSSZ; skipped",
                        Validation.printable(String(uuid.prefix(8))),
                        Validation.printable(raw)))
                continue
            }
            let description = ControlText.clean(string("description") ?? "", replacement: " ", dropBidi: true)
            var title = Validation.trimmedText(description)
            if title.isEmpty { title = "(no title)" }
            if title.count > Validation.maxTitleLength {
                title = String(title.prefix(Validation.maxTitleLength - 1)) + "…"
            }
            var item = Item(kind: .todo, id: uuid.lowercased(), handle: 0, title: title, source: source)
            item.due = date("due").map { .instant($0) }
            item.created = date("entry")
            switch string("priority") {
            case "H": item.priority = .high
            case "M": item.priority = .medium
            case "L": item.priority = .low
            default: break
            }
            if let project = string("project"), !project.isEmpty {
                item.tag = String(project.prefix(32))
            } else if let tags = fields.first(where: { $0.key == "tags" })?.value, case .array(let list) = tags,
                let first = list.first?.stringValue
            {
                item.tag = String(first.prefix(32))
            }
            if let notes = fields.first(where: { $0.key == "annotations" })?.value, case .array(let list) = notes {
                let text = list.compactMap { $0.members?.first { $0.key == "description" }?.value.stringValue }.joined(
                    separator: "\n")
                let clean = ControlText.clean(text, replacement: nil, keepNewlines: true, dropBidi: true)
                item.note =
                    clean.count > Validation.maxNoteLength
                    ? String(clean.prefix(Validation.maxNoteLength - 1)) + "…" : clean
            }
            if status == "completed" { item.completed = date("end") ?? Instant(0) }
            out.items.append(item)
        }
        return out
    }

    /// The tasks of an export read one line at a time (`[`, `]` and a trailing comma around each),
    /// and the line numbers of those that are not JSON.
    static func perLine(_ bytes: [UInt8]) -> ([JSON], [Int]) {
        var tasks: [JSON] = [], bad: [Int] = []
        for (n, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var l = line[...]
            while let f = l.first, f == 0x20 || f == 0x09 || f == 0x0D || f == 0x5B { l.removeFirst() }
            while let b = l.last, b == 0x20 || b == 0x09 || b == 0x0D || b == 0x2C || b == 0x5D { l.removeLast() }
            if l.isEmpty { continue }
            if let task = try? JSONParser.parse(Array(l)), case .object = task {
                tasks.append(task)
            } else {
                bad.append(n + 1)
            }
        }
        return (tasks, bad)
    }

    /// `YYYYMMDDTHHMMSSZ`, the only form `task export` writes.
    static func parseDate(_ s: String) -> Instant? {
        let b = Array(s.utf8)
        guard b.count == 16, b[8] == 0x54, b[15] == 0x5A else { return nil }
        let iso =
            String(decoding: b[0..<4], as: UTF8.self) + "-" + String(decoding: b[4..<6], as: UTF8.self) + "-"
            + String(decoding: b[6..<8], as: UTF8.self) + "T" + String(decoding: b[9..<11], as: UTF8.self) + ":"
            + String(decoding: b[11..<13], as: UTF8.self) + ":" + String(decoding: b[13..<15], as: UTF8.self) + "Z"
        guard let t = RFC3339.parse(iso), t.isSupported else { return nil }
        return t
    }

    /// `YYYYMMDDTHHMMSSZ`, as `task import` reads dates.
    public static func dateText(_ t: Instant) -> String {
        let l = LocalDateTime(secondsAsUTC: t.seconds)
        return pad(l.date.year, 4) + pad(l.date.month, 2) + pad(l.date.day, 2) + "T" + pad(l.hour, 2) + pad(l.minute, 2)
            + pad(l.second, 2) + "Z"
    }

    /// A due as `task` reads it on the command line: ISO 8601 in UTC, or a whole day's date.
    public static func dueArgument(_ due: Due) -> String {
        switch due {
        case .day(let d): "due:\(d)"
        case .instant(let t): "due:\(t.description)"
        }
    }

    /// A priority as `task` reads it on the command line (`priority:H`, …; `priority:` clears it).
    public static func priorityArgument(_ p: Priority) -> String {
        switch p {
        case .high: "priority:H"
        case .medium: "priority:M"
        case .low: "priority:L"
        case .none: "priority:"
        }
    }
}
