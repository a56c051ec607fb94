import TMinusCore

/// What Evolution Data Server's source registry says of one source: its `Data` is a key file
/// (`[Data Source]` with DisplayName, Enabled and Parent; `[Calendar]` or `[Task List]` with
/// BackendName, Color and Selected). Only what tminus reads is kept.
struct EDSSource: Equatable {
    enum Kind: Equatable { case calendar, taskList, other }

    var uid: String
    var name: String
    var kind: Kind
    var enabled: Bool
    var selected: Bool
    var parent: String?
    var color: String?

    /// Parses a source's key file (`Data`); nil when it has no `[Data Source]` group.
    init?(uid: String, data: String) {
        var groups: [String: [String: String]] = [:]
        var group = ""
        for raw in data.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq]).trimmingTrailingSpaces()
            // (Localized keys, `DisplayName[de]`, are left for the untranslated one.)
            guard !key.contains("[") else { continue }
            groups[group, default: [:]][key] = Self.unescape(line[line.index(after: eq)...].drop(while: { $0 == " " }))
        }
        guard let source = groups["Data Source"] else { return nil }
        let section = groups["Calendar"].map { (Kind.calendar, $0) } ?? groups["Task List"].map { (Kind.taskList, $0) }
        self.uid = uid
        name = source["DisplayName"] ?? uid
        kind = section?.0 ?? .other
        enabled = source["Enabled"] != "false"
        selected = section?.1["Selected"] != "false"
        parent = source["Parent"].flatMap { $0.isEmpty ? nil : $0 }
        let color = section?.1["Color"]?.lowercased()
        self.color = color.map { String($0.prefix(7)) }.flatMap { ColorText.isValid($0) ? $0 : nil }
    }

    /// A key file value's escapes (`\s`, `\n`, `\t`, `\r`, `\\`).
    static func unescape(_ s: Substring) -> String {
        guard s.contains("\\") else { return String(s) }
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                switch c {
                case "s": out.append(" ")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The calendars and task lists to read: enabled with every ancestor (an account switched off
    /// in GNOME Online Accounts disables its calendars), and selected (shown in GNOME Calendar).
    static func shown(_ all: [EDSSource]) -> [EDSSource] {
        var byUID: [String: EDSSource] = [:]
        for s in all { byUID[s.uid] = s }
        func enabled(_ s: EDSSource) -> Bool {
            var current: EDSSource? = s
            for _ in 0..<16 {
                guard let c = current else { return true }
                if !c.enabled { return false }
                current = c.parent.flatMap { byUID[$0] }
            }
            return false
        }
        return all.filter { $0.kind != .other && $0.selected && enabled($0) }.sorted {
            ($0.kind == .calendar ? 0 : 1, $0.name, $0.uid) < ($1.kind == .calendar ? 0 : 1, $1.name, $1.uid)
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
