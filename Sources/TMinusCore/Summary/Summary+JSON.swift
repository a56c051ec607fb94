extension Summary {
    public func json() -> JSON {
        .object([
            "format": .string(Summary.format),
            "version": .int(Summary.version),
            "generated": .string(generated.description),
            "sources": .array(sources.map {
                .object(["name": .string($0.name), "stamp": .string($0.stamp.description), "items": .int($0.items),
                         "file": $0.file.map(JSON.string), "fileStamp": $0.fileStamp.map(JSON.string)])
            }),
            "tags": .array(tags.map { .object(["name": .string($0.name), "color": .string($0.color)]) }),
            // Every bar process parses this file, so it stays small: the items' own JSON form,
            // which leaves empty and default fields out.
            "deadlines": .array(deadlines.map { $0.json(withKind: false) }),
            "todos": .array(todos.map { $0.json(withKind: false) }),
        ])
    }

    /// Reads a summary; the error says which field is wrong.
    public init(json: JSON) throws(TMinusError) {
        func bad(_ what: String) -> TMinusError { .failure("summary.json: \(what); rebuild it with tminus summary --rebuild") }
        guard json["format"]?.stringValue == Summary.format else { throw bad("not a tminus summary (no \"format\": \"tminus-summary\")") }
        guard let v = json["version"]?.intValue, (1...Summary.version).contains(v) else {
            throw bad("version \(json["version"].map(JSONWriter.compact) ?? "missing") is not one this tminus reads (1)")
        }
        func instant(_ j: JSON?, _ field: String) throws(TMinusError) -> Instant {
            guard let s = j?.stringValue, let t = RFC3339.parse(s), t.isSupported else { throw bad("\(field) is not an RFC 3339 date-time") }
            return t
        }
        generated = try instant(json["generated"], "\"generated\"")
        var sources: [Source] = []
        for s in json["sources"]?.arrayValue ?? [] {
            let count = s["items"]?.intValue ?? 0
            sources.append(Source(name: s["name"]?.stringValue ?? "?", stamp: try instant(s["stamp"], "a source's stamp"),
                                  items: max(0, min(count, Item.maxHandle)), file: s["file"]?.stringValue,
                                  fileStamp: s["fileStamp"]?.stringValue))
        }
        self.sources = sources
        var tags: [Tag] = []
        for t in json["tags"]?.arrayValue ?? [] {
            guard let n = t["name"]?.stringValue, let c = t["color"]?.stringValue, ColorText.isValid(c) else { continue }
            tags.append(Tag(name: n, color: c))
        }
        self.tags = tags
        func items(_ key: String, _ kind: Item.Kind) throws(TMinusError) -> [Item] {
            var out: [Item] = []
            for (i, element) in (json[key]?.arrayValue ?? []).enumerated() {
                do { out.append(try Item(json: element, kind: kind, lowerCaseIDs: true)) } catch { throw bad("\(kind.rawValue) \(i + 1): \(error.description)") }
            }
            return out
        }
        deadlines = try items("deadlines", .deadline)
        todos = try items("todos", .todo)
    }
}
