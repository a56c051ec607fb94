import Glibc
import TMinusCore
import TMinusICal
import TMinusSystem
import TMinusBus

/// Evolution Data Server over the session bus, with tminus's own D-Bus client: the source
/// registry for the calendars and task lists, the calendar factory to open each, and each one's
/// `GetObjectList` for its items (iCalendar components), bounded by a query. Every call shares
/// one deadline, so an EDS that hangs costs at most `timeout` milliseconds.
struct EDSClient {
    static let registry = "org.gnome.evolution.dataserver.Sources5"
    static let registryPath = "/org/gnome/evolution/dataserver/SourceManager"
    static let factory = "org.gnome.evolution.dataserver.Calendar8"
    static let factoryPath = "/org/gnome/evolution/dataserver/CalendarFactory"
    static let calendarInterface = "org.gnome.evolution.dataserver.Calendar"
    /// How long a whole read may take, in milliseconds.
    static let timeout: Int64 = 5_000
    /// The largest reply read: a calendar's objects in the window (beyond it, that calendar is
    /// not read, and `tminus sources` says so).
    static let maxReply = 32 << 20

    /// Why EDS is not there: the source is skipped (no session bus, no EDS on it, or EDS did not
    /// answer in time).
    struct Absent: Error { let reason: String }

    let bus: DBusConnection
    let deadline: Int64

    static func monotonicMilliseconds() -> Int64 { SystemClock.monotonicMilliseconds() }

    /// Connects to the session bus; `Absent` when there is none.
    static func connect(_ environment: Environment) throws(Absent) -> EDSClient {
        let start = monotonicMilliseconds()
        do throws(DBusConnection.Failure) {
            let bus = try DBusConnection.session(environment, timeoutMilliseconds: Int32(timeout))
            bus.maxLength = maxReply
            return EDSClient(bus: bus, deadline: start + timeout)
        } catch {
            throw Absent(reason: error.text)
        }
    }

    /// Connects and lists the registry's sources: what every use of EDS starts with (the bus is
    /// closed again when EDS is not there).
    static func session(_ environment: Environment) throws(Absent) -> (EDSClient, [EDSSource]) {
        let client = try connect(environment)
        do throws(Absent) {
            return (client, try client.sources())
        } catch {
            client.bus.close()
            throw error
        }
    }

    func call(_ message: DBusMessage) throws(DBusConnection.Failure) -> [DBusValue] {
        let left = deadline - Self.monotonicMilliseconds()
        guard left > 0 else { throw DBusConnection.Failure("Evolution Data Server did not answer in time") }
        return try bus.call(message, timeoutMilliseconds: Int32(left))
    }

