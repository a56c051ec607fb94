import TMinusCore

/// Reads one config file's members into a `Config`: the checks every key shares (a string, a
/// duration, a colour, a number in a range…), the problems found, and what several keys combine
/// (the invitation choices, whether the large templates were set).
struct ConfigReader {
    var config = Config()
    var problems: [ConfigProblem] = []
    var me: [String]?
    var declined = Invitations.hide
    var invited = Invitations.dim
    var setLarge = false
    var setLargeNone = false
    /// `holidays`' source name and where it was, checked against `sources` once all are read.
    var holidays: (String, JSON.Member)?

    /// A problem at `m`: `template` (marked `N_`) filled with `arguments`, and the error it came
    /// from when there is one.
    mutating func problem(
        _ m: JSON.Member, _ path: String, _ template: StaticString, _ arguments: String...,
        cause: (any Error & Sendable)? = nil
    ) {
        var problem = ConfigProblem(line: m.line, key: path, template: template, arguments)
        problem.cause = cause
        problems.append(problem)
    }

    /// A problem whose text is an error's (a template's), in the user's language where it has one.
    mutating func problem(_ m: JSON.Member, _ path: String, _ error: TMinusError) {
        if let template = error.template, error.message == Catalog.format(template.description, error.arguments) {
            var problem = ConfigProblem(line: m.line, key: path, template: template, error.arguments)
            problem.cause = error
            problems.append(problem)
        } else {
            problems.append(ConfigProblem(line: m.line, key: path, message: error.message, cause: error))
        }
    }

    mutating func unknown(_ m: JSON.Member, _ path: String, _ known: [String]) {
        // (A long list of keys would make the line unreadable: config init writes them all.)
        if let near = Suggest.closest(m.key, among: known) {
            problem(m, path, N_("unknown key; did you mean \"%s\"?"), near)
        } else if known.count > 12 {
            problem(m, path, N_("unknown key; tminus config init writes every key, with what it does"))
        } else {
            problem(m, path, N_("unknown key; known keys: %s"), known.joined(separator: ", "))
        }
    }

    mutating func string(_ m: JSON.Member, _ path: String) -> String? {
        guard let s = m.value.stringValue else {
            problem(m, path, N_("expected a string, found %s"), m.value.typeName); return nil
        }
        return s
    }

    mutating func duration(_ m: JSON.Member, _ path: String) -> Int64? {
        if let n = m.value.intValue, n >= 0, Int64(n) <= DurationText.max { return Int64(n) }
        if let s = m.value.stringValue, let d = DurationText.parse(s) { return d }
        problem(m, path, N_("expected a duration like \"24h\", \"90m\" or a number of seconds, at most 100 years"))
        return nil
    }

    mutating func color(_ m: JSON.Member, _ path: String) -> String? {
        guard let s = string(m, path) else { return nil }
        do { return try Validation.color(s) } catch {
            problem(m, path, N_("'%s' is not a colour; use \"#rrggbb\""), s, cause: error); return nil
        }
    }

    mutating func int(_ m: JSON.Member, _ path: String, _ range: ClosedRange<Int>) -> Int? {
        guard let n = m.value.intValue, range.contains(n) else {
            problem(m, path, N_("expected a whole number from %s to %s"), "\(range.lowerBound)", "\(range.upperBound)")
            return nil
        }
        return n
    }

    mutating func bool(_ m: JSON.Member, _ path: String) -> Bool? {
        guard case .bool(let b) = m.value else {
            problem(m, path, N_("expected true or false, found %s"), m.value.typeName); return nil
        }
        return b
    }

    mutating func object(_ m: JSON.Member, _ path: String) -> [JSON.Member]? {
        guard let o = m.value.members else {
            problem(m, path, N_("expected an object { … }, found %s"), m.value.typeName); return nil
        }
        return o
    }

    /// One of a key's words: `what` names the kind of value in the message.
    mutating func choice<T: RawRepresentable>(_ m: JSON.Member, _ path: String, _ allowed: [T], _ what: String) -> T?
    where T.RawValue == String {
        guard let s = string(m, path) else { return nil }
        guard let c = allowed.first(where: { $0.rawValue == s }) else {
            problem(
                m, path, N_("'%s' is not %s; use %s"), Validation.printable(s), what,
                ConfigKey.orList(allowed.map(\.rawValue)))
            return nil
        }
        return c
    }

    /// An object keyed by state (`colors`, `icons`).
    mutating func perState(
        _ m: JSON.Member, _ path: String, _ body: (inout ConfigReader, EntryState, JSON.Member) -> Void
    ) {
        for s in object(m, path) ?? [] {
            guard let state = EntryState(rawValue: s.key) else {
                unknown(s, "\(path).\(s.key)", EntryState.allCases.map(\.rawValue)); continue
            }
            body(&self, state, s)
        }
    }

    /// A list of addresses, or one.
    mutating func addresses(_ m: JSON.Member, _ path: String) -> [String]? {
        let values: [JSON]
        if case .array(let list) = m.value { values = list } else { values = [m.value] }
        var out: [String] = []
        for v in values {
            guard let s = v.stringValue, case let a = Invitations.address(s), a.contains("@"), a.count <= 254 else {
                problem(m, path, N_("expected your e-mail addresses, e.g. [\"me@example.org\"]"))
                return nil
            }
            out.append(a)
        }
        return out
    }
}
