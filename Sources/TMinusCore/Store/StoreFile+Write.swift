/// Writes `store.json` (version 3): the header, then the items one per line (docs/storage.md).
extension StoreFile {
    /// The file's bytes: indented JSON with one item per line, in handle order (readable, and
    /// quick to write: the store is rewritten on every change).
    /// `links`: writes the links' list, `[` to `]`, in place of `store`'s (which has none then):
    /// a patch that left them as the file's lines (`StoreLinkLines`).
    public static func write(_ store: Store, links: ((inout [UInt8]) -> Void)? = nil) -> [UInt8] {
        var out = writeHeader(store, links: links)
        itemList.write(store.items, into: &out) { item, out in item.write(into: &out) }
        out += "\n}\n".utf8
        return out
    }

    /// The items' list: one per line, indented by four (a change patches the lines it touches).
    public static let itemList = LineList(indent: 4, closing: 2)

    /// A link as the store writes it, `{"source":…,"id":…,"handle":n}` and `"seen"` and `"done"`
    /// when there (the shape `flatLink` reads by its bytes), straight into the bytes: a home
    /// linking a 10,000-file vdir's items writes 1,836 of them at each commit, and each made as
    /// a JSON value first cost 9 k instructions.
    public static func writeLink(_ link: SourceLink, into out: inout [UInt8]) {
        out += #"{"source":"#.utf8
        JSONWriter.quote(link.source, into: &out)
        out += #","id":"#.utf8
        JSONWriter.quote(link.id, into: &out)
        out += #","handle":"#.utf8
        Digits.write(Int64(link.handle), into: &out)
        if let seen = link.seen {
            out += #","seen":""#.utf8
            RFC3339.write(seen, offset: 0, into: &out)
            out.append(0x22)
        }
        if link.done { out += #","done":true"#.utf8 }
        out.append(0x7D)
    }

    /// Everything before the items' list: `{`, the version, the handles, tags, history and the
    /// other sources' bookkeeping, then `"items": ` (the list and `\n}\n` follow).
    public static func writeHeader(_ store: Store, links: ((inout [UInt8]) -> Void)? = nil) -> [UInt8] {
        precondition(links == nil || store.links.isEmpty, "the links are written once")
        var history: [JSON.Member] = [
            JSON.Member("bytes", .number(Double(store.history.bytes))),
            JSON.Member("deadlines", .int(store.history.deadlines)),
            JSON.Member("todos", .int(store.history.todos))
        ]
        if !store.history.removing.isEmpty {
            history.append(JSON.Member("removing", .array(store.history.removing.map { .number(Double($0)) })))
        }
        if let index = store.history.index { history.append(JSON.Member("index", .string(index))) }
        var out: [UInt8] = Array(
            "{\n  \"version\": \(Store.currentVersion),\n  \"nextHandle\": \(store.nextHandle),\n  \"tags\": ".utf8)
        out += JSONWriter.bytes(
            .array(store.tags.map { .object(["name": .string($0.name), "color": .string($0.color)]) }), pretty: false)
        out += ",\n  \"history\": ".utf8
        out += JSONWriter.bytes(.object(history), pretty: false)
        if let links {
            out += ",\n  \"links\": ".utf8
            links(&out)
        } else if !store.links.isEmpty {
            out += ",\n  \"links\": ".utf8
            itemList.write(store.links, into: &out) { link, out in writeLink(link, into: &out) }
        }
        if !store.freeHandles.isEmpty {
            out += ",\n  \"freeHandles\": [".utf8
            for (i, r) in store.freeHandles.enumerated() {
                out += (i == 0 ? "\n    " : ",\n    ").utf8
                out += "{\"low\":\(r.low),\"high\":\(r.high),\"from\":\"\(r.from.description)\"}".utf8
            }
            out += "\n  ]".utf8
        }
        for (key, list) in [("pending", store.pending), ("setAside", store.setAside)] where !list.isEmpty {
            out += ",\n  \"\(key)\": [".utf8
            for (i, c) in list.enumerated() {
                out += (i == 0 ? "\n    " : ",\n    ").utf8
                out += "{\"kind\":\"\(c.kind.rawValue)\",\"at\":\"\(c.at.description)\"".utf8
                if let record = c.record { out += ",\"record\":\(record)".utf8 }
                if c.tries != 1 { out += ",\"tries\":\(c.tries)".utf8 }
                if let reason = c.reason {
                    out += ",\"reason\":".utf8
                    out += JSONWriter.bytes(.string(reason), pretty: false)
                }
                out += ",\"item\":".utf8
                c.item.write(into: &out)
                if let to = c.to {
                    out += ",\"to\":".utf8
                    to.write(into: &out)
                }
                out.append(0x7D)
            }
            out += "\n  ]".utf8
        }
        out += ",\n  \"items\": ".utf8
        return out
    }
}
