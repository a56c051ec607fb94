import Foundation
import Testing
import TMinusCore

/// `doctor` on a home whose summary.json is older than its store (an upgrade: the earlier
/// version's summary; a writer stopped between its two renames). The next read rebuilds it, so
/// it is a note and exit 0; it said `found` and "run tminus doctor --repair" with exit 1.
@Suite("CLI: doctor and a summary the next read rebuilds")
struct CLIDoctorStaleSummaryTests {
    static let note = "note     summary.json is older than the store: the next read rebuilds it (nothing to repair)"

    /// An earlier release's home: its version-1 store (as CLIMigrationTests has it) beside a
    /// summary.json written for another store.
    @Test func afterAnUpgradeDoctorSaysANote() throws {
        let other = try TempHome()
        try other.ok("todo", "Buy milk", "--due", "2026-03-10")
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        try Data(CLIMigrationTests.v1Store.utf8).write(to: URL(fileURLWithPath: h.storePath))
        try #require(other.bytes("summary.json")).write(to: URL(fileURLWithPath: h.summaryPath))
        let files = ["store.json", "summary.json"].map { h.bytes($0) }

        let doctor = try h.run("doctor")
        #expect(doctor.status == 0, "\(doctor)")
        #expect(doctor.stdout.contains(Self.note), "\(doctor)")
        #expect(!doctor.stdout.contains("found") && !doctor.stdout.contains("--repair"), "\(doctor)")
        #expect(["store.json", "summary.json"].map { h.bytes($0) } == files, "doctor changed a file")
        // The next read heals it, and doctor then has nothing to say about it.
        #expect(try h.ok("show").stdout.contains("Thesis") || (try h.handles()) == [5, 3])
        let again = try h.run("doctor")
        #expect(again.status == 0 && again.stdout.contains("ok       summary.json matches the store"), "\(again)")
    }

    /// A writer stopped between its renames: the new store, the old summary.
    @Test func aStoppedWriterLeavesANote() throws {
        let h = try TempHome()
        try h.ok("add", "Old title", "--due", "2026-12-01")
        let oldSummary = try #require(h.bytes("summary.json"))
        try h.ok("edit", "1", "--title", "New title")
        try oldSummary.write(to: URL(fileURLWithPath: h.summaryPath))
        let doctor = try h.run("doctor")
        #expect(doctor.status == 0 && doctor.stdout.contains(Self.note), "\(doctor)")
    }
}
