import Foundation
import Glibc

/// The one place a CLI test waits: polls `condition` every few milliseconds until it holds or
/// `timeout` seconds pass, and says which. A test waits for the event it needs (a line, a file,
/// a process that ended, a stamp old enough), never for a fixed time; the deadline is generous,
/// for a loaded machine, and a test that times out fails with what it waited for.
@discardableResult
func waitUntil(timeout: Double = 20, every interval: useconds_t = 5_000, _ condition: () throws -> Bool) rethrows
    -> Bool
{
    let end = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= end { return false }
        usleep(interval)
    }
}

/// Sets the modification time of `root` and of everything below it to `time` (seconds since
/// 1970, in the past: utimensat), as files written a while ago: what the 2-second racy-stamp
/// rules look at, so a test does not wait for them to pass.
func backdate(_ root: URL, to then: Int) throws {
    var paths = [root.path]
    if let e = FileManager.default.enumerator(atPath: root.path) {
        while let p = e.nextObject() as? String { paths.append(root.appendingPathComponent(p).path) }
    }
    var times = [timespec(tv_sec: then, tv_nsec: 0), timespec(tv_sec: then, tv_nsec: 0)]
    for path in paths where utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) != 0 {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
