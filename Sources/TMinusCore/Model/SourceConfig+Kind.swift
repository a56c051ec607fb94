// Made by tools/source-kinds.py from the kinds' files (Sources/TMinusSourcing/Kinds/): edit
// those and run it again (`python3 tools/source-kinds.py`); SourceKindFilesTests says when it is due.

extension SourceConfig {
    /// What kind of store the source is, as the config's `kind` names it: one case per kind file
    /// (`Sources/TMinusSourcing/Kinds/`), with what that file says of it (`SourceKindFacts`).
    public enum Kind: String, Sendable, CaseIterable {
        /// GNOME's Evolution Data Server over the session bus: its enabled calendars and task
        /// lists.
        case gnome
        /// One `.ics` file (read-only).
        case ics
        /// A Logseq graph's folder (`journals/`, `pages/`).
        case logseq
        /// An Obsidian vault's notes, with the Tasks plugin's task lines.
        case obsidian
        /// An Org mode file, or a folder of `.org` files.
        case org
        /// Another program's `summary.json` (read-only).
        case summary
        /// Taskwarrior, through `task export`.
        case taskwarrior
        /// A todo.txt file.
        case todotxt
        /// A directory of `.ics` files (one item each), or a directory of such collections: what
        /// vdirsyncer syncs and khal and todoman read.
        case vdir

        /// Where such a source typically is, for the error that asks for a `path` (empty: the
        /// kind needs none).
        public var examplePath: String {
            switch self {
            case .gnome: ""
            case .ics: "~/cal/holidays.ics"
            case .logseq: "~/logseq"
            case .obsidian: "~/Notes"
            case .org: "~/org/todo.org"
            case .summary: "~/Sync/phone/summary.json"
            case .taskwarrior: ""
            case .todotxt: "~/todo/todo.txt"
            case .vdir: "~/.local/share/calendars/work"
            }
        }

        /// What its `path` names: a file, a folder, either, or nothing (it needs none).
        public var path: Path {
            switch self {
            case .gnome: .none
            case .ics: .file
            case .logseq: .folder
            case .obsidian: .folder
            case .org: .fileOrFolder
            case .summary: .file
            case .taskwarrior: .none
            case .todotxt: .file
            case .vdir: .folder
            }
        }

        /// Whether tminus writes changes back into it (`done`, `undo`, `edit`, `rm`, `--to`): a kind
        /// that is not needs no `apply`; every change to it is refused before its `SourceKindIO` is
        /// asked.
        public var isWritable: Bool {
            switch self {
            case .gnome: true
            case .ics: false
            case .logseq: true
            case .obsidian: true
            case .org: true
            case .summary: false
            case .taskwarrior: true
            case .todotxt: true
            case .vdir: true
            }
        }

        /// Whether its items depend on the reader's zone and the config's hold, and its deadlines
        /// with an end are events (the `events` policy, the agenda): the calendar kinds.
        public var isCalendar: Bool {
            switch self {
            case .gnome: true
            case .ics: true
            case .logseq: false
            case .obsidian: false
            case .org: false
            case .summary: false
            case .taskwarrior: false
            case .todotxt: false
            case .vdir: true
            }
        }
    }
}
