import Glibc
import TMinusCore
import TMinusSystem

/// Watches some files by name in some directories with inotify, surviving the directories being
/// deleted, moved away, or created only later. An atomic save renames a new file over the old
/// one, so directories are watched, not files, and events are filtered by name. Each directory
/// that exists is watched together with its parent (for the directory's own name: deleted, moved,
/// replaced); one that does not exist yet is waited for in its nearest existing ancestor. Any
/// such change re-arms every watch and counts as a change of the files.
struct DirectoryWatcher {
    /// What one watch descriptor is for.
    enum Role {
        /// The directory itself: these file names matter.
        case files(String, [String])
        /// An ancestor: only the entry with this name (the next step towards a watched directory).
        case path(String)
    }

    let fd: Int32
    /// Names are exact, or `*` (any name not hidden) or `*.ics` (any such name ending so).
    var targets: [(directory: String, names: [String])]
    var roles: [Int32: [Role]] = [:]
    /// Files the watching process wrote itself: a change that leaves one as it was written is not
    /// a change.
    var own: OwnWrites?

    static func matches(_ names: [String], _ name: String) -> Bool {
        for n in names {
            if n == name { return true }
            if n.hasPrefix("*"), !name.hasPrefix("."), name.hasSuffix(n.dropFirst()) { return true }
        }
        return false
    }

    init(targets: [(directory: String, names: [String])]) throws(TMinusError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            throw .failure(tr: "cannot set up --follow (inotify): %s", "\(FileIO.errorText())", errno: errno)
        }
        self.targets = targets
        armUntilSettled()
    }

    static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    static let selfEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

    /// Sets every watch up again from the paths as they are now.
    mutating func arm() {
        pendingRearm = false
        for wd in roles.keys { inotify_rm_watch(fd, wd) }
        roles = [:]
        for (directory, names) in targets {
            if FileIO.exists(directory) {
                add(directory, Self.fileEvents | Self.selfEvents, .files(directory, names))
                if directory != "/" {
                    add(FileIO.directory(of: directory), Self.fileEvents, .path(FileIO.baseName(of: directory)))
                }
                continue
            }
            // Wait for the missing part of the path in the nearest ancestor that exists.
            var child = directory
            var parent = FileIO.directory(of: directory)
            while !FileIO.exists(parent) && parent != "/" && parent != "." {
                child = parent
                parent = FileIO.directory(of: parent)
            }
            add(parent, Self.fileEvents | Self.selfEvents, .path(FileIO.baseName(of: child)))
            // Made between the look and the watch (mkdir -p makes a chain at once): its creation
            // came before the watch, so no event will tell. Look again.
            if FileIO.exists(child) { pendingRearm = true }
        }
    }

    /// Set by `arm` when a path appeared while it was setting up.
    var pendingRearm = false

    /// Arms until no path appeared meanwhile (a few rounds at most: `mkdir -p` of a long chain),
    /// so a file written into a new directory is never missed.
    mutating func armUntilSettled() {
        var rounds = 0
        repeat { arm(); rounds += 1 } while pendingRearm && rounds < 16
    }

    mutating func add(_ directory: String, _ mask: UInt32, _ role: Role) {
        let wd = inotify_add_watch(fd, directory, mask | UInt32(IN_ONLYDIR))
        if wd >= 0 { roles[wd, default: []].append(role) }
    }

    /// Drains pending events; true when a watched file changed or a watched path did (then the
    /// watches are re-armed).
    mutating func readEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var changed = false
        var rearm = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + 16 <= n {
                let wd = buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                let mask = buffer[offset + 4..<offset + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                let len = Int(buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + len)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + len
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { rearm = true }
                // A watch of ours went away (its directory was deleted or moved). Watches `arm`
                // removed itself are no longer in `roles`: their IN_IGNORED is expected.
                if mask & (Self.selfEvents | UInt32(IN_IGNORED)) != 0 {
                    if roles[wd] != nil { rearm = true }
                    continue
                }
                for role in roles[wd] ?? [] {
                    switch role {
                    case .files(let directory, let names):
                        if Self.matches(names, name), own?.isOwn(directory + "/" + name) != true { changed = true }
                    case .path(let step): if name == step { rearm = true }
                    }
                }
            }
        }
        if rearm { armUntilSettled() }
        return changed || rearm
    }
}
