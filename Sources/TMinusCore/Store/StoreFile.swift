/// Reads and writes `store.json`: the current version 3, and versions 1 and 2 for migration
/// (`docs/storage.md`). Pure: bytes in, values out; every number and date is range-checked, and
/// every error names the line and says what to do.
public enum StoreFile {
    /// A store as read, with what an older version still holds.
    public struct Loaded: Equatable, Sendable {
        /// The store the file holds, in the current version's shape.
        public var store: Store
        /// The file's version: below `Store.currentVersion`, the next write migrates it.
        public var version: Int
        /// Version 1 kept completed items in the store; they are history.
        public var legacyHistory: [Item]

        /// What was read: `store`, from a file of `version`, and version 1's completed items.
        public init(store: Store, version: Int, legacyHistory: [Item]) {
            self.store = store
            self.version = version
            self.legacyHistory = legacyHistory
        }
    }

    /// The store in `bytes`, the text of `path`; a failure naming `path` and the line when it cannot be read.
    public static func read(_ bytes: [UInt8], path: String) throws(TMinusError) -> Loaded {
        // First the version (an older tminus may have written it last), which also checks the
        // whole text is JSON; then everything else, read for that version. A store whose first
        // key is its version (as tminus writes it) is read once, not twice: what that read finds
        // wrong is said as the two reads would say it (`read(_:path:version:)`).
        if let version = leadingVersion(bytes), let loaded = try read(bytes, path: path, version: version) {
            return loaded
        }
        let version = try readVersion(bytes, path: path, bad: { bad($0, $1, path) })
        return try read(bytes, path: path, version: version, leading: false)!
    }

    /// A failure naming `path` and the line.
    static func bad(_ line: Int?, _ what: String, _ path: String) -> TMinusError {
        guard let line else {
            return .failure(tr: "%s: %s; fix or move the file (tminus has not changed it)", path, what, path: path)
        }
        return .failure(
            tr: "%s line %s: %s; fix or move the file (tminus has not changed it)", path, "\(line)", what,
            path: path, line: line)
    }

