/// One entry of the config's `sources`: where tminus reads (and, for the writable kinds, writes)
/// deadlines and todos that other programs keep. `docs/sources.md` describes each kind.
public struct SourceConfig: Equatable, Sendable {
    /// The config's `name`: the `source` its items carry.
    public var name: String
    /// What kind of source it is (the config's `kind`).
    public var kind: Kind
    /// As written in the config (`~/` and relative paths are resolved by the reader).
    public var path: String?
    /// vdir and ics: VEVENTs are deadlines (the default) or ignored.
    public var events: Bool
    /// taskwarrior: the filter for `task export` (default `status:pending`).
    public var filter: String?
    /// taskwarrior: the data folder (default `$TASKDATA`, else `~/.task`), watched for changes.
    public var data: String?
    /// vdir with several collections: where new items go (default: the first by name).
    public var collection: String?
    /// obsidian: the note new tasks go to, in the vault (default: today's daily note, `YYYY-MM-DD.md`);
    /// org, a folder: the `.org` file new entries go to.
    public var note: String?
    /// org: the heading new entries go under, as its last children (made at the file's end when
    /// the file has none of that text), as an Org capture template's `file+headline` does.
    public var heading: String?
    /// The config line of the entry (for messages).
    public var line: Int
    /// At most this many open items are taken from it (a 15 MB todo.txt or a calendar that mints
    /// new UIDs on every sync must not swell every poll, the summary and the store's handles).
    public var maxItems = SourceConfig.defaultMaxItems
    /// `maxItems` when the config does not set it.
    public static let defaultMaxItems = 2000
    /// Calendar kinds: the user's addresses (lower-case, without `mailto:`), the source's own or
    /// the config's `me`: an event with one of them as an ATTENDEE is an invitation until accepted.
    public var me: [String] = []
    /// An invitation the user declined: `hide` (default) or `show` (listed, marked, never the countdown).
    public var declined = Invitations.hide
    /// One not answered or tentative: `dim` (default: listed, marked, never the countdown, no
    /// alarm), `show` (as any event) or `hide`.
    public var invited = Invitations.dim
    /// Whether it is the config's `holidays` calendar: its recurring whole-day events carry every
    /// date they cover in the next ten years (days off), not only their next instance.
    public var daysOff = false
    /// gnome: only these calendars and task lists (display name or UID); empty: every one shown.
    public var calendars: [String] = []

    /// An entry with these fields; `maxItems`, `me`, `declined` and `invited` start at their defaults.
    public init(
        name: String, kind: Kind, path: String? = nil, events: Bool = true, filter: String? = nil, data: String? = nil,
        collection: String? = nil, line: Int = 0
    ) {
        self.name = name
        self.kind = kind
        self.path = path
        self.events = events
        self.filter = filter
        self.data = data
        self.collection = collection
        self.line = line
    }

    /// Whether `done`, `undo`, `edit`, `rm` and `--to` may change it.
    public var isWritable: Bool { kind.isWritable }

    /// Whether its items depend on the reader's zone and the config's hold (calendar kinds).
    public var isCalendar: Bool { kind.isCalendar }

    /// What its reading depends on in the config: when this text changes, it is read again.
    public var key: String {
        var parts = [kind.rawValue, path ?? ""]
        if maxItems != Self.defaultMaxItems { parts.append("max \(maxItems)") }
        if isCalendar {
            parts.append(events ? "events" : "no-events")
            if !me.isEmpty { parts += [me.joined(separator: ","), declined.rawValue, invited.rawValue] }
            if daysOff { parts.append("days-off") }
        }
        if kind == .taskwarrior { parts += [filter ?? "", data ?? ""] }
        if !calendars.isEmpty { parts.append(calendars.joined(separator: "\u{1E}")) }
        return parts.joined(separator: "\u{1F}")
    }

    /// Names: letters, digits, '-' and '_', 1 to 32; `tminus` is the store's own.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 32 && name != Item.ownSource
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }
}

/// What becomes of invitations (the config's `declined` and `invited`; MeetingBar's settings).
public enum Invitations: String, Sendable, CaseIterable {
    case hide, show, dim

    /// An address as ATTENDEE and ORGANIZER write it, compared: `mailto:`, case and white space
    /// left out (an address has none, but writers fold lines with two spaces where unfolding
    /// takes one: khal's own test file has `mailto:hcabot@ example.com`).
    public static func address(_ text: String) -> String {
        var t = String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        if t.hasPrefix("mailto:") { t.removeFirst(7) }
        return t
    }
}

extension SourceConfig.Kind {
    /// What a kind's `path` names (`SourceKindFacts`): the config's error for a missing one says
    /// which, and a kind with none needs no path.
    public enum Path: Sendable {
        case none, file, folder, fileOrFolder
    }

    /// The kinds as a message lists them: "vdir, ics, …, org" (the writable ones only). Commas
    /// alone: the list goes into a message in the user's language, where an English "or" would
    /// not belong.
    public static func named(writable: Bool) -> String {
        allCases.filter { !writable || $0.isWritable }.map(\.rawValue).joined(separator: ", ")
    }

    /// Every kind: "vdir, ics, todotxt, …, org".
    public static var named: String { named(writable: false) }
}
