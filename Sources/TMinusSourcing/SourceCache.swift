import TMinusCore
import TMinusSystem

/// What the calendar kinds' caches share (`VdirCache`, `IcsCache`; docs/sources.md): one file per
/// source in the home's `cache/` folder, signed with everything a reading depends on besides the
/// files, and only ever a shortcut (one that cannot be read or written costs a read of the files).
enum SourceCache {
    /// Where a source's cache is (nil: the sourcing has no cache folder).
    static func path(_ prefix: String, _ source: SourceConfig, _ sourcing: Sourcing) -> String? {
        guard let folder = sourcing.cacheDirectory else { return nil }
        return folder + "/" + prefix + FNV1a.hex(source.name.utf8)
    }

    /// What every reading depends on besides its file: the cache's format, the source's config
    /// (name and key), the zone and hold it was read with, and the binary that read it (a newer
    /// tminus may read a file differently).
    static func signature(_ format: String, _ source: SourceConfig, _ sourcing: Sourcing) -> String {
        let binary = FileStamp.lookup("/proc/self/exe")?.description ?? "-"
        return [format, source.name, source.key, sourcing.zone.name, String(sourcing.hold), binary].joined(
            separator: "\u{1F}")
    }

    /// Replaces the cache at `path` (its folder made when missing). A cache that cannot be written
    /// is no problem: the next read reads the files again.
    static func replace(_ path: String, with bytes: [UInt8]) { replace(path, with: [bytes[...]]) }

    /// The same with the cache's bytes in pieces, written one after another (none copied).
    static func replace(_ path: String, with pieces: [ArraySlice<UInt8>]) {
        let folder = FileIO.directory(of: path)
        if !FileIO.isDirectory(folder) { try? FileIO.makeDirectory(folder) }
        SourceWriter.removeDeadTemps(in: folder)
        guard let writer = try? FileIO.TempWriter(for: path) else { return }
        do throws(TMinusError) {
            for piece in pieces { try writer.write(piece) }
            try FileIO.commit(try writer.finish(durable: false))
        } catch {
            return  // (The temp is removed: the next read reads the files.)
        }
    }

    /// For the fuzzer: a cache read from `bytes` (nil: refused), after checking that what was
    /// read is written back to bytes that read back the same.
    static func roundTrip<Cache>(
        _ bytes: [UInt8], signature: String, now: Instant,
        parse: ([UInt8], String, Instant) throws -> Cache,
        write: (Cache, String, Instant) -> [UInt8]
    ) -> Cache? {
        guard let cache = try? parse(bytes, signature, now) else { return nil }
        let written = write(cache, signature, now)
        let again = try? parse(written, signature, now)
        precondition(
            again.map { write($0, signature, now) } == written, "a source cache that does not read back the same")
        return cache
    }

    /// A cache that is not this one's (another signature, written later than now) or not whole.
    struct Foreign: Error {}

    /// A whole number of seconds, or null.
    static func instant(_ p: inout JSONParser) throws -> Instant? {
        if try p.kind() == .null {
            _ = try p.readNull()
            return nil
        }
        return Instant(Int64(try integer(&p)))
    }

    /// A whole number (of at most 15 digits).
    static func integer(_ p: inout JSONParser) throws -> Int {
        let n = try p.readNumber()
        guard n.rounded() == n, abs(n) < 1e15 else { throw Foreign() }
        return Int(n)
    }
}
