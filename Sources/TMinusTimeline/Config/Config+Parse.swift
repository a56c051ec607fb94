import TMinusCore

/// One problem in a config file: its line, the key, and what to do.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var key: String
    public var message: String
    public var description: String { "line \(line): \(key.isEmpty ? "" : "\(Validation.printable(key)): ")\(message)" }
}

extension Config {
    /// Reads a config (JSON with comments and trailing commas). Returns every problem found; the
    /// config is only usable when there are none.
    public static func parse(_ bytes: [UInt8]) -> (Config, [ConfigProblem]) {
        var config = Config()
        let root: JSON
        do { root = try JSONParser.parse(bytes, relaxed: true) } catch {
            return (config, [ConfigProblem(line: error.line, key: "", message: error.message)])
        }
        var problems: [ConfigProblem] = []
        guard let members = root.members else {
            return (config, [ConfigProblem(line: 1, key: "", message: "the config must be a JSON object { … }")])
        }
        func problem(_ m: JSON.Member, _ path: String, _ text: String) {
            problems.append(ConfigProblem(line: m.line, key: path, message: text))
        }
        func unknown(_ m: JSON.Member, _ path: String, _ known: [String]) {
            // (A long list of keys would make the line unreadable: config init writes them all.)
            let list = known.count > 12 ? "; tminus config init writes every key, with what it does" : "; known keys: " + known.joined(separator: ", ")
            let hint = Suggest.closest(m.key, among: known).map { "; did you mean \"\($0)\"?" } ?? list
            problem(m, path, "unknown key\(hint)")
        }
        func string(_ m: JSON.Member, _ path: String) -> String? {
            guard let s = m.value.stringValue else { problem(m, path, "expected a string, found \(m.value.typeName)"); return nil }
            return s
        }
        func duration(_ m: JSON.Member, _ path: String) -> Int64? {
            if let n = m.value.intValue, n >= 0, Int64(n) <= DurationText.max { return Int64(n) }
            if let s = m.value.stringValue, let d = DurationText.parse(s) { return d }
            problem(m, path, "expected a duration like \"24h\", \"90m\" or a number of seconds, at most 100 years")
            return nil
        }
        func color(_ m: JSON.Member, _ path: String) -> String? {
            guard let s = string(m, path) else { return nil }
            do { return try Validation.color(s) } catch { problem(m, path, "'\(s)' is not a colour; use \"#rrggbb\""); return nil }
        }
        func int(_ m: JSON.Member, _ path: String, _ range: ClosedRange<Int>) -> Int? {
            guard let n = m.value.intValue, range.contains(n) else {
                problem(m, path, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return n
        }
        func object(_ m: JSON.Member, _ path: String) -> [JSON.Member]? {
            guard let o = m.value.members else { problem(m, path, "expected an object { … }, found \(m.value.typeName)"); return nil }
            return o
        }
        func perState(_ m: JSON.Member, _ path: String, _ body: (EntryState, JSON.Member) -> Void) {
            for s in object(m, path) ?? [] {
                guard let state = EntryState(rawValue: s.key) else { unknown(s, "\(path).\(s.key)", EntryState.allCases.map(\.rawValue)); continue }
                body(state, s)
            }
        }
        let topKeys = ["deadline", "precision", "warning", "critical", "overHold", "overText", "overLongText", "templates",
                       "colors", "icons", "tags", "maxLength", "maxTodos", "signals", "sources", "alerts", "catchUp", "clock",
                       "tooltip", "agendaDays", "colorBy", "remindersWait", "me", "declined", "invited"]
        var me: [String]?, declined = Invitations.hide, invited = Invitations.dim
        /// A list of addresses, or one.
        func addresses(_ m: JSON.Member, _ path: String) -> [String]? {
            let values: [JSON]
            if case .array(let list) = m.value { values = list } else { values = [m.value] }
            var out: [String] = []
            for v in values {
                guard let s = v.stringValue, case let a = Invitations.address(s), a.contains("@"), a.count <= 254 else {
                    problem(m, path, "expected your e-mail addresses, e.g. [\"me@example.org\"]")
                    return nil
                }
                out.append(a)
            }
            return out
        }
        func choice(_ m: JSON.Member, _ path: String, _ allowed: [Invitations]) -> Invitations? {
            guard let s = string(m, path) else { return nil }
            guard let c = Invitations(rawValue: s), allowed.contains(c) else {
                problem(m, path, "'\(Validation.printable(s))' is not a choice; use \(allowed.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))")
                return nil
            }
            return c
        }
        var setLarge = false, setLargeNone = false
        for m in members {
            let path = m.key
            switch m.key {
            case "deadline":
                // "next", or a REF: a number from `tminus list` (as a string or a number), an id prefix, a title.
                if let n = m.value.intValue, n > 0 {
                    config.deadline = .ref(String(n))
                } else if let s = m.value.stringValue, !s.isEmpty {
                    config.deadline = s == "next" ? .next : .ref(s)
                } else {
                    problem(m, path, "expected \"next\" or a REF (a number from tminus list, an id prefix or a title)")
                }
            case "precision":
                if let s = string(m, path) {
                    if let p = Precision(rawValue: s) { config.precision = p } else {
                        problem(m, path, "'\(s)' is not a precision; use auto, seconds, minutes, hours or days")
                    }
                }
            case "warning": if let d = duration(m, path) { config.warning = d }
            case "critical": if let d = duration(m, path) { config.critical = d }
            case "overHold": if let d = duration(m, path) { config.overHold = d }
            case "overText": if let s = string(m, path) { config.overText = s }
            case "overLongText": if let s = string(m, path) { config.overLongText = s }
            case "catchUp": if let d = duration(m, path) { config.catchUp = d }
            case "me": me = addresses(m, path)
            case "declined": if let c = choice(m, path, [.hide, .show]) { declined = c }
            case "invited": if let c = choice(m, path, [.dim, .show, .hide]) { invited = c }
            case "clock":
                if let s = string(m, path) {
                    if let c = ClockStyle(rawValue: s) { config.clock = c } else { problem(m, path, "'\(s)' is not a clock; use \"24h\" or \"12h\"") }
                }
            case "alerts":
                guard case .array(let list) = m.value else { problem(m, path, "expected a list of durations before a deadline, e.g. [\"1d\", \"1h\", \"0\"]"); continue }
                var offsets: [Int64] = []
                for (i, entry) in list.enumerated() {
                    if let d = duration(JSON.Member(m.key, entry, line: m.line), "alerts[\(i)]") {
                        if !offsets.contains(d) { offsets.append(d) }
                    }
                }
                if offsets.count > 20 { problem(m, path, "has \(offsets.count) alerts; at most 20") } else { config.alerts = offsets.sorted(by: >) }
            case "maxLength": if let n = int(m, path, 1...10_000) { config.maxLength = n }
            case "maxTodos": if let n = int(m, path, 0...100) { config.maxTodos = n }
            case "agendaDays": if let n = int(m, path, 1...14) { config.agendaDays = n }
            case "remindersWait":
                if case .bool(let b) = m.value { config.remindersWait = b } else { problem(m, path, "expected true or false, found \(m.value.typeName)") }
            case "tooltip":
                if let s = string(m, path) {
                    if let t = Tooltip.allCases.first(where: { $0.rawValue == s }) { config.tooltip = t } else {
                        problem(m, path, "'\(Validation.printable(s))' is not a tooltip; use \"todos\", \"agenda\" or \"calendar\"")
                    }
                }
            case "colorBy":
                if let s = string(m, path) {
                    if let c = ColorBy.allCases.first(where: { $0.rawValue == s }) { config.colorBy = c } else {
                        problem(m, path, "'\(Validation.printable(s))' is not a choice; use \"state\" or \"tag\"")
                    }
                }
            case "templates":
                let known = ["small", "medium", "large", "smallNone", "mediumNone", "largeNone"]
                for t in object(m, path) ?? [] {
                    let tpath = "templates.\(t.key)"
                    guard known.contains(t.key) else { unknown(t, tpath, known); continue }
                    guard let s = string(t, tpath) else { continue }
                    if let error = Template.check(s) { problem(t, tpath, error); continue }
                    switch t.key {
                    case "small": config.templates.small = s
                    case "medium": config.templates.medium = s
                    case "large": config.templates.large = s; setLarge = true
                    case "smallNone": config.templates.smallNone = s
                    case "mediumNone": config.templates.mediumNone = s
                    default: config.templates.largeNone = s; setLargeNone = true
                    }
                }
            case "colors": perState(m, path) { state, s in if let c = color(s, "colors.\(s.key)") { config.colors[state] = c } }
            case "icons": perState(m, path) { state, s in if let i = string(s, "icons.\(s.key)") { config.icons[state] = i } }
            case "tags":
                for t in object(m, path) ?? [] {
                    var style = TagStyle()
                    for f in object(t, "tags.\(t.key)") ?? [] {
                        let fpath = "tags.\(t.key).\(f.key)"
                        switch f.key {
                        case "color": style.color = color(f, fpath)
                        case "icon": style.icon = string(f, fpath)
                        default: unknown(f, fpath, ["color", "icon"])
                        }
                    }
                    config.tags[t.key.lowercased()] = style
                }
            case "signals":
                for s in object(m, path) ?? [] {
                    let spath = "signals.\(s.key)"
                    guard ["waybar", "i3blocks"].contains(s.key) else { unknown(s, spath, ["waybar", "i3blocks"]); continue }
                    if let n = int(s, spath, 1...30) { config.signals[s.key] = n }
                }
            case "sources":
                guard case .array(let list) = m.value else { problem(m, path, "expected a list [ { \"name\": …, \"kind\": …, \"path\": … } ]"); continue }
                for (i, entry) in list.enumerated() {
                    let epath = "sources[\(i)]"
                    guard let fields = entry.members else {
                        problem(m, epath, "expected an object { \"name\": …, \"kind\": …, \"path\": … }")
                        continue
                    }
                    if let source = parseSource(fields, path: epath, at: fields.first?.line ?? m.line, problem: problem, unknown: unknown, string: string,
                                                addresses: addresses) {
                        if let dup = config.sources.first(where: { $0.name.lowercased() == source.name.lowercased() }) {
                            let line = fields.first { $0.key == "name" }?.line ?? source.line
                            problems.append(ConfigProblem(line: line, key: "\(epath).name",
                                                          message: "'\(source.name)' names another source already (line \(dup.line)); give each source its own name"))
                        } else {
                            config.sources.append(source)
                        }
                    }
                }
            default:
                unknown(m, path, topKeys)
            }
        }
        // The tooltip's large templates, unless the config sets its own.
        if config.tooltip != .todos {
            let (large, none) = Templates.large(config.tooltip)
            if !setLarge { config.templates.large = large }
            if !setLargeNone { config.templates.largeNone = none }
        }
        // Invitations: each calendar source with the config's choices and, unless it names its
        // own, the config's addresses.
        for i in config.sources.indices where config.sources[i].isCalendar {
            if config.sources[i].me.isEmpty { config.sources[i].me = me ?? [] }
            config.sources[i].declined = declined
            config.sources[i].invited = invited
        }
        if config.critical > config.warning, problems.isEmpty {
            let line = members.first { $0.key == "critical" }?.line ?? 1
            problems.append(ConfigProblem(line: line, key: "critical", message: "is longer than warning; critical should come closer to the deadline"))
        }
        return (config, problems.sorted { $0.line < $1.line })
    }

    /// One `sources` entry; nil (with its problems reported) when it cannot be used.
    static func parseSource(_ fields: [JSON.Member], path: String, at line: Int, problem: (JSON.Member, String, String) -> Void,
                            unknown: (JSON.Member, String, [String]) -> Void, string: (JSON.Member, String) -> String?,
                            addresses: (JSON.Member, String) -> [String]?) -> SourceConfig? {
        let known = ["name", "kind", "path", "events", "filter", "data", "collection", "me", "maxItems"]
        var maxItems = SourceConfig.defaultMaxItems
        var name: String?, kind: SourceConfig.Kind?, file: String?, filter: String?, data: String?, collection: String?, me: [String]?
        var events = true
        var bad = false
        for f in fields {
            let fpath = "\(path).\(f.key)"
            switch f.key {
            case "name":
                guard let s = string(f, fpath) else { bad = true; continue }
                guard SourceConfig.isValidName(s) else {
                    problem(f, fpath, "'\(Validation.printable(s))' is not a source name; use 1 to 32 letters, digits, '-' or '_' (not \"tminus\")")
                    bad = true
                    continue
                }
                name = s
            case "kind":
                guard let s = string(f, fpath) else { bad = true; continue }
                guard let k = SourceConfig.Kind.allCases.first(where: { $0.rawValue == s }) else {
                    let hint = Suggest.closest(s, among: SourceConfig.Kind.allCases.map(\.rawValue)).map { "did you mean \"\($0)\"? " } ?? ""
                    problem(f, fpath, "'\(Validation.printable(s))' is not a kind of source; \(hint)use vdir, ics, todotxt, taskwarrior or summary")
                    bad = true
                    continue
                }
                kind = k
            case "path":
                guard let s = string(f, fpath), !s.isEmpty else {
                    if f.value.stringValue != nil { problem(f, fpath, "is empty; give the file or folder, e.g. \"~/.calendars/work\"") }
                    bad = true
                    continue
                }
                file = s
            case "events":
                guard let s = string(f, fpath) else { bad = true; continue }
                guard s == "deadlines" || s == "ignore" else {
                    problem(f, fpath, "'\(Validation.printable(s))' is not a choice; use \"deadlines\" (events count down) or \"ignore\"")
                    bad = true
                    continue
                }
                events = s == "deadlines"
            case "filter": filter = string(f, fpath)
            case "data": data = string(f, fpath)
            case "collection": collection = string(f, fpath)
            case "me": me = addresses(f, fpath)
            case "maxItems":
                guard let n = f.value.intValue, (1...100_000).contains(n) else {
                    problem(f, fpath, "expected a whole number from 1 to 100000")
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
            if !bad { problem(first, path, "has no \"name\"; give each source a short name, e.g. \"name\": \"work\"") }
            return nil
        }
        guard let kind else {
            if !bad { problem(first, path, "'\(name)' has no \"kind\"; use vdir, ics, todotxt, taskwarrior or summary") }
            return nil
        }
        if file == nil, kind != .taskwarrior {
            if !bad { problem(first, path, "'\(name)' has no \"path\"; give the \(kind == .vdir ? "folder" : "file") it reads, e.g. \"path\": \"\(Self.examplePath(kind))\"") }
            return nil
        }
        func misplaced(_ key: String, _ value: String?, allowed: Bool) {
            guard value != nil, !allowed, let f = fields.first(where: { $0.key == key }) else { return }
            problem(f, "\(path).\(key)", "applies to \(key == "events" ? "vdir and ics" : key == "collection" ? "vdir" : "taskwarrior") sources only")
            bad = true
        }
        misplaced("events", fields.contains { $0.key == "events" } ? "" : nil, allowed: kind == .vdir || kind == .ics)
        misplaced("filter", filter, allowed: kind == .taskwarrior)
        misplaced("data", data, allowed: kind == .taskwarrior)
        misplaced("collection", collection, allowed: kind == .vdir)
        if me != nil, kind != .vdir, kind != .ics, let f = fields.first(where: { $0.key == "me" }) {
            problem(f, "\(path).me", "applies to vdir and ics sources only")
            bad = true
        }
        if kind == .taskwarrior, let f = fields.first(where: { $0.key == "path" }) {
            problem(f, "\(path).path", "a taskwarrior source has no path; tminus runs task export (use \"data\" for the data folder)")
            bad = true
        }
        guard !bad else { return nil }
        var source = SourceConfig(name: name, kind: kind, path: file, events: events, filter: filter, data: data, collection: collection, line: first.line)
        source.me = me ?? []
        source.maxItems = maxItems
        return source
    }

    static func examplePath(_ kind: SourceConfig.Kind) -> String {
        switch kind {
        case .vdir: "~/.local/share/calendars/work"
        case .ics: "~/cal/holidays.ics"
        case .todotxt: "~/todo/todo.txt"
        case .taskwarrior: ""
        case .summary: "~/Sync/phone/summary.json"
        }
    }
}
