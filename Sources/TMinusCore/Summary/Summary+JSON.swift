extension Summary {
    public func json() -> JSON {
        .object([
            "format": .string(Summary.format),
            "version": .int(Summary.version),
            "generated": .string(generated.description),
            "sources": .array(sources.map {
                .object(["name": .string($0.name), "stamp": .string($0.stamp.description), "items": .int($0.items)])
            }),
            "tags": .array(tags.map { .object(["name": .string($0.name), "color": .string($0.color)]) }),
            // Empty and default fields are left out (readers take null, "", false, "none" and
            // "tminus"): every bar process parses this file, so it stays small.
            "deadlines": .array(deadlines.map { d in
                .object([
                    "id": .string(d.id), "handle": .int(d.handle), "title": .string(d.title), "note": Self.unlessEmpty(d.note),
                    "due": .string(d.due.description), "start": .string(d.start.description),
                    "tag": d.tag.map(JSON.string), "color": d.color.map(JSON.string), "icon": d.icon.map(JSON.string),
                    "source": d.source == "tminus" ? nil : .string(d.source),
                ])
            }),
            "todos": .array(todos.map { t in
                .object([
                    "id": .string(t.id), "handle": .int(t.handle), "title": .string(t.title), "note": Self.unlessEmpty(t.note),
                    "due": t.due.map { .string($0.description) }, "remind": t.remind.map { .string($0.description) },
                    "tag": t.tag.map(JSON.string), "color": t.color.map(JSON.string), "starred": t.starred ? .bool(true) : nil,
                    "priority": t.priority == .none ? nil : .string(t.priority.rawValue),
                    "source": t.source == "tminus" ? nil : .string(t.source),
                ])
            }),
        ])
    }

    static func unlessEmpty(_ s: String) -> JSON? { s.isEmpty ? nil : .string(s) }

    /// Reads a summary; the error says which field is wrong.
    public init(json: JSON) throws(TMinusError) {
        func bad(_ what: String) -> TMinusError { .failure("summary.json: \(what); rebuild it with tminus summary --rebuild") }
        guard json["format"]?.stringValue == Summary.format else { throw bad("not a tminus summary (no \"format\": \"tminus-summary\")") }
        guard let v = json["version"]?.intValue, v <= Summary.version else {
            throw bad("version \(json["version"].map(JSONWriter.compact) ?? "missing") is newer than this tminus understands")
        }
        func instant(_ j: JSON?, _ field: String) throws(TMinusError) -> Instant {
            guard let s = j?.stringValue, let t = RFC3339.parse(s) else { throw bad("\(field) is not an RFC 3339 date-time") }
            return t
        }
        func optionalString(_ j: JSON?) -> String? { j?.stringValue }
        guard let generatedText = json["generated"] else { throw bad("\"generated\" is missing") }
        generated = try instant(generatedText, "generated")
        var sources: [Source] = []
        for s in json["sources"]?.arrayValue ?? [] {
            sources.append(Source(name: s["name"]?.stringValue ?? "?", stamp: try instant(s["stamp"], "a source stamp"),
                                  items: s["items"]?.intValue ?? 0))
        }
        self.sources = sources
        tags = (json["tags"]?.arrayValue ?? []).compactMap { t in
            guard let n = t["name"]?.stringValue, let c = t["color"]?.stringValue else { return nil }
            return Tag(name: n, color: c)
        }
        var deadlines: [DeadlineInfo] = []
        for (i, d) in (json["deadlines"]?.arrayValue ?? []).enumerated() {
            guard let id = d["id"]?.stringValue, let title = d["title"]?.stringValue,
                  let dueText = d["due"]?.stringValue, let due = Due(storage: dueText) else {
                throw bad("deadline \(i + 1) needs an id, a title and a due date")
            }
            let start = d["start"].flatMap { $0.stringValue }.flatMap(RFC3339.parse) ?? generated
            deadlines.append(DeadlineInfo(id: id, handle: d["handle"]?.intValue ?? 0, title: title, note: d["note"]?.stringValue ?? "",
                                          due: due, start: start, tag: optionalString(d["tag"]), color: optionalString(d["color"]),
                                          icon: optionalString(d["icon"]), source: d["source"]?.stringValue ?? "tminus"))
        }
        self.deadlines = deadlines
        var todos: [TodoInfo] = []
        for (i, t) in (json["todos"]?.arrayValue ?? []).enumerated() {
            guard let id = t["id"]?.stringValue, let title = t["title"]?.stringValue else {
                throw bad("todo \(i + 1) needs an id and a title")
            }
            var due: Due?
            if let text = t["due"]?.stringValue {
                guard let d = Due(storage: text) else { throw bad("todo \(i + 1) has a due that is not a date") }
                due = d
            }
            todos.append(TodoInfo(id: id, handle: t["handle"]?.intValue ?? 0, title: title, note: t["note"]?.stringValue ?? "",
                                  due: due, remind: t["remind"]?.stringValue.flatMap(RFC3339.parse),
                                  tag: optionalString(t["tag"]), color: optionalString(t["color"]),
                                  starred: t["starred"]?.boolValue ?? false,
                                  priority: Priority(rawValue: t["priority"]?.stringValue ?? "none") ?? .none,
                                  source: t["source"]?.stringValue ?? "tminus"))
        }
        self.todos = todos
    }
}
