public import TMinusCore

/// Taskwarrior's `task export` JSON (its "Taskwarrior JSON Format"): an array of tasks with
/// `uuid`, `status`, `description`, and optionally `due` (`YYYYMMDDTHHMMSSZ`, UTC), `priority`
/// (H, M, L), `project`, `tags`, `entry`, `end`, `annotations`. Pending and waiting tasks are
/// open todos; a recurring task's template (`status: recurring`) is left out (its instances are
/// the tasks). Pure: bytes in, items out.
public enum TaskwarriorExport {
    public struct Result: Sendable {
        public var items: [Item] = []
        /// Tasks that could not be read, by position.
        public var problems: [String] = []
    }

    public static func parse(_ bytes: [UInt8], source: String) throws(TMinusError) -> Result {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch {
            throw .failure("task export printed something that is not JSON (line \(error.line): \(error.message))")
        }
        guard case .array(let tasks) = json else { throw .failure("task export did not print a JSON list") }
        var out = Result()
        for (i, task) in tasks.enumerated() {
            guard let fields = task.members else { out.problems.append("task \(i + 1): not an object; skipped"); continue }
            func string(_ k: String) -> String? { fields.first { $0.key == k }?.value.stringValue }
            func date(_ k: String) -> Instant? {
                guard let s = string(k), let t = parseDate(s) else { return nil }
                return t
            }
            guard let uuid = string("uuid"), !uuid.isEmpty else { out.problems.append("task \(i + 1): no uuid; skipped"); continue }
            let status = string("status") ?? "pending"
            if status == "recurring" || status == "deleted" { continue }
            if let raw = string("due"), parseDate(raw) == nil {
                out.problems.append("task \(uuid.prefix(8)): due '\(Validation.printable(raw))' is not YYYYMMDDTHHMMSSZ; skipped")
                continue
            }
            let description = ControlText.clean(string("description") ?? "", replacement: " ", dropBidi: true)
            var title = Validation.trimmedText(description)
            if title.isEmpty { title = "(no title)" }
            if title.count > Validation.maxTitleLength { title = String(title.prefix(Validation.maxTitleLength - 1)) + "…" }
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
            } else if let tags = fields.first(where: { $0.key == "tags" })?.value, case .array(let list) = tags, let first = list.first?.stringValue {
                item.tag = String(first.prefix(32))
            }
            if let notes = fields.first(where: { $0.key == "annotations" })?.value, case .array(let list) = notes {
                let text = list.compactMap { $0.members?.first { $0.key == "description" }?.value.stringValue }.joined(separator: "\n")
                let clean = ControlText.clean(text, replacement: nil, keepNewlines: true, dropBidi: true)
                item.note = clean.count > Validation.maxNoteLength ? String(clean.prefix(Validation.maxNoteLength - 1)) + "…" : clean
            }
            if status == "completed" { item.completed = date("end") ?? Instant(0) }
            out.items.append(item)
        }
        return out
    }

    /// `YYYYMMDDTHHMMSSZ`, the only form `task export` writes.
    static func parseDate(_ s: String) -> Instant? {
        let b = Array(s.utf8)
        guard b.count == 16, b[8] == 0x54, b[15] == 0x5A else { return nil }
        let iso = String(decoding: b[0..<4], as: UTF8.self) + "-" + String(decoding: b[4..<6], as: UTF8.self) + "-"
            + String(decoding: b[6..<8], as: UTF8.self) + "T" + String(decoding: b[9..<11], as: UTF8.self) + ":"
            + String(decoding: b[11..<13], as: UTF8.self) + ":" + String(decoding: b[13..<15], as: UTF8.self) + "Z"
        guard let t = RFC3339.parse(iso), t.isSupported else { return nil }
        return t
    }

    /// `YYYYMMDDTHHMMSSZ`, as `task import` reads dates.
    public static func dateText(_ t: Instant) -> String {
        let l = LocalDateTime(secondsAsUTC: t.seconds)
        return pad(l.date.year, 4) + pad(l.date.month, 2) + pad(l.date.day, 2) + "T" + pad(l.hour, 2) + pad(l.minute, 2) + pad(l.second, 2) + "Z"
    }

    /// A due as `task` reads it on the command line: ISO 8601 in UTC, or a whole day's date.
    public static func dueArgument(_ due: Due) -> String {
        switch due {
        case .day(let d): "due:\(d)"
        case .instant(let t): "due:\(t.description)"
        }
    }

    public static func priorityArgument(_ p: Priority) -> String {
        switch p {
        case .high: "priority:H"
        case .medium: "priority:M"
        case .low: "priority:L"
        case .none: "priority:"
        }
    }
}
