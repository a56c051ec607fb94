public import TMinusCore
import TMinusSystem
import TMinusSourcing

/// The container (tminus's home): `store.json` (open items, tags, and the history's
/// bookkeeping: the commit record of every change), `archive.jsonl` and `index.*/` (completed
/// items and where to find them), `summary.json` (what widgets read) and `state.json` (widget
/// state). `docs/storage.md` describes the files and the guarantees; this type is the only code
/// that reads or writes them.
public struct Container: Sendable {
    /// Where the files are.
    public let home: Home
    /// The config's sources and what reading them needs; nil when the config cannot be read (then
    /// the summary's parts of other sources are kept as they are, never dropped).
    public var sourcing: Sourcing?

    /// The container at `home`; without `sourcing`, other sources' parts are kept as they are.
    public init(home: Home, sourcing: Sourcing? = nil) {
        self.home = home
        self.sourcing = sourcing
    }

    /// What a command reads: the committed store and the history it names.
    public struct Snapshot: Sendable {
        /// The open items, tags and bookkeeping, as committed.
        public var store: Store
        /// The store file's version (below 3: the next write migrates it).
        public var version: Int
        /// The completed items, as of this store.
        public var history: History
    }

    /// The store and its history, consistent with each other: a history that changed while it was
    /// being read (a writer committed meanwhile) is read again.
    public func snapshot() throws(TMinusError) -> Snapshot {
        tidy()
        guard let bytes = try FileIO.read(home.storePath) else {
            return Snapshot(
                store: Store(), version: Store.currentVersion, history: History(home: home, meta: HistoryMeta()))
        }
        let loaded = try StoreFile.read(bytes, path: home.storePath)
        guard loaded.version < Store.currentVersion else {
            return Snapshot(
                store: loaded.store, version: loaded.version, history: History(home: home, meta: loaded.store.history))
        }
        // The open items do not depend on the old history (an item both open and completed stays
        // open), so it is read only when a command asks for it.
        var store = loaded.store
        store.items = Migration.repair(open: loaded.store.items, history: []).open
        return Snapshot(
            store: store, version: loaded.version,
            history: History(home: home, meta: HistoryMeta(), source: .legacy(loaded)))
    }

    /// Runs `read` on a snapshot and, when the store was replaced while it ran (so the history it
    /// read may belong to a newer store), once more under the lock: a listing never shows an item
    /// twice or not at all.
    public func reading<T>(_ read: (Snapshot) throws(TMinusError) -> T) throws(TMinusError) -> T {
        let before = FileStamp.of(home.storePath)
        let result = try read(try snapshot())
        if FileStamp.of(home.storePath) == before { return result }
        return try FileIO.withLock(home.lockPath) { () throws(TMinusError) -> T in try read(try snapshot()) }
    }

    // MARK: temp files

    /// Removes temp files that killed writers left (only when no writer holds the lock, so none of
    /// them is in use). Cheap; every command but the poll path calls it.
    public func tidy() {
        _ = FileIO.withLockIfFree(home.lockPath) { removeTemps() }
    }

    /// Under the lock: every temp file in the home is a dead writer's. In the config's folder,
    /// which other homes may share, only those whose writer is gone.
    func removeTemps() {
        for name in FileIO.names(in: home.directory) where FileIO.tempPid(name) != nil {
            FileIO.remove(home.directory + "/" + name)
        }
        // A cache write killed half-way (its writer is gone; a live one may be writing now).
        SourceWriter.removeDeadTemps(in: home.cacheDirectory)
        let configDir = FileIO.directory(of: home.configPath)
        // (The config, and the schema `config init` writes beside it.)
        let prefixes = ["." + FileIO.baseName(of: home.configPath) + ".", ".config.schema.json."]
        for name in FileIO.names(in: configDir) where prefixes.contains(where: name.hasPrefix) {
            if let pid = FileIO.tempPid(name), !Processes.isAlive(pid) { FileIO.remove(configDir + "/" + name) }
        }
    }
}
