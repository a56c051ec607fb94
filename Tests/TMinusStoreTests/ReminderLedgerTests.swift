import Foundation
import TMinusCore
import TMinusSystem
import TMinusStore
import TMinusTimeline
import Testing

@Suite("The reminder ledger")
struct ReminderLedgerTests {
    func record(_ n: Int, _ state: LedgerRecord.State) -> LedgerRecord {
        LedgerRecord(
            key: "remind/\(n)/tminus/id\(n)", state: state, at: Instant(Int64(1_800_000_000 + n)),
            time: Instant(1_800_000_100), item: "id\(n)", source: "tminus", title: "R\(n)")
    }

    func tempHome() throws -> Home {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tminus-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return Home(directory: dir.path, configPath: dir.appendingPathComponent("config.json").path)
    }

    @Test func readsIncrementallyAndCutsATornLineBeforeAppending() throws {
        let home = try tempHome()
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let ledger = ReminderLedger(home: home)
        let view = ReminderLedger.View()
        try ledger.withLock { () throws(TMinusError) in try ledger.append([record(1, .sending), record(1, .sent)]) }
        ledger.refresh(view)
        #expect(view.state("remind/1/tminus/id1") == .sent)
        // A writer killed mid-line: the half line is no record, and the next append cuts it off.
        let handle = try #require(FileHandle(forWritingAtPath: home.ledgerPath))
        handle.seekToEndOfFile()
        handle.write(Data(record(2, .sent).line.prefix(30)))
        try handle.close()
        ledger.refresh(view)
        #expect(view.state("remind/2/tminus/id2") == nil)
        try ledger.withLock { () throws(TMinusError) in try ledger.append([record(3, .missed)]) }
        ledger.refresh(view)
        #expect(view.state("remind/3/tminus/id3") == .missed)
        #expect(ledger.records().map(\.state) == [.sending, .sent, .missed])
        let text = try String(contentsOfFile: home.ledgerPath, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3 && text.hasSuffix("\n"))
    }

    @Test func aReplacedLedgerIsReadAgainWhole() throws {
        let home = try tempHome()
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let ledger = ReminderLedger(home: home)
        let view = ReminderLedger.View()
        try ledger.withLock { () throws(TMinusError) in try ledger.append([record(1, .sent), record(2, .sent)]) }
        ledger.refresh(view)
        try FileManager.default.removeItem(atPath: home.ledgerPath)
        try ledger.withLock { () throws(TMinusError) in try ledger.append([record(3, .armed)]) }
        ledger.refresh(view)
        #expect(view.latest.keys.sorted() == ["remind/3/tminus/id3"])
        #expect(view.armed.map(\.item) == ["id3"])
    }
}
