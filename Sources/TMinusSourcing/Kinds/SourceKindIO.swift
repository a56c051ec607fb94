public import TMinusCore
import TMinusSystem

/// One kind of source, in one file: how it is read, how a change is written back, what a
/// follower watches, and which fields of an item it can keep. `SourceReader` and `SourceWriter`
/// do what every kind shares (the record, errors, inert text; the read-only check) and hand the
/// rest to the kind's type, found by `SourceKinds.io(_:)` (made from the kinds' files).
/// docs/sources.md describes each kind.
public protocol SourceKindIO {
    /// The kind, as the config names it (`SourceConfig.Kind`, made from the kinds' files by
    /// `tools/source-kinds.py`).
    static var kind: SourceConfig.Kind { get }
    /// What the rest of tminus knows of the kind: copied into `SourceConfig.Kind`.
    static var facts: SourceKindFacts { get }

    /// Reads the source into `out`: its items (open or not), and what the record keeps of the
    /// read. The stamps it watches go in first, so a source that cannot be read (yet) is read
    /// again as soon as what it watches changes.
    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead)
        throws(TMinusError)

    /// Makes one change in the source; returns the item's id afterwards (a new item's, or a
    /// todo.txt line's whose text changed). Read-only kinds refuse.
    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String

    /// The folders a follower watches, and the names in each that mean "read again".
    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])]

    /// Why it cannot keep `field` of an item (nil: it can); `editing` an existing item or making one.
    static func refusal(_ field: SourceField, editing: Bool) -> String?
}

/// What a source's read gives besides the items.
public struct SourceRead {
    /// The source's items, open or not, in its order.
    public var items: [Item] = []
    /// The stamps taken before reading (a change after them is seen by the next check).
    public var watch: [Summary.Source.Watched] = []
    /// What could not be read, one message each, for the user.
    public var problems: [String] = []
    /// When it must be read again anyway (an event's instance is over).
    public var refresh: Instant?
    /// How many open items the kind's reader already left out, past the source's `maxItems`
    /// (it keeps at least that many, the nearest now: `Nearness`), so the cap can say how many.
    public var leftOut = 0
}

/// The fields of an item that some kinds cannot keep (`edit` and `--to` refuse them there).
public enum SourceField: Sendable {
    case note, remind, timeOfDay, deadline
}

/// What a kind's file says of the kind that the rest of tminus needs before any source is read
/// (the config's parser, the agenda, `sources`): `tools/source-kinds.py` copies it into
/// `SourceConfig.Kind` (TMinusCore), one case per kind file, and lists the kind's type in
/// `SourceKinds.io`, so a new kind is its file and its parser.
public struct SourceKindFacts: Sendable, Equatable {
    /// What its `path` names (`.none`: it needs none).
    public let path: SourceConfig.Kind.Path
    /// Where such a source typically is, for the error that asks for a `path` ("" without one).
    public let example: String
    /// Whether tminus writes changes back into it (a kind that is not needs no `apply`).
    public let isWritable: Bool
    /// Whether its items depend on the reader's zone and hold, and its timed deadlines are events.
    public let isCalendar: Bool

    /// The facts of a kind's file.
    public init(path: SourceConfig.Kind.Path, example: String, isWritable: Bool, isCalendar: Bool) {
        self.path = path
        self.example = example
        self.isWritable = isWritable
        self.isCalendar = isCalendar
    }

    /// What `SourceConfig.Kind` says of `kind` (made from a kind file's facts).
    public init(_ kind: SourceConfig.Kind) {
        self.init(path: kind.path, example: kind.examplePath, isWritable: kind.isWritable, isCalendar: kind.isCalendar)
    }
}

extension SourceKindIO {
    /// An edited entry's id afterwards: the one the file's ids after the edit have and those before
    /// did not (its text changed), else the one it had.
    static func editedID(_ id: String, before: [String], after: [String]) -> String {
        let old = Set(before)
        return after.first { !old.contains($0) } ?? id
    }

    /// A kind kept in one file: its folder is watched for that name (a rename replaces the file).
    static func fileTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        let file = sourcing.path(source.path ?? "")
        return [(FileIO.directory(of: file), [FileIO.baseName(of: file)])]
    }

    /// A kind kept in one file: the file's stamp (watched) and its bytes; `missing` (a message
    /// with the path as its `%s`) says what to do when there is none. The stamp watched is the
    /// file's that was read (`FileIO.readTrustedStamped`); when none was read, the path's.
    static func readFile(
        _ source: SourceConfig, _ sourcing: Sourcing, into out: inout SourceRead,
        missing: StaticString, limit: Int = 64 << 20
    ) throws(TMinusError) -> (path: String, bytes: [UInt8]) {
        let path = sourcing.path(source.path ?? "")
        // (Through links only the user or root own: a shared file swapped for a link to the
        // user's own files is refused, FileIO.walk.)
        let read: (bytes: [UInt8], stamp: FileStamp)?
        do throws(TMinusError) {
            read = try FileIO.readTrustedStamped(path, limit: limit)
        } catch {
            out.watch = [SourceReader.watched(path)]
            throw error
        }
        guard let read else {
            out.watch = [SourceReader.watched(path)]
            throw .failure(tr: missing, path, path: path)
        }
        out.watch = [SourceReader.watched(path, stamp: read.stamp)]
        return (path, read.bytes)
    }
}

/// What a kind that only reads (`SourceConfig.Kind.isWritable` false) need not write: every
/// change is refused (`SourceWriter` refuses it before asking), it watches its one file, and
/// nothing is asked of its fields. A writable kind gives its own (the conformance suite's `done`
/// fails on a writable kind that kept this refusal).
extension SourceKindIO {
    public static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        throw .usage(tr: "source %s is read-only", "\(source.name)")
    }

    public static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing)
        -> [(directory: String, names: [String])]
    {
        fileTargets(source, sourcing)
    }

    public static func refusal(_ field: SourceField, editing: Bool) -> String? { nil }
}

extension SourceKindIO {
    /// A write-back whose entry the file no longer has (a line, a heading, a block): a remove or
    /// an edit made already (again after a kill, or by another program meanwhile) is done, and an
    /// edited entry found by its new text keeps its handle (`newID`: the text changed its id);
    /// anything else is the error that says to look again (`what`: its message, with the source,
    /// the path and the title as its `%s`). `entries`: the file's items as read now.
    static func alreadyMade(
        _ op: PendingSourceChange, _ bytes: [UInt8], entries: () -> [Item], newID: inout String,
        source: SourceConfig, path: String, what: StaticString
    ) throws(TMinusError) -> [UInt8] {
        if op.kind == .remove { return bytes }
        if op.kind == .update {
            let edited = op.to ?? op.item
            if let found = entries().first(where: { $0.title == edited.title && $0.due == edited.due }) {
                newID = found.id
            }
            return bytes
        }
        throw .failure(
            tr: what, source.name, path, Validation.printable(op.item.title),
            path: path)
    }
}
