/// What a run looked at: every path read or stat'ed through FileIO and FileStamp, with its stamp
/// then (nil: it was not there). `show` records its run so that the widget cache
/// (WidgetCache.swift) can tell, with one stat per path, that nothing it depended on changed.
/// Off (nil) unless a command turns it on; a process is single-threaded where it is on.
public enum ReadLog {
    nonisolated(unsafe) public static var entries: [(path: String, stamp: FileStamp?)]?

    /// At most this many paths are kept; a run that looks at more is not cached.
    public static let maxPaths = 256

    static func note(_ path: String, _ stamp: FileStamp?) {
        guard entries != nil else { return }
        if entries!.count > maxPaths { return }
        if !entries!.contains(where: { $0.path == path }) { entries!.append((path, stamp)) }
    }

    static func note(_ path: String) {
        guard entries != nil else { return }
        note(path, FileStamp.lookup(path))
    }
}
