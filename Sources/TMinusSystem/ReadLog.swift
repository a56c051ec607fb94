/// What a run looked at: every path read or stat'ed through FileIO and FileStamp, with its stamp
/// then (nil: it was not there). `show` records its run so that the widget cache
/// (WidgetCache.swift) can tell, with one stat per path, that nothing it depended on changed.
/// Off (nil) unless a command turns it on; a process is single-threaded where it is on.
public enum ReadLog {
    nonisolated(unsafe) public static var entries: [(path: String, stamp: FileStamp?)]? {
        didSet { if (entries?.count ?? 0) <= 1 { noted = Set(entries?.map(\.path) ?? []) } }
    }

    /// At most this many paths are kept; a run that looks at more is not cached. (A big vault's
    /// or Org folder's notes with tasks, its folders, and the notes changed lately: a kept poll
    /// stats each, which is what the run it saves stats too.)
    public static let maxPaths = 4_096

    /// The paths in `entries`, so that noting one is not a walk through all of them.
    nonisolated(unsafe) static var noted: Set<String> = []

    static func note(_ path: String, _ stamp: FileStamp?) {
        guard entries != nil else { return }
        if entries!.count > maxPaths { return }
        if noted.count != entries!.count { noted = Set(entries!.map(\.path)) }
        if noted.insert(path).inserted { entries!.append((path, stamp)) }
    }

    static func note(_ path: String) {
        guard entries != nil else { return }
        note(path, FileStamp.lookup(path))
    }
}
