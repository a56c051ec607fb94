/// The shared summary (`summary.json`): everything a widget needs and nothing more: open
/// deadlines and todos from every source, tag colours, and the stamps of the files it was built
/// from, so a reader can tell with one `stat` whether it is stale. Read by every bar process, so
/// it is parsed with the project's own JSON parser. Schema: `docs/summary-format.md`.
public struct Summary: Equatable, Sendable {
    /// The `format` every summary carries; a reader refuses any other.
    public static let format = "tminus-summary"
    /// The schema version written; a reader refuses a newer one.
    public static let version = 1

    /// Where items came from, and the state of that source the summary was built from.
    public struct Source: Equatable, Sendable {
        /// The source's name: `tminus` for the store, else its name in the config.
        public var name: String
        /// When the summary was built from it.
        public var stamp: Instant
        /// How many open items it gave.
        public var items: Int
        /// The file the source was read from (relative to the home, or absolute) and its
        /// `FileStamp` then: when the file's stamp differs now, the summary is stale.
        public var file: String?
        /// That file's `FileStamp` text (inode, size, modification time) when the source was read.
        public var fileStamp: String?
        /// Other sources (the config's `sources`): their kind and what their reading depends on.
        public var kind: String?
        /// What its reading depends on in the config (`SourceConfig.key`).
        public var key: String?
        /// The files and folders whose stamps were taken before the source was read: when one
        /// differs now (or is gone, or appeared), the source is read again.
        public var watch: [Watched]
        /// The zone and hold its calendar items were read with (a change re-reads them).
        public var zone: String?
        /// The `overHold`, in seconds, its calendar items were read with.
        public var hold: Int64?
        /// When it must be read again anyway (an event's instance is over: the next one is due).
        public var refresh: Instant?
        /// What was skipped or guessed, each naming the file, line and property.
        public var problems: [String]
        /// Why it could not be read at all (then it shows no items).
        public var error: String?
        /// This reading of the summary passed over the source's items (a summary read for a fold
        /// that reads the source again: `Summary(bytes:near:wholeIf:)`): its part is never kept
        /// as it is, nor the summary shown. Not written.
        public var itemsPassedOver = false

        /// A file or folder watched for changes, with its stamp from before the source was read.
        public struct Watched: Equatable, Sendable {
            /// The watched file's or folder's path.
            public var path: String
            /// `FileStamp` text, or "-" when there was nothing at the path.
            public var stamp: String
            /// `path` with the stamp it had (`-` when nothing was there).
            public init(path: String, stamp: String) {
                self.path = path
                self.stamp = stamp
            }
        }

        /// A source's record; only `name`, `stamp` and `items` are needed.
        public init(
            name: String, stamp: Instant, items: Int, file: String? = nil, fileStamp: String? = nil,
            kind: String? = nil,
            key: String? = nil, watch: [Watched] = [], zone: String? = nil, hold: Int64? = nil, refresh: Instant? = nil,
            problems: [String] = [], error: String? = nil
        ) {
            self.name = name
            self.stamp = stamp
            self.items = items
            self.file = file
            self.fileStamp = fileStamp
            self.kind = kind
            self.key = key
            self.watch = watch
            self.zone = zone
            self.hold = hold
            self.refresh = refresh
            self.problems = problems
            self.error = error
        }
    }

    /// One source's share of the summary: its record and its open items.
    public struct Part: Equatable, Sendable {
        /// The source's record.
        public var source: Source
        /// The source's open items.
        public var items: [Item]
        /// The part of `source`, holding `items`.
        public init(source: Source, items: [Item]) {
            self.source = source
            self.items = items
        }
    }

