import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusSourcing
import TMinusSystem
import TMinusStore

/// A home whose config has one source, a vdir of one todo ("Pay rent", `a.ics`), its files an
/// hour old (nothing racy: its part is current until a file changes), in a folder removed when
/// the fixture goes.
final class OneTodoVdir {
    let dir: String
    let container: Container

    init() throws {
        dir = try #require(mkdtemp(strdup("/tmp/tminus-store-vdir.XXXXXX")).map { String(cString: $0) })
        let folder = dir + "/cal/work"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/a.ics"
        try Self.todo("a@x", "Pay rent", due: "20261201T090000Z").write(to: URL(fileURLWithPath: file))
        var hourAgo = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
        for path in [file, folder, dir + "/cal"] { #expect(utimes(path, &hourAgo) == 0) }
        let source = SourceConfig(name: "cal", kind: .vdir, path: dir + "/cal")
        let sourcing = Sourcing(sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir)
        container = Container(
            home: Home(directory: dir + "/home", configPath: dir + "/config.json"), sourcing: sourcing)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// A calendar file of one todo.
    static func todo(_ uid: String, _ title: String, due: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\n"
                + "DUE:\(due)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8)
    }
}
