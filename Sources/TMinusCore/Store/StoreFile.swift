/// Reads and writes `store.json`: the current version 3, and versions 1 and 2 for migration
/// (`docs/storage.md`). Pure: bytes in, values out; every number and date is range-checked, and
/// every error names the line and says what to do.
public enum StoreFile {
    /// A store as read, with what an older version still holds.
    public struct Loaded: Equatable, Sendable {
        public var store: Store
        /// The file's version: below `Store.currentVersion`, the next write migrates it.
        public var version: Int
        /// Version 1 kept completed items in the store; they are history.
        public var legacyHistory: [Item]

        public init(store: Store, version: Int, legacyHistory: [Item]) {
            self.store = store
            self.version = version
            self.legacyHistory = legacyHistory
        }
    }

    public static func read(_ bytes: [UInt8], path: String) throws(TMinusError) -> Loaded {
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch {
            throw .failure("\(path) line \(error.line): \(error.message); fix or move the file (tminus has not changed it)")
        }
        func bad(_ line: Int?, _ what: String) -> TMinusError {
            .failure("\(path)\(line.map { " line \($0)" } ?? ""): \(what); fix or move the file (tminus has not changed it)")
        }
        guard let members = json.members else { throw bad(1, "not a tminus store (not a JSON object)") }
        func line(_ key: String) -> Int? { members.last { $0.key == key }?.line }
        guard let v = json["version"] else { throw bad(1, "no \"version\"; it is not a tminus store") }
        guard let version = v.intValue, (1...Store.currentVersion).contains(version) else {
            if let n = v.intValue, n > Store.currentVersion {
                throw .failure("\(path) is version \(n), newer than this tminus reads (\(Store.currentVersion)); upgrade tminus")
            }
            throw bad(line("version"), "\"version\" must be 1, 2 or 3")
        }
        func items(_ list: JSON?, key: String, kind: Item.Kind?) throws(TMinusError) -> [Item] {
            guard let list, !list.isNull else { return [] }
            guard let array = list.arrayValue else { throw bad(line(key), "\"\(key)\" must be a list") }
            var out: [Item] = []
            out.reserveCapacity(array.count)
            for (i, element) in array.enumerated() {
                do { out.append(try read(element, kind: kind, version: version)) } catch {
                    let where_ = element.members?.first?.line ?? line(key)
                    let name = element["handle"]?.intValue.map { "#\($0)" } ?? "\(i + 1)"
                    throw bad(where_, "\(key) item \(name): \(error.description)")
                }
            }
            return out
        }
        var store = Store(tags: [])
        var legacy: [Item] = []
        switch version {
        case 1:
            if let tags = json["tags"], !tags.isNull {
                guard let map = tags.members else { throw bad(line("tags"), "\"tags\" must be an object of name: colour") }
                for m in map.sorted(by: { $0.key < $1.key }) {
                    guard let c = m.value.stringValue, ColorText.isValid(c) else { throw bad(m.line, "tag \(m.key): the colour must be #rrggbb") }
                    store.tags.append(Tag(name: m.key, color: c.lowercased()))
                }
            }
            for item in try items(json["items"], key: "items", kind: nil) {
                if item.completed != nil { legacy.append(item) } else { store.insert(item) }
                store.nextHandle = max(store.nextHandle, item.handle + 1)
            }
        default:
            store.tags = try tags(json["tags"], line: line("tags"), bad: bad)
            if version == 2 {
                store.items = try items(json["deadlines"], key: "deadlines", kind: .deadline)
                    + items(json["todos"], key: "todos", kind: .todo)
                store.items.sort { $0.handle < $1.handle }
            } else {
                store.items = try items(json["items"], key: "items", kind: nil)
                store.history = try history(json["history"], line: line("history"), bad: bad)
            }
            guard let n = json["nextHandle"]?.intValue, (1...Item.maxHandle + 1).contains(n) else {
                throw bad(line("nextHandle"), "\"nextHandle\" must be a whole number from 1 to \(Item.maxHandle + 1)")
            }
            store.nextHandle = n
        }
        return Loaded(store: store, version: version, legacyHistory: legacy)
    }