    /// When the summary was written.
    public var generated: Instant
    /// The store has changes to other sources not made yet (a command was killed making them):
    /// a reader makes them before it trusts this summary.
    public var pending = false
    /// Why this read could not make the pending changes (a full disk): the summary is then the
    /// committed state, not written, and says so (never in the file).
    public var waiting: String?
    /// Read for a bar's output at one moment (`init(bytes:path:near:)`), with the items far from
    /// it left out: it shows what the whole summary shows until this instant, and is read again
    /// then. nil: every item is here. Never in the file; a summary read so is never written.
    public var completeUntil: Instant?
    /// Only the fields before the item lists were read (`Summary(bytes:near:wholeIf:headerOnlyIf:)`):
    /// no item is here, every record is marked `itemsPassedOver`. Never in the file.
    public var headerOnly = false
    /// How many changes to other sources are set aside (`tminus doctor` names them).
    public var setAside = 0
    /// The id of the home that wrote it (its own items are that home's; see `Item.origin`).
    public var origin: String?
    /// A record of each source the items came from (the store's first, when tminus built it).
    public var sources: [Source]
    /// Every tag, with its colour (`#rrggbb`).
    public var tags: [Tag]
    /// Open deadlines, by due date then handle.
    public var deadlines: [Item]
    /// Open todos, in their sources' order.
    public var todos: [Item]

    /// A summary written at `generated`; not pending, nothing set aside, no origin.
    public init(
        generated: Instant, sources: [Source] = [], tags: [Tag] = [], deadlines: [Item] = [], todos: [Item] = []
    ) {
        self.generated = generated
        self.sources = sources
        self.tags = tags
        self.deadlines = deadlines
        self.todos = todos
    }

    /// The summary after a change to the store: the store's open items (tag colours resolved,
    /// creation dates left out) replace the store's part of `previous`; items of every other
    /// source in `previous` are kept, so a store write never drops them.
    public static func build(from store: Store, now: Instant, storeStamp: String?, keeping previous: Summary? = nil)
        -> Summary
    {
        var extraTags: [Tag] = []
        for t in previous?.tags ?? [] where store.tag(named: t.name) == nil { extraTags.append(t) }
        return build(
            from: store, now: now, storeStamp: storeStamp, parts: previous?.parts() ?? [], extraTags: extraTags)
    }

    /// The summary of the store's open items and the other sources' parts. Items whose tag the
    /// store knows get that tag's colour (so a colour changed with `tminus tag` shows at once).
    public static func build(from store: Store, now: Instant, storeStamp: String?, parts: [Part], extraTags: [Tag] = [])
        -> Summary
    {
        var deadlines: [Item] = []
        var todos: [Item] = []
        for item in store.items {
            let entry = own(item, tags: store)
            if item.isDeadline { deadlines.append(entry) } else { todos.append(entry) }
        }
        var sources = [Source.store(at: now, items: store.items.count, fileStamp: storeStamp)]
        for part in parts where part.source.name != Item.ownSource {
            sources.append(part.source)
            var partTodos: [Item] = []
            for var item in part.items {
                if let tag = store.tag(named: item.tag) { item.color = tag.color }
                // What widgets do not read stays out (every bar process parses every item): a
                // creation date is only a deadline's progress start when it has no start.
                if !item.isDeadline || item.start != nil { item.created = nil }
                if item.isDeadline { deadlines.append(item) } else { partTodos.append(item) }
            }
            todos += Self.todoBlockOrder(partTodos)
        }
        // (Each key made once, and places sorted, not items: an item moved is a copy of a big
        // value, and a comparison that made its key made an id's String each time.)
        let keys = deadlines.map(\.deadlineOrder)
        deadlines = keys.indices.sorted { keys[$0] < keys[$1] }.map { deadlines[$0] }
        return Summary(
            generated: now, sources: sources, tags: store.tags + extraTags, deadlines: deadlines, todos: todos)
    }

