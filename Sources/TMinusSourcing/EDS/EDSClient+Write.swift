import TMinusCore
import TMinusBus

/// Changes through Evolution Data Server, as GNOME Calendar and GNOME To Do make them: an item is
/// read with `GetObject`, changed by tminus's own iCalendar writer (the same as a vdir file's) and
/// given back with `ModifyObjects`; new ones go in with `CreateObjects`, removed ones go with
/// `RemoveObjects`. EDS passes each change on to the account (Google, Nextcloud…) itself.
extension EDSClient {
    /// The item `uid` of an opened calendar (its text: one component, or a VCALENDAR with the
    /// instances moved in it); nil when it has none.
    func object(_ calendar: Opened, uid: String) throws(DBusConnection.Failure) -> String? {
        do throws(DBusConnection.Failure) {
            return try call(calendar.call("GetObject", [.string(uid), .string("")])).first?.string
        } catch {
            // (E_CAL_CLIENT_ERROR_OBJECT_NOT_FOUND, as GDBus names an error it has no D-Bus name for.)
            if let name = error.errorName, name.hasSuffix("ObjectNotFound") || name.hasSuffix("error_2dquark.Code1") {
                return nil
            }
            throw error
        }
    }

    /// Replaces the components (the whole series: EDS's `all`).
    func modify(_ calendar: Opened, _ components: [String]) throws(DBusConnection.Failure) {
        _ = try call(
            calendar.call(
                "ModifyObjects", [.array("s", components.map { .string($0) }), .string("all"), .uint32(0)]))
    }

    /// Adds the components; their UIDs as EDS keeps them.
    func create(_ calendar: Opened, _ components: [String]) throws(DBusConnection.Failure) -> [String] {
        try call(calendar.call("CreateObjects", [.array("s", components.map { .string($0) }), .uint32(0)])).first?
            .strings ?? []
    }

    /// Removes the item `uid`, every instance of it.
    func remove(_ calendar: Opened, uid: String) throws(DBusConnection.Failure) {
        _ = try call(
            calendar.call(
                "RemoveObjects",
                [.array("(ss)", [.structure([.string(uid), .string("")])]), .string("all"), .uint32(0)]))
    }

    /// The VEVENT and VTODO components of an iCalendar text, each as its own text (CRLF lines, as
    /// EDS takes them); the VCALENDAR around them and its VTIMEZONEs left out.
    static func components(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var current: [Substring] = []
        var depth = 0
        var taking = false
        let text = String(decoding: bytes, as: UTF8.self)
        // ("\r\n" is one Character in Swift.)
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            let upper = line.uppercased()
            if upper.hasPrefix("BEGIN:") {
                if depth == 1 { taking = upper == "BEGIN:VEVENT" || upper == "BEGIN:VTODO" }
                depth += 1
            }
            if taking { current.append(line) }
            if upper.hasPrefix("END:") {
                depth -= 1
                if depth == 1 && taking {
                    out.append(current.joined(separator: "\r\n") + "\r\n")
                    current = []
                    taking = false
                }
            }
        }
        return out
    }
}
