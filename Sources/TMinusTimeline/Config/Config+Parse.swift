import TMinusCore

/// One problem in a config file: its line, the key, and what to do.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line in the config file.
    public var line: Int
    /// The key's path (`tags.school.color`); empty for the file as a whole.
    public var key: String
    /// What is wrong, and what to write instead.
    public var message: String
    /// The message's catalog entry and its values (nil: English only, e.g. a JSON syntax error's).
    public var template: StaticString?
    /// The values of the template's conversions.
    public var arguments: [String] = []
    /// The error it came from (a JSON syntax error, a value's own error), kept by `error(path:)`.
    public var cause: (any Error & Sendable)?
    /// `line N: key: message` (no key when empty), for an error message.
    public var description: String { "line \(line): \(key.isEmpty ? "" : "\(Validation.printable(key)): ")\(message)" }

    /// A problem whose message is English only.
    public init(line: Int, key: String, message: String, cause: (any Error & Sendable)? = nil) {
        self.line = line
        self.key = key
        self.message = message
        self.cause = cause
    }

    /// A problem whose message a catalog translates.
    public init(line: Int, key: String, template: StaticString, _ arguments: [String]) {
        self.init(line: line, key: key, message: Catalog.format(template.description, arguments))
        self.template = template
        self.arguments = arguments
    }

    public static func == (a: ConfigProblem, b: ConfigProblem) -> Bool {
        a.line == b.line && a.key == b.key && a.message == b.message
    }

    /// The usage error "CONFIG line N: key: message", in the user's language where the message
    /// has a catalog entry.
    public func error(path: String) -> TMinusError {
        let head =
            key.isEmpty
            ? TMinusError.usage(tr: "%s line %s: ", path, "\(line)")
            : TMinusError.usage(tr: "%s line %s: %s: ", path, "\(line)", Validation.printable(key))
        var e = template.map { head.followed(by: $0, arguments) } ?? head.withDetail(message)
        e.path = path
        e.line = line
        e.cause = cause
        return e
    }
}

extension Config {
    /// Reads a config (JSON with comments and trailing commas). Returns every problem found; the
    /// config is only usable when there are none. Each key is read as `ConfigKey.all` declares.
    public static func parse(_ bytes: [UInt8]) -> (Config, [ConfigProblem]) {
        let root: JSON
        do { root = try JSONParser.parse(bytes, relaxed: true) } catch {
            return (Config(), [ConfigProblem(line: error.line, key: "", message: error.message, cause: error)])
        }
        guard let members = root.members else {
            return (
                Config(), [ConfigProblem(line: 1, key: "", template: N_("the config must be a JSON object { … }"), [])]
            )
        }
        var r = ConfigReader()
        for m in members {
            if let key = ConfigKey.named(m.key) {
                key.read(&r, m)
            } else {
                r.unknown(m, m.key, ConfigKey.all.map(\.name))
            }
        }
        var config = r.config
        // The tooltip's large templates, unless the config sets its own.
        if config.tooltip != .todos {
            let (large, none) = Templates.large(config.tooltip)
            if !r.setLarge { config.templates.large = large }
            if !r.setLargeNone { config.templates.largeNone = none }
        }
        // Invitations: each calendar source with the config's choices and, unless it names its
        // own, the config's addresses.
        for i in config.sources.indices where config.sources[i].isCalendar {
            if config.sources[i].me.isEmpty { config.sources[i].me = r.me ?? [] }
            config.sources[i].declined = r.declined
            config.sources[i].invited = r.invited
        }
        var problems = r.problems
        if let (name, m) = r.holidays {
            if let i = config.sources.firstIndex(where: { $0.name == name }), config.sources[i].isCalendar {
                config.holidays = config.sources[i].name
                config.sources[i].daysOff = true
            } else {
                let calendars = config.sources.filter(\.isCalendar).map(\.name)
                let hint =
                    calendars.isEmpty
                    ? "add the holidays calendar to sources first (kind vdir, ics or gnome)"
                    : "use one of: " + calendars.joined(separator: ", ")
                problems.append(
                    ConfigProblem(
                        line: m.line, key: m.key,
                        message: "'\(Validation.printable(name))' is not a calendar in sources; \(hint)"))
            }
        }
        if config.critical > config.warning, problems.isEmpty {
            let line = members.first { $0.key == "critical" }?.line ?? 1
            problems.append(
                ConfigProblem(
                    line: line, key: "critical",
                    message: "is longer than warning; critical should come closer to the deadline"))
        }
        return (config, problems.sorted { $0.line < $1.line })
    }
}

