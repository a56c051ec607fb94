import TMinusApp
import TMinusCore
import TMinusSourcing

extension SourcesCommand {
    /// `sources`'s options, declared once: its spec lists them, `run` reads them (`a[Options.json]`).
    enum Options {
        static let json = CommandTable.json
    }
}

private typealias O = SourcesCommand.Options

extension Specs {
    /// `tminus sources`.
    static let sources = CommandSpec(
        name: "sources", group: "items", summary: "calendars, todo.txt, Taskwarrior and summaries in the config",
        options: [O.json.spec],
        text: """
            Lists the config's sources (docs/sources.md): each one's kind and where it reads, its open
            items, when it was last read, what it skipped (file, line and property) or why it cannot be
            read. Sources are read again only when they change.
            """, run: SourcesCommand.run)
}

/// `tminus sources [--json]`: each configured source, its kind and where it reads, how many open
/// items it shows, when it was last read, and what it skipped or could not read.
enum SourcesCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "sources")
        try a.expectPositional(0...0, command: "sources")
        let config = try ctx.config()
        let records = try ctx.container.sourceRecords(now: ctx.now)
        func record(_ s: SourceConfig) -> Summary.Source? { records.first { $0.name == s.name && $0.kind != nil } }
        if a[Options.json] {
            ctx.say(
                JSONWriter.pretty(
                    .array(
                        config.sources.map { s in
                            let r = record(s)
                            return .object([
                                "name": .string(s.name),
                                "kind": .string(s.kind.rawValue),
                                "path": .string(orNull: s.path.map { ctx.container.sourcing?.path($0) ?? $0 }),
                                "writable": .bool(s.isWritable),
                                "items": .int(r?.items ?? 0),
                                "read": .string(
                                    orNull: r.map { RFC3339.format($0.stamp, offset: ctx.zone.offset(at: $0.stamp)) }),
                                "problems": .array((r?.problems ?? []).map { .string(Deferred.render($0, .english)) }),
                                "error": .string(orNull: r?.error.map { Deferred.render($0, .english) })
                            ])
                        })))
            return 0
        }
        let w = ctx.words
        if config.sources.isEmpty {
            ctx.say(
                Catalog.format(
                    w.tr(
                        "no sources; add calendars, todo.txt or Taskwarrior to \"sources\" in %s (see docs/sources.md)"),
                    [ctx.home.configPath]))
            return 0
        }
        for s in config.sources {
            let r = record(s)
            let place =
                s.kind == .gnome
                ? w.tr("Evolution Data Server (session bus)")
                : s.path.map { ctx.container.sourcing?.path($0) ?? $0 } ?? "task export \(s.filter ?? "status:pending")"
            let read = r.map { Catalog.format(w.tr("read %s"), [ctx.describe(.instant($0.stamp))]) } ?? w.tr("not read")
            let items = r.map { w.trn("%d open item", "%d open items", $0.items) } ?? "-"
            ctx.say(
                "\(s.name)  \(s.kind.rawValue)\(s.isWritable ? "" : w.tr(" (read-only)"))  \(Validation.printable(place))"
            )
            ctx.say("    " + Catalog.format(w.trc("a source's items, and when it was read", "%s, %s"), [items, read]))
            if let error = r?.error {
                ctx.say(
                    "    "
                        + Catalog.format(w.tr("cannot read it: %s"), [ControlText.oneLine(Deferred.render(error, w))]))
            }
            for p in r?.problems ?? [] { ctx.say("    " + ControlText.oneLine(Deferred.render(p, w))) }
        }
        return 0
    }
}