    /// Another source's todos in the order the summary lists them: the undated first, as the
    /// source gave them, then the dated by due (then handle, then id). A bar's read passes over
    /// the rest of such a block at its first todo far from now (`Summary(bytes:path:near:)`):
    /// a todo.txt of ten thousand lines, months ahead, costs the bar one of them.
    public static func todoBlockOrder(_ todos: [Item]) -> [Item] {
        let undated = todos.filter { $0.due == nil }
        // (Each key once, not in every comparison.)
        let dated = todos.indices.compactMap { i in todos[i].due.map { (key: $0.sortKey, index: i) } }.sorted {
            ($0.key, todos[$0.index].handle, todos[$0.index].id) < ($1.key, todos[$1.index].handle, todos[$1.index].id)
        }
        return undated + dated.map { todos[$0.index] }
    }

    /// The store's item as the summary holds it: its tag's name and colour as the store has
    /// them, without its creation or completion date.
    public static func own(_ item: Item, tags store: Store) -> Item {
        var item = item
        let tag = store.tag(named: item.tag)
        item.tag = tag?.name ?? item.tag
        item.color = tag?.color
        item.created = nil
        item.completed = nil
        return item
    }

    /// Every other source's part: its record and its items (in the summary's order).
    public func parts() -> [Part] {
        sources.filter { $0.name != Item.ownSource }.map { s in
            Part(source: s, items: deadlines.filter { $0.source == s.name } + todos.filter { $0.source == s.name })
        }
    }

    /// The store's file stamp this summary was built from, or nil when it does not say (written by
    /// another program, or by an older tminus).
    public var storeStamp: String? {
        sources.first { $0.name == Item.ownSource && $0.file == "store.json" }?.fileStamp
    }

    /// The names of the sources whose deadlines with an end are calendar events (the calendar
    /// kinds: `SourceConfig.Kind.isCalendar`).
    public var calendarSources: [String] {
        sources.filter { $0.kind.flatMap(SourceConfig.Kind.init(rawValue:))?.isCalendar ?? false }.map(\.name)
    }

    /// Whether it claims to show tminus's store.
    public var hasOwnSource: Bool { sources.contains { $0.name == Item.ownSource } }
}

extension Item {
    /// Where a deadline goes in the summary's list: by due date, then handle, then id.
    public var deadlineOrder: DeadlineOrder { DeadlineOrder(due: due?.sortKey ?? 0, handle: handle, id: id) }
}

/// The summary's order of deadlines (a tuple would do, but a named type says what it is for).
public struct DeadlineOrder: Comparable, Sendable {
    /// The due date's `Due.sortKey` (0 for none), in seconds since 1970.
    public let due: Int64
    /// The deadline's handle.
    public let handle: Int
    /// The deadline's id, the last tie-breaker.
    public let id: String

    /// By due date, then handle, then id.
    public static func < (a: DeadlineOrder, b: DeadlineOrder) -> Bool {
        (a.due, a.handle, a.id) < (b.due, b.handle, b.id)
    }
}

extension Due {
    /// A zone-free ordering key: a whole day sorts at its UTC end (good enough to order a list).
    public var sortKey: Int64 {
        switch self {
        case .instant(let t): t.seconds
        case .day(let d): (d.daysSinceEpoch + 1) * 86_400
        }
    }
}

extension Summary.Source {
    /// The store's record, as a summary built at `now` from a store of `items` open items
    /// (stamped `fileStamp`) has it: a fold, a change's lines patched, a sync's patch.
    public static func store(at now: Instant, items: Int, fileStamp: String?) -> Summary.Source {
        Summary.Source(name: Item.ownSource, stamp: now, items: items, file: "store.json", fileStamp: fileStamp)
    }

    /// The problem `sources` and `doctor` show for a source skipped because what it reads
    /// through is not there (GNOME's Evolution Data Server), `reason` kept for the reader's
    /// language.
    public static func skipped(_ reason: String) -> String {
        deferred("skipped: %s (GNOME's calendars are read when it is)", reason)
    }

    /// Whether a source's problem is `skipped`'s (or the English line an earlier release wrote).
    public static func isSkipped(_ problem: String) -> Bool {
        problem.hasPrefix(String(skipped("").unicodeScalars.prefix { $0 != "\u{2}" })) || problem.hasPrefix("skipped: ")
    }
}