    /// A version-1 item: `done`/`doneAt` for completion; a deadline without a due date was a todo.
    static func read(_ element: JSON, kind: Item.Kind?, version: Int) throws(ItemReadError) -> Item {
        guard version == 1 else { return try Item(json: element, kind: kind) }
        let noDue = element["due"] == nil || element["due"]?.isNull == true
        var item = try Item(json: element, kind: element["kind"]?.stringValue == "deadline" && noDue ? .todo : nil)
        if element["done"]?.boolValue == true {
            let doneAt = element["doneAt"]?.stringValue.flatMap(RFC3339.parse)
            item.completed = doneAt ?? item.created
        }
        return item
    }

    static func tags(_ json: JSON?, line: Int?, bad: (Int?, String) -> TMinusError) throws(TMinusError) -> [Tag] {
        guard let json, !json.isNull else { return [] }
        guard let list = json.arrayValue else { throw bad(line, "\"tags\" must be a list") }
        var out: [Tag] = []
        for t in list {
            let at = t.members?.first?.line ?? line
            guard let name = t["name"]?.stringValue, !name.isEmpty, let color = t["color"]?.stringValue else {
                throw bad(at, "a tag needs a \"name\" and a \"color\"")
            }
            guard ColorText.isValid(color) else { throw bad(at, "tag \(Validation.printable(name)): the colour must be #rrggbb") }
            out.append(Tag(name: name, color: color.lowercased()))
        }
        return out
    }

    static func history(_ json: JSON?, line: Int?, bad: (Int?, String) -> TMinusError) throws(TMinusError) -> HistoryMeta {
        guard let json, !json.isNull else { return HistoryMeta() }
        guard json.members != nil else { throw bad(line, "\"history\" must be an object") }
        func count(_ key: String, max: Int) throws(TMinusError) -> Int {
            guard let v = json[key] else { return 0 }
            guard let n = v.intValue, (0...max).contains(n) else { throw bad(line, "history.\(key) must be a whole number from 0 to \(max)") }
            return n
        }
        var meta = HistoryMeta()
        meta.bytes = Int64(try count("bytes", max: 1 << 50))
        meta.deadlines = try count("deadlines", max: Item.maxHandle)
        meta.todos = try count("todos", max: Item.maxHandle)
        for r in json["removing"]?.arrayValue ?? [] {
            guard let n = r.intValue, n >= 0, Int64(n) < meta.bytes else { throw bad(line, "history.removing holds an offset outside the archive") }
            meta.removing.append(Int64(n))
        }
        if let name = json["index"]?.stringValue {
            guard HistoryMeta.isIndexName(name) else { throw bad(line, "history.index must be index.<letters and digits>") }
            meta.index = name
        }
        return meta
    }

    /// The file's bytes: indented JSON, items in handle order.
    public static func write(_ store: Store) -> [UInt8] {
        var history: [JSON.Member] = [
            JSON.Member("bytes", .number(Double(store.history.bytes))),
            JSON.Member("deadlines", .int(store.history.deadlines)),
            JSON.Member("todos", .int(store.history.todos)),
        ]
        if !store.history.removing.isEmpty {
            history.append(JSON.Member("removing", .array(store.history.removing.map { .number(Double($0)) })))
        }
        if let index = store.history.index { history.append(JSON.Member("index", .string(index))) }
        let json = JSON.object([
            "version": .int(Store.currentVersion),
            "nextHandle": .int(store.nextHandle),
            "tags": .array(store.tags.map { .object(["name": .string($0.name), "color": .string($0.color)]) }),
            "history": .object(history),
            "items": .array(store.items.map { $0.json() }),
        ])
        return Array(JSONWriter.pretty(json).utf8)
    }
}

extension HistoryMeta {
    /// `index.` and 1 to 32 letters or digits: the name is joined to the home's path, so nothing
    /// else is accepted from the file.
    public static func isIndexName(_ name: String) -> Bool {
        guard name.hasPrefix("index.") else { return false }
        let rest = name.utf8.dropFirst(6)
        return (1...32).contains(rest.count) && rest.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
    }
}

/// `#rrggbb` colours as files hold them.
public enum ColorText {
    public static func isValid(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 7 && u[0] == 0x23 && u.dropFirst().allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66)
        }
    }
}
