import TMinusCore
import TMinusBus

/// What a long-running process (`show --follow`, `notify`) hears from Evolution Data Server: it
/// keeps one session-bus connection with every shown calendar and task list open, and asks the
/// bus for their `PropertiesChanged` (EDS gives a calendar a new `Revision` with every change of
/// its items, whoever made it: GNOME Calendar, an account's sync, tminus) and for the source
/// registry's signals (a calendar added, turned off or recoloured). Its descriptor is waited on
/// with the follower's others; when it is readable, `changed()` takes what arrived and says
/// whether a reading of a gnome source is now out of date (`heard` differs from its record), so
/// the change shows at once and nothing is polled. Without a gnome source, or without EDS, it
/// holds no connection.
public final class EDSLive: @unchecked Sendable {
    var bus: DBusConnection?
    /// The opened calendars' object paths, to the watched entry each one's revision is kept under.
    var paths: [String: String] = [:]
    /// What was heard: each calendar's latest revision and the registry's shown calendars, by
    /// watched entry (`Sourcing.live`).
    public private(set) var heard: [String: String] = [:]
    var environment: Environment = [:]
    var wanted = false
    /// When a failed connection is tried again (monotonic milliseconds): an EDS that is not
    /// there or hangs is asked again only as often as a gnome source's read asks
    /// (`GnomeSource.absentAgain`), not on every reload.
    var retryAt: Int64 = 0

    /// Nothing followed yet.
    public init() {}

    /// The connection's descriptor to wait on (nil: nothing is followed).
    public var fd: Int32? { bus?.fd }

    /// Follows the calendars of `sourcing`'s gnome sources (connecting when there are some, and
    /// letting go when there are none). EDS missing or slow costs what a read costs at most.
    public func follow(_ sourcing: Sourcing?) {
        let gnome = sourcing?.sources.contains { $0.kind == .gnome } ?? false
        if let sourcing { environment = sourcing.environment }
        wanted = gnome
        guard gnome else {
            stop()
            return
        }
        if bus == nil && EDSClient.monotonicMilliseconds() >= retryAt { subscribe() }
    }

    /// Takes the signals that arrived; true when one of them is news (a calendar's revision or
    /// the registry's shown calendars are not what was heard before).
    public func changed() -> Bool {
        guard let bus else { return false }
        let messages: [DBusMessage]
        do throws(DBusConnection.Failure) {
            messages = try bus.messages()
        } catch {
            // EDS's bus went away (the session ends): nothing more will be heard.
            stop()
            return false
        }
        var news = false
        var registry = false
        for m in messages {
            if m.member == "PropertiesChanged", let path = m.path, let key = paths[path] {
                if let revision = Self.revision(in: m.body), heard[key] != revision {
                    heard[key] = revision
                    news = true
                }
            } else if m.path?.hasPrefix(EDSClient.registryPath) == true {
                registry = true
            }
        }
        // The registry says something of a source (a calendar added, removed, turned off,
        // recoloured, or only connecting): when the shown calendars are not those followed,
        // follow the ones shown now. (Opening a calendar makes the registry signal too: only a
        // real change subscribes again, so that does not go round.)
        if registry {
            let client = EDSClient(bus: bus, deadline: EDSClient.monotonicMilliseconds() + EDSClient.timeout)
            let stamp = (try? client.sources()).map(EDSClient.sourcesStamp)
            if stamp != heard[EDSClient.sourcesKey] {
                stop()
                if wanted { subscribe() }
                news = true
            }
        }
        return news
    }

    /// Connects, lists the registry's calendars, opens each shown one and asks for its signals.
    func subscribe() {
        let client: EDSClient
        let all: [EDSSource]
        do throws(EDSClient.Absent) {
            (client, all) = try EDSClient.session(environment)
        } catch {
            retryAt = EDSClient.monotonicMilliseconds() + GnomeSource.absentAgain * 1000
            return
        }
        do throws(DBusConnection.Failure) {
            try client.bus.addMatch("type='signal',sender='\(EDSClient.registry)'")
            heard = [EDSClient.sourcesKey: EDSClient.sourcesStamp(all)]
            paths = [:]
            for source in EDSSource.shown(all) where source.kind != .other {
                let opened = try client.open(source)
                try client.bus.addMatch(
                    "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(opened.path)'"
                )
                let key = EDSClient.watchKey(source.uid)
                paths[opened.path] = key
                heard[key] = try client.revision(opened) ?? "-"
            }
            bus = client.bus
        } catch {
            client.bus.close()
            heard = [:]
            paths = [:]
            retryAt = EDSClient.monotonicMilliseconds() + GnomeSource.absentAgain * 1000
        }
    }

    /// Lets go of the connection (EDS closes what it opened for it).
    func stop() {
        bus?.close()
        bus = nil
        paths = [:]
        heard = [:]
    }

    /// The new `Revision` in a `PropertiesChanged` body (interface, changed, invalidated).
    static func revision(in body: [DBusValue]) -> String? {
        guard body.count >= 2, case .array(_, let changed) = body[1] else { return nil }
        for entry in changed {
            if case .dictEntry(.string("Revision"), .variant(let v)) = entry { return v.string }
        }
        return nil
    }
}
