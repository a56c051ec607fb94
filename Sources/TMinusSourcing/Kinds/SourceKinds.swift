// Made by tools/source-kinds.py from the kinds' files (Sources/TMinusSourcing/Kinds/): edit
// those and run it again (`python3 tools/source-kinds.py`); SourceKindFilesTests says when it is due.

public import TMinusCore

/// Each kind of source's implementation (`SourceKindIO`), one per file of `Kinds/`.
public enum SourceKinds {
    /// The type that reads and writes sources of `kind`.
    public static func io(_ kind: SourceConfig.Kind) -> any SourceKindIO.Type {
        switch kind {
        case .gnome: GnomeSource.self
        case .ics: IcsSource.self
        case .logseq: LogseqSource.self
        case .obsidian: ObsidianSource.self
        case .org: OrgSource.self
        case .summary: SummarySource.self
        case .taskwarrior: TaskwarriorSource.self
        case .todotxt: TodoTxtSource.self
        case .vdir: VdirSource.self
        }
    }
}
