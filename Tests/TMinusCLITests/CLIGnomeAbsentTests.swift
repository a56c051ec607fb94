import Foundation
import Testing
import TMinusCore
import TMinusBus
import TMinusTestSupport

/// A `gnome` source where Evolution Data Server is not (a tty, a tiling desktop without GNOME, a
/// session bus where nothing owns the registry) or hangs: the source is skipped with one line in
/// `sources` and `doctor`, everything else shows, and every command exits 0.
@Suite("CLI: a gnome source without Evolution Data Server")
struct CLIGnomeAbsentTests {
    static let config = #"{ "sources": [ { "name": "gnome", "kind": "gnome" } ] }"#

    static func home(env: [String: String] = [:]) throws -> TempHome {
        let h = try TempHome()
        try h.writeConfig(config)
        let add = try h.run(["add", "Thesis", "--due", "2026-12-01T17:00"], env: env)
        #expect(add.status == 0, "\(add)")
        return h
    }

    /// Runs list, sources and doctor; returns the `sources` text.
    static func skipped(_ h: TempHome, env: [String: String]) throws -> (sources: String, doctor: String) {
        let list = try h.run(["list"], env: env)
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list)")
        #expect(list.stdout.contains("Thesis"), "the rest still shows: \(list)")
        let sources = try h.run(["sources"], env: env)
        #expect(sources.status == 0 && sources.stderr.isEmpty, "\(sources)")
        #expect(sources.stdout.contains("gnome  gnome  Evolution Data Server (session bus)"), "\(sources)")
        #expect(!sources.stdout.contains("cannot read it"), "skipped, not broken: \(sources)")
        let doctor = try h.run(["doctor"], env: env)
        #expect(doctor.status == 0, "\(doctor)")
        let lines = doctor.stdout.split(separator: "\n").filter { $0.hasPrefix("source gnome: skipped: ") }
        #expect(lines.count == 1, "\(doctor)")
        return (sources.stdout, doctor.stdout)
    }

    @Test func noSessionBusSkipsTheSource() throws {
        let h = try Self.home()
        let (sources, _) = try Self.skipped(h, env: [:])
        #expect(sources.contains("    skipped: no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"), "\(sources)")
    }

    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage))) func aBusWithoutEDSSkipsTheSource() throws {
        guard let bus = try CLIEscalationServerTests.privateBus() else { return }
        let h = try Self.home(env: bus.environment)
        let (sources, doctor) = try Self.skipped(h, env: bus.environment)
        #expect(sources.contains("    skipped: Evolution Data Server is not on the session bus"), "\(sources)")
        #expect(doctor.contains("source gnome: skipped: Evolution Data Server is not on the session bus"), "\(doctor)")
    }

    /// A registry that owns its name and never answers costs a few seconds, once.
    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage))) func aHungEDSIsBoundedByATimeout() throws {
        guard let bus = try CLIEscalationServerTests.privateBus() else { return }
        let env = Environment(bus.environment.map { ($0.key, $0.value) })
        let hung = try DBusConnection.session(env)
        _ = try hung.call(
            .call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                [.string("org.gnome.evolution.dataserver.Sources5"), .uint32(4)]))
        let h = try Self.home(env: bus.environment)
        let (sources, _) = try Self.skipped(h, env: bus.environment)
        #expect(sources.contains("    skipped: Evolution Data Server did not answer within 5 s"), "\(sources)")
        hung.close()
    }

    @Test func calendarsAppliesToGnomeOnlyAndIsAList() throws {
        let h = try TempHome()
        try h.writeConfig(
            #"{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "t.txt", "calendars": ["Work"] } ] }"#)
        let r = try h.run(["config", "check"])
        #expect(
            r.status != 0 && (r.stdout + r.stderr).contains("sources[0].calendars: applies to gnome sources only"),
            "\(r)")
        try h.writeConfig(#"{ "sources": [ { "name": "gnome", "kind": "gnome", "calendars": "Work" } ] }"#)
        let r2 = try h.run(["config", "check"])
        #expect(r2.status != 0 && (r2.stdout + r2.stderr).contains("expected 1 to 64 calendar names or UIDs"), "\(r2)")
        try h.writeConfig(
            #"{ "sources": [ { "name": "gnome", "kind": "gnome", "calendars": ["Work", "Personal"] } ] }"#)
        let r3 = try h.run(["config", "check"])
        #expect(r3.status == 0, "\(r3)")
    }

    /// Without EDS a change cannot be made: one line says why, and nothing is written.
    @Test func writingWithoutItIsOneLineAndChangesNothing() throws {
        let h = try Self.home()
        let before = try h.run(["list", "--json"]).stdout
        let r = try h.run(["todo", "Call", "--to", "gnome"])
        #expect(r.status != 0 && r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.contains("source gnome: no session bus") && r.stderr.contains("nothing was changed"), "\(r)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r)")
        #expect(try h.run(["list", "--json"]).stdout == before)
    }
}