    /// Every source the registry knows; `Absent` when the registry is not on the bus or does not answer.
    func sources() throws(Absent) -> [EDSSource] {
        let reply: [DBusValue]
        do throws(DBusConnection.Failure) {
            reply = try call(
                .call(Self.registry, Self.registryPath, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects"))
        } catch {
            if error.errorName == "org.freedesktop.DBus.Error.ServiceUnknown"
                || error.errorName == "org.freedesktop.DBus.Error.NameHasNoOwner"
            {
                throw Absent(reason: deferred("Evolution Data Server is not on the session bus"))
            }
            if error.errorName == nil && error.description.contains("in time") {
                throw Absent(
                    reason: deferred("Evolution Data Server did not answer within %s s", String(Self.timeout / 1000)))
            }
            throw Absent(reason: deferred("Evolution Data Server's registry failed: %s", error.text))
        }
        guard case .array(_, let objects)? = reply.first else { return [] }
        var out: [EDSSource] = []
        for object in objects {
            guard case .dictEntry(_, .array(_, let interfaces)) = object else { continue }
            for i in interfaces {
                guard case .dictEntry(.string("org.gnome.evolution.dataserver.Source"), .array(_, let props)) = i
                else { continue }
                var uid: String?, data: String?
                for p in props {
                    guard case .dictEntry(.string(let key), .variant(let v)) = p else { continue }
                    if key == "UID" { uid = v.string }
                    if key == "Data" { data = v.string }
                }
                if let uid, let data, let s = EDSSource(uid: uid, data: data) { out.append(s) }
            }
        }
        return out
    }

    /// A calendar's or task list's components matching `query` (an EDS S-expression), each one
    /// iCalendar component's text, and its revision before they were read (a change made during
    /// the read gives a newer one, so it is seen).
    func objects(_ source: EDSSource, query: String) throws(DBusConnection.Failure) -> (
        components: [String], revision: String?
    ) {
        let calendar = try open(source)
        let revision = try self.revision(calendar)
        let list = try call(calendar.call("GetObjectList", [.string(query)]))
        return (list.first?.strings ?? [], revision)
    }

    /// An opened calendar's `Revision`: EDS gives it a new one with every change of its items
    /// (and says so with the calendar's `PropertiesChanged`, which `EDSLive` follows).
    func revision(_ calendar: Opened) throws(DBusConnection.Failure) -> String? {
        let reply = try call(
            .call(
                calendar.name, calendar.path, "org.freedesktop.DBus.Properties", "Get",
                [.string(Self.calendarInterface), .string("Revision")]))
        guard case .variant(let v)? = reply.first else { return nil }
        return v.string
    }

    /// What a reading of the registry's calendars depends on, as one value: each shown
    /// calendar's and task list's UID, name, kind and colour (one turned off, added or
    /// recoloured in GNOME Calendar gives another).
    static func sourcesStamp(_ all: [EDSSource]) -> String {
        let text = EDSSource.shown(all).map {
            [$0.uid, $0.name, "\($0.kind)", $0.color ?? ""].joined(separator: "\u{1F}")
        }
        .joined(separator: "\u{1E}")
        return FNV1a.hex(text.utf8)
    }

    /// The watched entry of a calendar's revision in a source's record (not a file: only a
    /// follower that hears EDS's signals compares it, `Sourcing.live`).
    static func watchKey(_ uid: String) -> String { livePrefix + uid }
    /// The watched entry of the registry's shown calendars (`sourcesStamp`).
    static let sourcesKey = livePrefix + "@sources"
    /// What the watched entries of EDS start with.
    static let livePrefix = "eds:"

    /// A calendar or task list opened through the factory (it stays open while this connection does).
    struct Opened {
        let name: String
        let path: String

        func call(_ method: String, _ arguments: [DBusValue] = []) -> DBusMessage {
            .call(name, path, EDSClient.calendarInterface, method, arguments)
        }
    }

    func open(_ source: EDSSource) throws(DBusConnection.Failure) -> Opened {
        let opened = try call(
            .call(
                Self.factory, Self.factoryPath, "org.gnome.evolution.dataserver.CalendarFactory",
                source.kind == .taskList ? "OpenTaskList" : "OpenCalendar", [.string(source.uid)]))
        guard opened.count == 2, let path = opened[0].string, let name = opened[1].string else {
            throw DBusConnection.Failure("the calendar factory's answer is not (path, bus name)")
        }
        let calendar = Opened(name: name, path: path)
        _ = try call(calendar.call("Open"))
        return calendar
    }

    /// The query for events that occur from `start` to `end`, and for open tasks.
    static func query(_ kind: EDSSource.Kind, from start: Instant, to end: Instant) -> String {
        if kind == .taskList { return "(not (is-completed?))" }
        // A series is taken whole and expanded by tminus (bounded as a file's is): EDS's own
        // expansion of a series that repeats every minute or second takes longer than a read may.
        return
            "(or (has-recurrences?) (occur-in-time-range? (make-time \"\(ICalWriter.utc(start))\") (make-time \"\(ICalWriter.utc(end))\")))"
    }
}
