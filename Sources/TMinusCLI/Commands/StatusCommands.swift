import TMinusCore
import TMinusIO

/// `tminus done REF…`, `undo REF…`, `rm REF…`: every ref is resolved first, so one bad ref
/// changes nothing.
enum StatusCommands {
    static func done(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let refs = try parseRefs(raw, command: "done", ctx)
        let items = try ctx.container.mutate(now: ctx.now) { (store: inout Store, archive: inout Container.ArchiveChanges) throws(TMinusError) -> [Item] in
            let found = try resolveAll(refs, among: store.items, what: "open item")
            for item in found {
                store.remove(id: item.idString)
                archive.append.append(item.marked(completed: ctx.now))
            }
            return found
        }
        for item in items { ctx.say("done #\(item.handle) \(item.title)") }
        return 0
    }

    static func undo(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let refs = try parseRefs(raw, command: "undo", ctx)
        let items = try ctx.container.mutate(now: ctx.now) { (store: inout Store, archive: inout Container.ArchiveChanges) throws(TMinusError) -> [Item] in
            let found = try resolveAll(refs, among: try ctx.container.loadArchive(), what: "completed item")
            for item in found {
                archive.remove.insert(item.idString)
                store.insert(item.marked(completed: nil))
            }
            return found
        }
        for item in items { ctx.say("reopened #\(item.handle) \(item.title)") }
        return 0
    }

    static func rm(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let refs = try parseRefs(raw, command: "rm", ctx)
        let items = try ctx.container.mutate(now: ctx.now) { (store: inout Store, archive: inout Container.ArchiveChanges) throws(TMinusError) -> [Item] in
            // Open items first: a ref that names an open item never reaches into history.
            var found: [Item] = []
            let open = store.items
            var history: [Item]?
            for ref in refs {
                let item: Item
                do throws(TMinusError) { item = try RefResolver.resolve(ref, among: open) } catch let openError {
                    if history == nil { history = try ctx.container.loadArchive() }
                    guard let h = history, let old = try? RefResolver.resolve(ref, among: h, what: "item") else { throw openError }
                    item = old
                }
                if !found.contains(where: { $0.id == item.id }) { found.append(item) }
            }
            for item in found {
                if store.remove(id: item.idString) == nil { archive.remove.insert(item.idString) }
            }
            return found
        }
        for item in items { ctx.say("removed #\(item.handle) \(item.title)") }
        return 0
    }

    static func parseRefs(_ raw: [String], command: String, _ ctx: Context) throws(TMinusError) -> [String] {
        let a = try Arguments.parse(raw, command: command)
        try a.expectPositional(1...1000, command: command, usage: "one or more REFs (a number from tminus list, an id prefix or a title)")
        return a.positional
    }

    static func resolveAll(_ refs: [String], among items: [Item], what: String) throws(TMinusError) -> [Item] {
        var out: [Item] = []
        for ref in refs {
            let item = try RefResolver.resolve(ref, among: items, what: what)
            if !out.contains(where: { $0.id == item.id }) { out.append(item) }
        }
        return out
    }
}

extension Item {
    func marked(completed: Instant?) -> Item {
        switch self {
        case .deadline(var d): d.completed = completed; return .deadline(d)
        case .todo(var t): t.completed = completed; return .todo(t)
        }
    }
}