    /// The store read for `version`. `leading`: the version was taken from the first key alone
    /// (`leadingVersion`), and the whole text is checked only here: when this read fails, the
    /// version read past everything is asked first (its failure is the one said, as when it ran
    /// first), and nil is returned when the text has another "version" key (read again for the
    /// last one's, as `readVersion` takes it).
    static func read(_ bytes: [UInt8], path: String, version: Int, leading: Bool = true) throws(TMinusError) -> Loaded?
    {
        func bad(_ line: Int?, _ what: String) -> TMinusError { Self.bad(line, what, path) }
        var versionKeys = 0
        // (The links as read are in their order: not sorted again, `readLinks`.)
        var linksSorted = false
        var p = JSONParser(bytes)
        var store = Store(tags: [])
        var legacy: [Item] = []
        var nextHandle: Int?
        do throws(JSONSyntaxError) {
            try p.beginObject()
            while let key = try p.nextKey() {
                switch (key, version) {
                case ("nextHandle", 2...):
                    let n = try p.readNumber()
                    guard n.rounded() == n, n >= 1, n <= Double(Item.maxHandle + 1) else {
                        throw p.error(at: "\"nextHandle\" must be a whole number from 1 to \(Item.maxHandle + 1)")
                    }
                    nextHandle = Int(n)
                case ("tags", 1):
                    guard try p.kind() == .object else {
                        throw p.error(at: "\"tags\" must be an object of name: colour")
                    }
                    try p.beginObject()
                    var tags: [Tag] = []
                    while let name = try p.nextKey() {
                        guard try p.kind() == .string, case let c = try p.readString(), ColorText.isValid(c) else {
                            throw p.error(at: "tag \(Validation.printable(name)): the colour must be #rrggbb")
                        }
                        tags.append(Tag(name: name, color: c.lowercased()))
                    }
                    store.tags = tags.sorted { $0.name < $1.name }
                case ("tags", _):
                    store.tags = try readTags(&p)
                case ("history", 3):
                    store.history = try readHistory(&p)
                case ("links", 3):
                    store.links = try readLinks(&p, sorted: &linksSorted)
                case ("pending", 3):
                    store.pending = try readPending(&p)
                case ("setAside", 3):
                    store.setAside = try readPending(&p, list: "setAside")
                case ("freeHandles", 3):
                    store.freeHandles = try readFreeHandles(&p)
                case ("items", _), ("deadlines", 2), ("todos", 2):
                    guard try !p.readNull() else { continue }
                    guard try p.kind() == .array else { throw p.error(at: "\"\(key)\" must be a list") }
                    try p.beginArray()
                    var position = 0
                    while try p.nextElement() {
                        position += 1
                        let kind: Item.Kind? = key == "deadlines" ? .deadline : key == "todos" ? .todo : nil
                        let item: Item
                        do throws(ItemReadError) { item = try readItem(&p, kind: kind, version: version) } catch {
                            throw JSONSyntaxError(
                                line: error.line, column: 0,
                                message:
                                    "\(key) item \(error.handle.map { "#\($0)" } ?? "\(position)"): \(error.message)")
                        }
                        if version == 1 {
                            if item.completed != nil { legacy.append(item) } else { store.insert(item) }
                            store.nextHandle = max(store.nextHandle, item.handle + 1)
                        } else {
                            store.items.append(item)
                        }
                    }
                case ("version", _):
                    versionKeys += 1
                    try p.skipValue()
                default:
                    try p.skipValue()
                }
            }
            try p.finish()
        } catch {
            if leading {
                guard try readVersion(bytes, path: path, bad: bad) == version else { return nil }
            }
            var e = bad(error.line, error.message)
            e.cause = error
            throw e
        }
        if leading && versionKeys > 1 { return nil }
        if version >= 2 {
            guard let nextHandle else { throw bad(nil, "\"nextHandle\" is missing") }
            store.nextHandle = nextHandle
        }
        if version == 2 { store.items.sort { $0.handle < $1.handle } }
        if let high = store.links.first(where: { $0.handle >= store.nextHandle }) {
            throw .failure(
                tr:
                    "%s: the link of %s item %s has handle %s, not below nextHandle; fix or move the file (tminus has not changed it)",
                "\(path)", "\(high.source)", "\(Validation.printable(high.id))", "\(high.handle)", path: path
            )
        }
        if !linksSorted { store.links.sort(by: <) }
        if !store.freeHandles.isEmpty {
            // Runs past nextHandle, or holding a handle in use (a hand-edited file), are not given
            // out: only what is really free is kept (doctor names the difference).
            let open = Set(store.items.map(\.handle) + store.links.map(\.handle))
            let within = store.freeHandles.filter { $0.high < store.nextHandle }
            store.freeHandles = Store.normalized(Store.subtract(open, from: within))
        }
        if version == 3, let bad = store.history.removing.first(where: { $0 >= store.history.bytes }) {
            throw .failure(
                tr:
                    "%s: history.removing holds an offset outside the archive (%s); fix or move the file (tminus has not changed it)",
                "\(path)", "\(bad)", path: path
            )
        }
        return Loaded(store: store, version: version, legacyHistory: legacy)
    }

    /// A version-1 item: `done`/`doneAt` for completion; a deadline without a due date was a todo.
    static func readItem(_ p: inout JSONParser, kind: Item.Kind?, version: Int) throws(ItemReadError) -> Item {
        guard version == 1 else { return try Item.read(&p, kind: kind).0 }
        // Version 1 wrote a deadline without a due date as a todo would be: read it as one.
        let mark = p
        var item: Item
        var extras: Item.Extras
        do throws(ItemReadError) { (item, extras) = try Item.read(&p) } catch {
            guard error.message.contains("a deadline needs one") else { throw error }
            p = mark
            (item, extras) = try Item.read(&p, kind: .todo)
        }
        if extras.done == true { item.completed = extras.doneAt ?? item.created }
        return item
    }

    /// The tags list, `[{"name": …, "color": "#rrggbb"}]`, as the store and the summary hold it.
    /// A bad tag is an error, or with `skippingBad` (another program's summary) left out.
    public static func readTags(_ p: inout JSONParser, skippingBad: Bool = false) throws(JSONSyntaxError) -> [Tag] {
        try readObjects(&p, list: "tags", element: "a tag needs a \"name\" and a \"color\"") {
            (p: inout JSONParser) throws(JSONSyntaxError) -> Tag? in
            var name: String?, color: String?
            while let key = try p.nextKey() {
                switch key {
                case "name" where try p.kind() == .string: name = try p.readString()
                case "color" where try p.kind() == .string: color = try p.readString()
                default: try p.skipValue()
                }
            }
            guard let name, !name.isEmpty, let color, ColorText.isValid(color) else {
                if skippingBad { return nil }
                guard let name, !name.isEmpty, color != nil else {
                    throw p.error(at: "a tag needs a \"name\" and a \"color\"")
                }
                throw p.error(at: "tag \(Validation.printable(name)): the colour must be #rrggbb")
            }
            return Tag(name: name, color: color.lowercased())
        }
    }

    /// A list of objects (`null` is an empty one), each read by `element` once its `{` is read
    /// (nil: left out); `what` is the error for an element that is not an object.
    static func readObjects<T>(
        _ p: inout JSONParser, list: String, element what: String,
        _ element: (inout JSONParser) throws(JSONSyntaxError) -> T?
    ) throws(JSONSyntaxError) -> [T] {
        guard try !p.readNull() else { return [] }
        guard try p.kind() == .array else { throw p.error(at: "\"\(list)\" must be a list") }
        try p.beginArray()
        var out: [T] = []
        while try p.nextElement() {
            guard try p.kind() == .object else { throw p.error(at: what) }
            try p.beginObject()
            if let value = try element(&p) { out.append(value) }
        }
        return out
    }

    /// `[{"low": n, "high": n, "from": time}]`.
    static func readFreeHandles(_ p: inout JSONParser) throws(JSONSyntaxError) -> [HandleRange] {
        let what = "a free handle range needs \"low\" and \"high\" (whole numbers, low ≤ high) and \"from\" (a time)"
        return try readObjects(&p, list: "freeHandles", element: what) {
            (p: inout JSONParser) throws(JSONSyntaxError) -> HandleRange? in
            var low: Int?, high: Int?, from: Instant?
            while let key = try p.nextKey() {
                switch key {
                case "low" where try p.kind() == .number, "high" where try p.kind() == .number:
                    let n = try p.readNumber()
                    guard n.rounded() == n, n >= 1, n <= Double(Item.maxHandle) else { throw p.error(at: what) }
                    if key == "low" { low = Int(n) } else { high = Int(n) }
                case "from" where try p.kind() == .string:
                    from = RFC3339.parse(try p.readString()).flatMap { $0.isSupported ? $0 : nil }
                default: try p.skipValue()
                }
            }
            guard let low, let high, low <= high, let from else { throw p.error(at: what) }
            return HandleRange(low: low, high: high, from: from)
        }
    }

    /// `[{"kind": …, "at": …, "item": {…}, "to": {…}, "record": n}]`.
    static func readPending(_ p: inout JSONParser, list: String = "pending") throws(JSONSyntaxError)
        -> [PendingSourceChange]
    {
        try readObjects(&p, list: list, element: "a pending change must be an object") {
            (p: inout JSONParser) throws(JSONSyntaxError) -> PendingSourceChange? in
            var kind: PendingSourceChange.Kind?, at: Instant?, item: Item?, to: Item?, record: Int64?, tries = 1,
                reason: String?
            while let key = try p.nextKey() {
                switch key {
                case "kind" where try p.kind() == .string:
                    let k = try p.readString()
                    kind = PendingSourceChange.Kind.allCases.first { $0.rawValue == k }
                case "at" where try p.kind() == .string:
                    at = RFC3339.parse(try p.readString())
                case "item", "to":
                    do throws(ItemReadError) {
                        let read = try Item.read(&p).0
                        if key == "item" { item = read } else { to = read }
                    } catch {
                        throw JSONSyntaxError(
                            line: error.line, column: 0, message: "a pending change's \(key): \(error.message)")
                    }
                case "record" where try p.kind() == .number:
                    let n = try p.readNumber()
                    guard n.rounded() == n, n >= 0, n < Double(1 << 50) else {
                        throw p.error(at: "a pending change's record must be an archive offset")
                    }
                    record = Int64(n)
                case "tries" where try p.kind() == .number:
                    // Range-checked like every number: a huge or odd count reads as "tried enough".
                    let n = try p.readNumber()
                    tries = n.rounded() == n && n >= 0 && n <= 1000 ? Int(n) : 1000
                case "reason" where try p.kind() == .string:
                    reason = ControlText.clean(String(try p.readString().prefix(500)), replacement: "?", dropBidi: true)
                default: try p.skipValue()
                }
            }
            guard let kind, let at, let item, item.source != Item.ownSource, kind != .update || to != nil,
                kind != .reopen || record != nil
            else {
                throw p.error(
                    at:
                        "a pending change needs a kind, an at, another source's item (and a \"to\" to update, a record to reopen)"
                )
            }
            var change = PendingSourceChange(kind: kind, item: item, to: to, at: at, record: record)
            change.tries = tries
            change.reason = reason
            return change
        }
    }

    static func readHistory(_ p: inout JSONParser) throws(JSONSyntaxError) -> HistoryMeta {
        guard try !p.readNull() else { return HistoryMeta() }
        guard try p.kind() == .object else { throw p.error(at: "\"history\" must be an object") }
        try p.beginObject()
        var meta = HistoryMeta()
        func count(_ key: String, max: Int) throws(JSONSyntaxError) -> Int {
            guard try p.kind() == .number else {
                throw p.error(at: "history.\(key) must be a whole number from 0 to \(max)")
            }
            let n = try p.readNumber()
            guard n.rounded() == n, n >= 0, n <= Double(max) else {
                throw p.error(at: "history.\(key) must be a whole number from 0 to \(max)")
            }
            return Int(n)
        }
        while let key = try p.nextKey() {
            switch key {
            case "bytes": meta.bytes = Int64(try count(key, max: 1 << 50))
            case "deadlines": meta.deadlines = try count(key, max: Item.maxHandle)
            case "todos": meta.todos = try count(key, max: Item.maxHandle)
            case "removing":
                try p.beginArray()
                while try p.nextElement() { meta.removing.append(Int64(try count("removing", max: 1 << 50))) }
            case "index":
                guard try p.kind() == .string, case let name = try p.readString(), HistoryMeta.isIndexName(name) else {
                    throw p.error(at: "history.index must be index.<letters and digits>")
                }
                meta.index = name
            default: try p.skipValue()
            }
        }
        return meta
    }
}

extension HistoryMeta {
    /// `index.` and 1 to 32 letters or digits: the name is joined to the home's path, so nothing
    /// else is accepted from the file.
    public static func isIndexName(_ name: String) -> Bool {
        guard name.hasPrefix("index.") else { return false }
        let rest = name.utf8.dropFirst(6)
        return (1...32).contains(rest.count)
            && rest.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
    }
}