extension ConfigReader {
    /// `sources`: each entry read, and names kept apart.
    mutating func sources(_ m: JSON.Member) {
        guard case .array(let list) = m.value else {
            problem(m, m.key, N_("expected a list [ { \"name\": …, \"kind\": …, \"path\": … } ]")); return
        }
        for (i, entry) in list.enumerated() {
            let epath = "sources[\(i)]"
            guard let fields = entry.members else {
                problem(m, epath, N_("expected an object { \"name\": …, \"kind\": …, \"path\": … }"))
                continue
            }
            guard let source = source(fields, path: epath, at: fields.first?.line ?? m.line) else { continue }
            if let dup = config.sources.first(where: { $0.name.lowercased() == source.name.lowercased() }) {
                let line = fields.first { $0.key == "name" }?.line ?? source.line
                problems.append(
                    ConfigProblem(
                        line: line, key: "\(epath).name",
                        message:
                            "'\(source.name)' names another source already (line \(dup.line)); give each source its own name"
                    ))
            } else {
                config.sources.append(source)
            }
        }
    }

    /// One `sources` entry; nil (with its problems reported) when it cannot be used.
    mutating func source(_ fields: [JSON.Member], path: String, at line: Int) -> SourceConfig? {
        let known = [
            "name", "kind", "path", "events", "filter", "data", "collection", "me", "maxItems", "note", "heading",
            "calendars"
        ]
        var maxItems = SourceConfig.defaultMaxItems
        var name: String?, kind: SourceConfig.Kind?, file: String?, filter: String?, data: String?, collection: String?,
            me: [String]?, note: String?, heading: String?
        var events = true
        var calendars: [String] = []
        var bad = false
        for f in fields {
            let fpath = "\(path).\(f.key)"
            switch f.key {
            case "name":
                guard let s = string(f, fpath) else { bad = true; continue }
                guard SourceConfig.isValidName(s) else {
                    problem(
                        f, fpath,
                        N_("'%s' is not a source name; use 1 to 32 letters, digits, '-' or '_' (not \"tminus\")"),
                        "\(Validation.printable(s))"
                    )
                    bad = true
                    continue
                }
                name = s
            case "kind":
                guard let s = string(f, fpath) else { bad = true; continue }
                guard let k = SourceConfig.Kind.allCases.first(where: { $0.rawValue == s }) else {
                    if let near = Suggest.closest(s, among: SourceConfig.Kind.allCases.map(\.rawValue)) {
                        problem(
                            f, fpath, N_("'%s' is not a kind of source; did you mean \"%s\"? use %s"),
                            Validation.printable(s), near, SourceConfig.Kind.named)
                    } else {
                        problem(
                            f, fpath, N_("'%s' is not a kind of source; use %s"), Validation.printable(s),
                            SourceConfig.Kind.named)
                    }
                    bad = true
                    continue
                }
                kind = k
            case "path":
                guard let s = string(f, fpath), !s.isEmpty else {
                    if f.value.stringValue != nil {
                        problem(f, fpath, N_("is empty; give the file or folder, e.g. \"~/.calendars/work\""))
                    }
                    bad = true
                    continue
                }
                file = s
            case "events":
                guard let s = string(f, fpath) else { bad = true; continue }
                guard s == "deadlines" || s == "ignore" else {
                    problem(
                        f, fpath,
                        N_("'%s' is not a choice; use \"deadlines\" (events count down) or \"ignore\""),
                        "\(Validation.printable(s))"
                    )
                    bad = true
                    continue
                }
                events = s == "deadlines"
            case "filter": filter = string(f, fpath)
            case "data": data = string(f, fpath)
            case "collection": collection = string(f, fpath)
            case "note": note = string(f, fpath)
            case "heading": heading = string(f, fpath)
            case "me": me = addresses(f, fpath)
            case "calendars":
                guard case .array(let list) = f.value, (1...64).contains(list.count),
                    case let names = list.compactMap(\.stringValue), names.count == list.count,
                    names.allSatisfy({ !$0.isEmpty && $0.count <= 200 })
                else {
                    problem(f, fpath, N_("expected 1 to 64 calendar names or UIDs, e.g. [\"Work\", \"Personal\"]"))
                    bad = true
                    continue
                }
                calendars = names
            case "maxItems":
                guard let n = f.value.intValue, (1...100_000).contains(n) else {
                    problem(f, fpath, N_("expected a whole number from 1 to 100000"))
                    bad = true
                    continue
                }
                maxItems = n
            default:
                unknown(f, fpath, known)
                bad = true
            }
        }
        let first = fields.first ?? JSON.Member(path, .null, line: line)
        guard let name else {
            if !bad {
                problem(first, path, N_("has no \"name\"; give each source a short name, e.g. \"name\": \"work\""))
            }
            return nil
        }
        guard let kind else {
            if !bad {
                problem(first, path, N_("'%s' has no \"kind\"; use %s"), "\(name)", "\(SourceConfig.Kind.named)")
            }
            return nil
        }
        if file == nil, kind.path != .none {
            if !bad {
                let example = kind.examplePath
                switch kind.path {
                case .folder:
                    problem(
                        first, path, N_("'%s' has no \"path\"; give the folder it reads, e.g. \"path\": \"%s\""), name,
                        example)
                case .fileOrFolder:
                    problem(
                        first, path,
                        N_("'%s' has no \"path\"; give the file or folder it reads, e.g. \"path\": \"%s\""),
                        name, example)
                case .file, .none:
                    problem(
                        first, path, N_("'%s' has no \"path\"; give the file it reads, e.g. \"path\": \"%s\""), name,
                        example)
                }
            }
            return nil
        }
        func misplaced(_ key: String, _ value: String?, allowed: Bool, _ why: StaticString) {
            guard value != nil, !allowed, let f = fields.first(where: { $0.key == key }) else { return }
            problem(f, "\(path).\(key)", why)
            bad = true
        }
        let vdirAndIcs = N_("applies to vdir and ics sources only")
        let taskwarriorOnly = N_("applies to taskwarrior sources only")
        misplaced(
            "events", fields.contains { $0.key == "events" } ? "" : nil, allowed: kind == .vdir || kind == .ics,
            vdirAndIcs)
        misplaced("filter", filter, allowed: kind == .taskwarrior, taskwarriorOnly)
        misplaced("data", data, allowed: kind == .taskwarrior, taskwarriorOnly)
        misplaced("collection", collection, allowed: kind == .vdir, N_("applies to vdir sources only"))
        misplaced(
            "note", note, allowed: kind == .obsidian || kind == .org, N_("applies to obsidian and org sources only"))
        misplaced("heading", heading, allowed: kind == .org, N_("applies to org sources only"))
        misplaced("me", me.map { _ in "" }, allowed: kind == .vdir || kind == .ics, vdirAndIcs)
        misplaced(
            "calendars", fields.contains { $0.key == "calendars" } ? "" : nil, allowed: kind == .gnome,
            N_("applies to gnome sources only"))
        misplaced(
            "path", kind == .gnome ? "" : nil, allowed: false,
            N_("a gnome source has no path; tminus asks Evolution Data Server on the session bus"))
        misplaced(
            "path", kind == .taskwarrior ? "" : nil, allowed: false,
            N_("a taskwarrior source has no path; tminus runs task export (use \"data\" for the data folder)"))
        guard !bad else { return nil }
        var source = SourceConfig(
            name: name, kind: kind, path: file, events: events, filter: filter, data: data, collection: collection,
            line: first.line)
        source.me = me ?? []
        source.note = note
        source.heading = heading
        source.maxItems = maxItems
        source.calendars = calendars
        return source
    }
}
