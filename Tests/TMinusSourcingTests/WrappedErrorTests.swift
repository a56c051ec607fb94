import Foundation
import Glibc
import TMinusCore
import TMinusICal
import TMinusSources
import Testing
import TMinusTestSupport
@testable import TMinusSystem
@testable import TMinusBus
@testable import TMinusSourcing

/// An error made from another keeps it as its `cause` (and its file and line where it has them);
/// the words the user reads are as they were.
final class WrappedErrorTests {
    var dirs: [String] = []
    deinit { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    /// A todo.txt line that is not UTF-8 cannot be retitled: the error names the file and the
    /// line, and keeps todo.txt's edit error.
    @Test func aLineThatIsNotUTF8KeepsItsFileLineAndCause() throws {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-wrapped.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        let path = dir + "/todo.txt"
        let file = Array("Buy milk\n".utf8) + Array("(B) Caf".utf8) + [0xE9] + Array(" bill +home\n".utf8)
        try FileIO.writeAtomically(file, to: path)
        let source = SourceConfig(name: "txt", kind: .todotxt, path: path)
        let sourcing = Sourcing(
            sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir)
        let item = try #require(TodoTxt.parse(file, source: "txt").last).item
        var renamed = item
        renamed.title = "Coffee bill"
        let op = PendingSourceChange(kind: .update, item: item, to: renamed, at: at("2026-03-10T12:00:00Z"))
        do {
            _ = try TodoTxtSource.apply(op, source, sourcing, again: false)
            Issue.record("retitled a line that is not UTF-8")
        } catch {
            #expect(error.path == path && error.line == 2, "\(error.path ?? "nil") \(error.line ?? 0)")
            #expect(error.cause as? TodoTxt.EditError == .notUTF8(line: 2))
            #expect(error.message.hasPrefix("source txt: line 2 of \(path) is not UTF-8"), "\(error.message)")
        }
        #expect(FileManager.default.contents(atPath: path) == Data(file), "nothing written")
    }

    /// A calendar change the writer refuses keeps the writer's error.
    @Test func aCalendarRefusalKeepsTheWritersError() {
        var item = Item(kind: .todo, id: "u1", handle: 7, title: "Standup")
        item.source = "cal"
        let gone = ICalWriteError.notFound.refusal(item, in: "source cal")
        #expect(gone.kind == .failure && gone.cause as? ICalWriteError == .notFound)
        let refused = ICalWriteError.unsupported("it repeats").refusal(item, in: "source cal")
        #expect(refused.kind == .usage && refused.cause as? ICalWriteError == .unsupported("it repeats"))
        #expect(refused.message == "#7 Standup: it repeats")
    }

    /// The notifier's bus failure keeps the bus's failure (and its socket and errno).
    @Test func aBusFailureIsKeptAsTheCause() throws {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-wrapped.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        let socket = dir + "/no-bus"
        let failure: DBusConnection.Failure
        do {
            _ = try DBusConnection.session(["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + socket])
            Issue.record("connected to nothing")
            return
        } catch { failure = error }
        let error = NotificationServer.busFailure(failure)
        #expect(error.cause as? DBusConnection.Failure == failure)
        #expect(error.path == socket && error.errno == ENOENT)
        #expect(
            error.message
                == "could not reach the notification server over the session bus: cannot connect to the session bus at \(socket): \(FileIO.errorText(ENOENT))"
        )
    }
}
