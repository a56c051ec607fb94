import TMinusCore
import TMinusSystem

/// What a long-running process (`show --follow`, `notify`) watches besides the sources: files of
/// the home, the config, and the file that sets the time zone (a user who travels, or
/// `timedatectl set-timezone`, replaces `/etc/localtime`; the next update uses the new zone).
package enum HomeWatch {
    /// The home's `homeNames`, the config file and the zone file, grouped by folder.
    package static func targets(_ ctx: Context, homeNames: [String]) -> [(directory: String, names: [String])] {
        var watch: [(directory: String, names: [String])] = [(ctx.home.directory, homeNames)]
        func add(_ path: String) {
            let directory = FileIO.directory(of: path)
            let name = FileIO.baseName(of: path)
            if let i = watch.firstIndex(where: { $0.directory == directory }) {
                watch[i].names.append(name)
            } else {
                watch.append((directory, [name]))
            }
        }
        add(ctx.home.configPath)
        if let zoneFile = ZoneLoader.watchedFile(environment: ctx.environment) { add(zoneFile) }
        return watch
    }
}

extension Context {
    /// The zone again, as a new process would find it (a follower does on every reload).
    package mutating func refreshZone() {
        zone = ZoneLoader.current(environment: environment)
    }
}
