extension Summary {
    /// The summary's text: compact, each item on a line of its own (a change to one item
    /// patches its line: `LineList`). What `summary.json` holds. Items are written by their own
    /// writer, straight into the bytes.
    public func bytes() -> [UInt8] {
        var out = headerBytes(blocks: true)
        // Every bar process parses this file, so it stays small: the items' own JSON form, which
        // leaves empty and default fields out.
        out += Summary.deadlinesKey
        Summary.itemList.write(deadlines, into: &out) { item, out in item.write(into: &out, withKind: false) }
        out += Summary.todosKey
        Summary.itemList.write(todos, into: &out) { item, out in item.write(into: &out, withKind: false) }
        out.append(0x7D)
        return out
    }

    /// The item lists: one item per line, not indented.
    public static let itemList = LineList(indent: 0, closing: 0)
    /// What comes before each list.
    public static let deadlinesKey = Array(#","deadlines":"#.utf8)
    /// The bytes before the todo list: `,"todos":`.
    public static let todosKey = Array(#","todos":"#.utf8)

    /// Everything before the item lists: `{` and every field but `deadlines` and `todos`.
    /// `blocks`: each record says how many todos of the list are its (`"todos"`), and whether
    /// they are in `todoBlockOrder` (`"todosByDue"`), when the list holds them so (`todoBlocks`);
    /// not for a header put before lists it does not hold.
    public func headerBytes(blocks: Bool = false) -> [UInt8] { headerBytes(counted: blocks ? todoBlocks() : nil) }

    /// The same with each record's share of the todo list given (`todoBlocks`' answer).
    public func headerBytes(counted: [(count: Int, byDue: Bool)]?) -> [UInt8] {
        var out = JSONWriter.bytes(
            .object([
                "format": .string(Summary.format),
                "version": .int(Summary.version),
                "generated": .string(generated.description),
                "pending": pending ? .bool(true) : nil,
                "setAside": setAside > 0 ? .int(setAside) : nil,
                "origin": origin.map { .string($0) },
                "sources": .array(
                    sources.indices.map { i in
                        guard let counted else { return sources[i].json() }
                        guard case .object(var m) = sources[i].json() else { return .null }
                        m.append(JSON.Member("todos", .int(counted[i].count)))
                        if counted[i].byDue { m.append(JSON.Member("todosByDue", .bool(true))) }
                        return .object(m)
                    }),
                "tags": .array(tags.map { .object(["name": .string($0.name), "color": .string($0.color)]) })
            ]), pretty: false)
        out.removeLast()  // "}": the item lists follow
        return out
    }

    /// `todoBlocks` of a summary `build` made, whose records have these many todos each (a
    /// patched summary's, whose todos are not all read): every block but the store's by due.
    public func builtTodoBlocks(counts: [Int]) -> [(count: Int, byDue: Bool)]? {
        let blocks = sources.indices.map { (count: counts[$0], byDue: sources[$0].name != Item.ownSource) }
        return blocks.contains { $0.byDue && $0.count > 0 } ? blocks : nil
    }

    /// How many todos each record of a summary's header says it has (`"todos"`, as
    /// `headerBytes(blocks:)` writes them), in the records' order; nil when one does not say.
    /// `header`: the summary's fields before its item lists, as an object.
    public static func recordedTodoCounts(_ header: [UInt8]) -> [Int]? {
        var p = JSONParser(header)
        do throws(JSONSyntaxError) {
            try p.beginObject()
            while let key = try p.nextKey() {
                guard key == "sources" else {
                    try p.skipValue()
                    continue
                }
                var counts: [Int] = []
                try p.beginArray()
                while try p.nextElement() {
                    try p.beginObject()
                    var count: Int?
                    while let k = try p.nextKey() {
                        if k == "todos", try p.kind() == .number {
                            count = Int(exactly: try p.readNumber())
                        } else {
                            try p.skipValue()
                        }
                    }
                    guard let count, count >= 0 else { return nil }
                    counts.append(count)
                }
                return counts
            }
        } catch {
            return nil
        }
        return nil
    }

    /// Each record's share of the todo list, when the list holds each record's todos together
    /// and in the records' order (as `build` makes it): how many, and whether they are in
    /// `todoBlockOrder` (never claimed for the store's, which keeps its own order). nil when
    /// the list is not so (a todo of no record, a record's todos apart, two records of a name),
    /// or no block is by due.
    func todoBlocks() -> [(count: Int, byDue: Bool)]? {
        var blocks = sources.map { (count: 0, byDue: $0.name != Item.ownSource) }
        var index: [String: Int] = [:]
        for (i, s) in sources.enumerated() {
            guard index.updateValue(i, forKey: s.name) == nil else { return nil }
        }
        var current = -1
        var lastKey: Int64?  // nil: in the block's undated run
        for todo in todos {
            guard let i = index[todo.source], i >= current else { return nil }
            if i != current { (current, lastKey) = (i, nil) }
            blocks[i].count += 1
            if let due = todo.due {
                let key = due.sortKey
                if let last = lastKey, key < last { blocks[i].byDue = false }
                lastKey = key
            } else if lastKey != nil {
                blocks[i].byDue = false
            }
        }
        // (Said only when a reader can pass over a block: a summary of the store alone is as
        // its lines' patches write it, `LineStore`.)
        return blocks.contains { $0.byDue && $0.count > 0 } ? blocks : nil
    }

    /// The summary as a JSON value (for `tminus summary`, which prints it indented).
    public func json() -> JSON {
        (try? JSONParser.parse(bytes())) ?? .null
    }

    /// Reads a summary (one pass over its bytes, items read by their own reader: every bar
    /// process does this); the error says which field is wrong, and on which line, naming the
    /// file as `path` (its field, and the start of its message).
    public init(bytes: [UInt8], path: String = "summary.json") throws(TMinusError) {
        var whole: NearRead?
        self = try Summary.read(bytes, path: path, near: &whole)
    }

    /// The reading of `init(bytes:path:)`; with `near`, items no output near its moment shows are
    /// passed over (`init(bytes:path:near:)`).
    /// `wholeIf`: asked once, with everything before the item lists, whether a read `near` a
    /// moment reads every item after all (`Summary(bytes:path:near:wholeIf:)`): nil, no; else yes,
    /// but for the items of the sources named, whose records are marked `itemsPassedOver`; then
    /// `near` is nil. `headerOnlyIf`: asked first, whether the read stops there (`headerOnly`:
    /// no item read, every record marked; `near` nil).
    static func read(
        _ bytes: [UInt8], path: String, near: inout NearRead?, wholeIf: ((Summary) -> Set<String>?)? = nil,
        headerOnlyIf: ((Summary) -> Bool)? = nil
    ) throws(TMinusError) -> Summary {
        func bad(_ what: String) -> TMinusError {
            .failure(tr: "%s: %s; rebuild it with tminus summary --rebuild", "\(path)", "\(what)", path: path)
        }
        var p = JSONParser(bytes)
        var format: String?, version: Double?, generated: Instant?, pending = false, setAside = 0, origin: String?
        var sources: [Source] = [], tags: [Tag] = [], deadlines: [Item] = [], todos: [Item] = []
        var itemProblem: String?
        // The sources whose items are passed over (`wholeIf`).
        var passed: [[UInt8]] = []
        var headerOnly = false
        func instant(_ field: String) throws(JSONSyntaxError) -> Instant {
            guard try p.kind() == .string, let raw = try p.readRawString(),
                let (local, offset) = raw.withUnsafeBufferPointer({ DateTimeText.parse(bytes: $0) }), let offset,
                case let t = Instant(local.secondsAsUTC - Int64(offset)), t.isSupported
            else {
                throw p.error(at: "\(field) is not an RFC 3339 date-time")
            }
            return t
        }
        do throws(JSONSyntaxError) {
            guard try p.kind() == .object else {
                throw p.error(at: "not a tminus summary (no \"format\": \"tminus-summary\")")
            }
            try p.beginObject()
            keys: while let key = try p.nextKey() {
                switch key {
                case "format": format = try p.kind() == .string ? try p.readString() : nil
                case "version": version = try p.kind() == .number ? try p.readNumber() : nil
                case "generated": generated = try instant("\"generated\"")
                case "pending" where try p.kind() == .bool: pending = try p.readBool()
                case "origin" where try p.kind() == .string:
                    let o = try p.readString()
                    origin = Item.isOrigin(o) ? o : nil
                case "setAside" where try p.kind() == .number:
                    let n = try p.readNumber()
                    setAside = n >= 0 && n <= 1_000_000 ? Int(n) : 0
                case "sources":
                    try p.beginArray()
                    var blocks: [(count: Int, byDue: Bool)]? = []
                    while try p.nextElement() {
                        try p.beginObject()
                        var s = Source(name: "?", stamp: Instant(0), items: 0)
                        var stamp: Instant?
                        var block: (count: Int?, byDue: Bool) = (nil, false)
                        while let k = try p.nextKey() {
                            switch k {
                            case "todos" where try p.kind() == .number:
                                let n = try p.readNumber()
                                block.count = n >= 0 && n <= 1e9 ? Int(n) : nil
                            case "todosByDue" where try p.kind() == .bool: block.byDue = try p.readBool()
                            case "name" where try p.kind() == .string: s.name = try p.readString()
                            case "stamp": stamp = try instant("a source's stamp")
                            case "items" where try p.kind() == .number:
                                s.items = Int(max(0, min(try p.readNumber(), Double(Item.maxHandle))))
                            case "file" where try p.kind() == .string: s.file = try p.readString()
                            case "fileStamp" where try p.kind() == .string: s.fileStamp = try p.readString()
                            case "kind" where try p.kind() == .string: s.kind = try p.readString()
                            case "key" where try p.kind() == .string: s.key = try p.readString()
                            case "zone" where try p.kind() == .string: s.zone = try p.readString()
                            case "error" where try p.kind() == .string: s.error = try p.readString()
                            case "hold" where try p.kind() == .number:
                                s.hold = Int64(max(0, min(try p.readNumber(), 1e12)))
                            case "refresh": s.refresh = try instant("a source's refresh")
                            case "problems" where try p.kind() == .array:
                                try p.beginArray()
                                while try p.nextElement() {
                                    if try p.kind() == .string {
                                        s.problems.append(try p.readString())
                                    } else {
                                        try p.skipValue()
                                    }
                                }
                            case "watch" where try p.kind() == .array:
                                try p.beginArray()
                                while try p.nextElement() {
                                    guard try p.kind() == .array else { try p.skipValue(); continue }
                                    try p.beginArray()
                                    var pair: [String] = []
                                    while try p.nextElement() {
                                        if try p.kind() == .string {
                                            pair.append(try p.readString())
                                        } else {
                                            try p.skipValue()
                                        }
                                    }
                                    if pair.count == 2 { s.watch.append(Source.Watched(path: pair[0], stamp: pair[1])) }
                                }
                            default: try p.skipValue()
                            }
                        }
                        guard let stamp else { throw p.error(at: "a source's stamp is not an RFC 3339 date-time") }
                        s.stamp = stamp
                        sources.append(s)
                        // (A reader far from now passes over blocks by these: every record must give one.)
                        if let n = block.count { blocks?.append((n, block.byDue)) } else { blocks = nil }
                    }
                    if near != nil, let blocks { near!.setBlocks(blocks) }
                    if near != nil { near!.setCalendars(sources) }
                case "tags":
                    tags = try StoreFile.readTags(&p, skippingBad: true)
                case "deadlines", "todos":
                    let kind: Item.Kind = key == "deadlines" ? .deadline : .todo
                    if near != nil, wholeIf != nil || headerOnlyIf != nil {
                        var header = Summary(generated: generated ?? Instant(0), sources: sources, tags: tags)
                        header.pending = pending
                        if let headerOnlyIf, headerOnlyIf(header) {
                            near = nil
                            headerOnly = true
                            for i in sources.indices { sources[i].itemsPassedOver = true }
                            break keys
                        }
                        if let passing = wholeIf?(header) {
                            near = nil
                            passed = passing.map { Array($0.utf8) }
                            for i in sources.indices where passing.contains(sources[i].name) {
                                sources[i].itemsPassedOver = true
                            }
                        }
                    }
                    guard try !p.readNull() else { continue }
                    try p.beginArray()
                    var position = 0
                    while try p.nextElement() {
                        position += 1
                        if !passed.isEmpty, NearRead.passes(&p, sources: passed) { continue }
                        if near != nil, near!.skips(&p, deadline: kind == .deadline) {
                            if kind == .todo { position += near!.passesRestOfBlock(&p, at: position - 1) }
                            continue
                        }
                        do throws(ItemReadError) {
                            let item = try Item.read(&p, kind: kind, lowerCaseIDs: true).0
                            if kind == .deadline { deadlines.append(item) } else { todos.append(item) }
                        } catch {
                            itemProblem = "\(kind.rawValue) \(position): \(error.message)"
                            throw JSONSyntaxError(line: error.line, column: 0, message: error.message)
                        }
                    }
                    if kind == .todo, near != nil { near!.endTodos(count: position) }
                default:
                    try p.skipValue()
                }
                if format != nil && format != Summary.format || (version.map { $0 != 1 } ?? false) { break }
            }
        } catch {
            // A foreign or newer file is reported as such, not by its first odd value.
            guard format == nil || format == Summary.format else {
                throw bad("not a tminus summary (no \"format\": \"tminus-summary\")")
            }
            if let v = version, v != Double(Summary.version) {
                throw bad("version \(JSONWriter.formatNumber(v)) is not one this tminus reads (1)")
            }
            if let itemProblem { throw bad(itemProblem) }
            throw .failure(
                tr: "%s line %s: %s; rebuild it with tminus summary --rebuild", "\(path)", "\(error.line)",
                "\(error.message)", path: path,
                line: error.line, cause: error)
        }
        guard format == Summary.format else { throw bad("not a tminus summary (no \"format\": \"tminus-summary\")") }
        guard let v = version, v == Double(Summary.version) else {
            throw bad(
                "version \(version.map { JSONWriter.formatNumber($0) } ?? "missing") is not one this tminus reads (1)")
        }
        guard let generated else { throw bad("\"generated\" is missing") }
        var summary = Summary(generated: generated, sources: sources, tags: tags, deadlines: deadlines, todos: todos)
        summary.pending = pending
        summary.setAside = setAside
        summary.origin = origin
        summary.headerOnly = headerOnly
        return summary
    }

    /// Reads a summary from a JSON value (tests and tools; tminus reads the bytes).
    public init(json: JSON) throws(TMinusError) {
        try self.init(bytes: JSONWriter.bytes(json, pretty: false))
    }
}

extension Summary.Source {
    /// The record's JSON (fields of other sources only when set).
    func json() -> JSON {
        var m: [JSON.Member] = [
            JSON.Member("name", .string(name)), JSON.Member("stamp", .string(stamp.description)),
            JSON.Member("items", .int(items))
        ]
        if let file { m.append(JSON.Member("file", .string(file))) }
        if let fileStamp { m.append(JSON.Member("fileStamp", .string(fileStamp))) }
        if let kind { m.append(JSON.Member("kind", .string(kind))) }
        if let key { m.append(JSON.Member("key", .string(key))) }
        if !watch.isEmpty {
            m.append(JSON.Member("watch", .array(watch.map { .array([.string($0.path), .string($0.stamp)]) })))
        }
        if let zone { m.append(JSON.Member("zone", .string(zone))) }
        if let hold { m.append(JSON.Member("hold", .number(Double(hold)))) }
        if let refresh { m.append(JSON.Member("refresh", .string(refresh.description))) }
        if !problems.isEmpty { m.append(JSON.Member("problems", .array(problems.map(JSON.string)))) }
        if let error { m.append(JSON.Member("error", .string(error))) }
        return .object(m)
    }
}
