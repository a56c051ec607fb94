import TMinusApp
import TMinusCore
import TMinusStore

extension TagCommand {
    /// `tag add`'s options, declared once: its spec lists them, `add` reads them (`a[AddOptions.color]`).
    enum AddOptions {
        static let color = Opt.option("color", "#RRGGBB", "its colour (default: the next of a palette)")
    }

    /// `tag list`'s options.
    enum ListOptions {
        static let json = CommandTable.json
        static let color = CommandTable.colorOption("each tag in its colour")
    }

    /// `tag edit`'s options.
    enum EditOptions {
        static let name = Opt.option("name", "NEW", "a new name")
        static let color = Opt.option("color", "#RRGGBB", "a new colour")
    }
}

extension Specs {
    /// `tminus tag`, and its subcommands.
    static let tag = CommandSpec(
        name: "tag", group: "items", summary: "tags with colours",
        subcommands: [
            CommandSpec(
                name: "add", group: "", arguments: "NAME", summary: "a new tag",
                options: [TagCommand.AddOptions.color.spec]),
            CommandSpec(
                name: "list", aliases: ["ls"], group: "", summary: "every tag",
                options: [TagCommand.ListOptions.json.spec, TagCommand.ListOptions.color.spec]),
            CommandSpec(
                name: "edit", group: "", arguments: "NAME", summary: "rename or recolour a tag",
                options: [TagCommand.EditOptions.name.spec, TagCommand.EditOptions.color.spec]),
            CommandSpec(name: "rm", group: "", arguments: "NAME", summary: "remove a tag")
        ], text: "Tags colour items in the bar. A few are prefilled: work, personal, study, errand.",
        examples: ["tminus tag add school --color '#ff5555'", "tminus tag edit school --name uni"],
        run: TagCommand.run, changes: true)
}

/// `tminus tag add NAME [--color C] | tag list [--json] | tag edit NAME [--name N] [--color C] | tag rm NAME`
enum TagCommand {
    static let palette = ["#bf616a", "#d08770", "#ebcb8b", "#a3be8c", "#b48ead", "#88c0d0", "#5e81ac", "#8fbcbb"]

    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let sub = try CommandTable.subcommand(of: "tag", raw).name
        let rest = Array(raw.dropFirst())
        switch sub {
        case "add": return try add(rest, ctx)
        case "list": return try list(rest, ctx)
        case "edit": return try edit(rest, ctx)
        case "rm": return try remove(rest, ctx)
        default: preconditionFailure("tag \(sub): in CommandTable but not here")
        }
    }

    static func add(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "tag add")
        try a.expectPositional(
            1...1, command: "tag",
            needs: N_("'tag' needs a NAME, e.g. tminus tag add school --color '#ff5555'; see tminus tag --help"))
        let name = try Validation.tagName(a.positional[0])
        let color = try a[AddOptions.color].map { (s: String) throws(TMinusError) in try Validation.color(s) }
        let tag = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Tag in
            if let existing = change.store.tag(named: name) {
                throw .usage(
                    tr: "the tag '%s' exists already; change it with tminus tag edit %s", "\(existing.name)",
                    "\(existing.name)")
            }
            let tag = Tag(name: name, color: color ?? palette[change.store.tags.count % palette.count])
            change.store.tags.append(tag)
            return tag
        }
        ctx.say(Catalog.format(ctx.words.tr("added tag %s %s"), [tag.name, tag.color]))
        return 0
    }

    /// The tag of a new item: one the store has; with `create`, a missing one is added in `color`
    /// (a link's), else the next palette colour. (A tag the store has keeps its own colour.)
    static func forNewItem(_ s: String, _ change: inout Change, create: Bool, color: String? = nil) throws(TMinusError)
        -> String
    {
        if create, change.tag(named: s) == nil {
            let name = try Validation.tagName(s)
            change.tags.append(Tag(name: name, color: color ?? palette[change.tags.count % palette.count]))
            return name
        }
        return try Validation.knownTag(s, in: change.tags).name
    }

    static func list(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "tag list")
        try a.expectPositional(0...0, command: "tag")
        let store = try ctx.container.snapshot().store
        let counts = Dictionary(grouping: store.items.compactMap { $0.tag?.lowercased() }, by: { $0 }).mapValues(
            \.count)
        if a[ListOptions.json] {
            ctx.say(
                JSONWriter.pretty(
                    .array(
                        store.tags.map {
                            .object([
                                "name": .string($0.name), "color": .string($0.color),
                                "open": .int(counts[$0.name.lowercased()] ?? 0)
                            ])
                        })))
            return 0
        }
        let color = try TerminalColor.choice(a[ListOptions.color], ctx)
        for tag in store.tags {
            let n = counts[tag.name.lowercased()] ?? 0
            // (Padded before it is painted: escape codes take no columns.)
            let name = tag.name.padding(16)
            ctx.say(
                "\(color ? TerminalColor.paint(name, tag.color) : name)  \(color ? TerminalColor.paint("■", tag.color) + " " : "")\(tag.color)  "
                    + ctx.words.trn("%d open", "%d open", n)
            )
        }
        return 0
    }

    static func edit(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "tag edit")
        try a.expectPositional(
            1...1, command: "tag",
            needs: N_(
                "'tag' needs a NAME and --name or --color, e.g. tminus tag edit school --color '#ff0000'; see tminus tag --help"
            ))
        guard a[EditOptions.name] != nil || a[EditOptions.color] != nil else {
            throw .usage(tr: "nothing to change; give --name or --color")
        }
        let newName = try a[EditOptions.name].map { (s: String) throws(TMinusError) in try Validation.tagName(s) }
        let color = try a[EditOptions.color].map { (s: String) throws(TMinusError) in try Validation.color(s) }
        let tag = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Tag in
            let old = try Validation.knownTag(a.positional[0], in: change.store.tags)
            var tag = old
            if let newName {
                if let clash = change.store.tag(named: newName), clash.name.lowercased() != old.name.lowercased() {
                    throw .usage(tr: "the tag '%s' exists already; pick another --name", "\(clash.name)")
                }
                tag.name = newName
                for i in change.store.items.indices
                where change.store.items[i].tag?.lowercased() == old.name.lowercased() {
                    change.store.items[i].tag = newName
                }
            }
            if let color { tag.color = color }
            change.store.tags = change.store.tags.map { $0.name == old.name ? tag : $0 }
            return tag
        }
        ctx.say(Catalog.format(ctx.words.tr("updated tag %s %s"), [tag.name, tag.color]))
        return 0
    }

    static func remove(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "tag rm")
        try a.expectPositional(1...1, command: "tag", needs: N_("'tag' needs a NAME; see tminus tag --help"))
        let (tag, untagged) = try ctx.container.mutate(now: ctx.now) {
            (change: inout Change) throws(TMinusError) -> (Tag, Int) in
            let tag = try Validation.knownTag(a.positional[0], in: change.store.tags)
            var n = 0
            for i in change.store.items.indices where change.store.items[i].tag?.lowercased() == tag.name.lowercased() {
                change.store.items[i].tag = nil
                n += 1
            }
            change.store.tags.removeAll { $0.name == tag.name }
            return (tag, n)
        }
        ctx.say(
            Catalog.format(ctx.words.tr("removed tag %s"), [tag.name])
                + (untagged > 0 ? ctx.words.trn(" (%d open item untagged)", " (%d open items untagged)", untagged) : "")
        )
        return 0
    }
}
