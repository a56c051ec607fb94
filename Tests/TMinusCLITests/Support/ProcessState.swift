import Foundation

/// What /proc says about a running tminus: the events a test waits for instead of a fixed time.
enum ProcessState {
    /// The text of the first of the process's /proc/PID/fdinfo entries that contains `text`.
    static func fdinfo(_ pid: Int32, containing text: String) -> String? {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fdinfo")) ?? []
        for fd in fds {
            if let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8), info.contains(text)
            {
                return info
            }
        }
        return nil
    }

    /// Whether the process watches files (an inotify fd with watches): a change made after this
    /// reaches the running process, not its start-up.
    static func isWatching(_ pid: Int32) -> Bool { fdinfo(pid, containing: "inotify wd:") != nil }

    /// The inodes the process's inotify watches (`ino:` of each watch, in hex in fdinfo).
    static func watchedInodes(_ pid: Int32) -> Set<UInt64> {
        guard let info = fdinfo(pid, containing: "inotify wd:") else { return [] }
        var inodes: Set<UInt64> = []
        for field in info.split(whereSeparator: { $0 == " " || $0 == "\n" }) where field.hasPrefix("ino:") {
            if let inode = UInt64(field.dropFirst(4), radix: 16) { inodes.insert(inode) }
        }
        return inodes
    }

    /// Whether the process sleeps in `poll` (its wait for the next event), not at work.
    static func isPolling(_ pid: Int32) -> Bool {
        ((try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "").contains("poll")
    }

    /// How long until the process's timer fires, in seconds (its timerfd's `it_value`, which the
    /// kernel gives relative to now); nil without an armed timer.
    static func timerRemaining(_ pid: Int32) -> Double? {
        guard let info = fdinfo(pid, containing: "it_value:"),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("it_value:") })
        else { return nil }
        let numbers = line.split { !$0.isNumber }.compactMap { Double($0) }
        guard numbers.count == 2, numbers[0] > 0 || numbers[1] > 0 else { return nil }
        return numbers[0] + numbers[1] / 1e9
    }
}
