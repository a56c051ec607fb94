public import TMinusCore

/// Turns TZID parameters into zones, the way files in the wild need it: an IANA name
/// (`Europe/Berlin`) from the system's zone files; the same behind a vendor prefix
/// (`/mozilla.org/20070129_1/Europe/Berlin`); a Windows name (`W. Europe Standard Time`) through
/// CLDR's table; else the file's own VTIMEZONE with that TZID (a custom name such as `UTC+11`);
/// else the reader's zone, with a warning. One value serves a whole read of a source, so each
/// name is looked up once.
public final class ICalZones {
    /// The reader's zone: floating times and whole days are read in it.
    public let local: Zone
    let system: (String) -> Zone?
    var byName: [String: Zone] = [:]
    var built: [[UInt8]: Zone] = [:]

    /// `system` loads an IANA zone by name (the I/O side passes the zone file reader).
    public init(local: Zone, system: @escaping (String) -> Zone?) {
        self.local = local
        self.system = system
    }

    /// Whether a name can be an IANA zone file name: letters, digits, `_+-.` and `/` between
    /// parts, no `..`, nothing absolute (a TZID is never a path into the file system).
    public static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 64, !name.hasPrefix("/"), !name.hasSuffix("/") else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part != ".", part != "..", !part.hasPrefix(".") else { return false }
        }
        return name.utf8.allSatisfy { c in
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2B
                || c == 0x2D || c == 0x2E || c == 0x2F
        }
    }

    /// The zone a TZID names, and a warning when it names none (then the reader's zone is used).
    /// `definitions` are the file's VTIMEZONEs by TZID, `bytes` the file (to cache built ones).
    public func zone(_ tzid: String, definitions: [String: ICalComponent], bytes: [UInt8]) -> (Zone, String?) {
        if let z = byName[tzid] { return (z, nil) }
        if let z = named(tzid) {
            byName[tzid] = z
            return (z, nil)
        }
        if let def = definitions[tzid] {
            let key = Array(bytes[def.range.clamped(to: 0..<bytes.count)])
            if let z = built[key] { return (z, nil) }
            if let z = ICalZones.build(def, name: tzid) {
                built[key] = z
                return (z, nil)
            }
            return (
                local,
                deferred(
                    "TZID=%s: its VTIMEZONE cannot be read; the time is read as local time", String(tzid.prefix(60)))
            )
        }
        return (
            local,
            deferred(
                "TZID=%s is not a time zone tminus knows and the file does not define it; the time is read as local time",
                String(tzid.prefix(60)))
        )
    }

    /// An IANA name, behind a vendor prefix or not, or a Windows name.
    func named(_ tzid: String) -> Zone? {
        let name = tzid.trimmingSpaces
        if ICalZones.isZoneName(name), let z = system(name) { return z }
        if name.hasPrefix("/") {
            let parts = name.split(separator: "/")
            // `/Europe/Stockholm` (a bare leading slash) first, then behind a vendor prefix.
            for drop in 0..<parts.count {
                let suffix = parts[drop...].joined(separator: "/")
                if ICalZones.isZoneName(suffix), suffix.contains("/") || parts.count - drop == 1, let z = system(suffix)
                {
                    return z
                }
            }
        }
        if let iana = ICalZones.windows(name), let z = system(iana) { return z }
        return nil
    }

    /// CLDR's IANA zone for a Windows zone name (binary search in the table).
    public static func windows(_ name: String) -> String? {
        let table = WindowsZones.table
        var lo = 0, hi = table.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let w = table[mid].windows
            if w == name { return table[mid].iana }
            if w.utf8.lexicographicallyPrecedes(name.utf8) { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// A zone from a VTIMEZONE: each STANDARD and DAYLIGHT observance's onsets (its DTSTART, the
    /// instances of its yearly RRULE up to 2200, its RDATEs), read in the offset before them.
    static func build(_ def: ICalComponent, name: String) -> Zone? {
        var changes: [Zone.Transition] = []
        var earliest: (Int64, Int, String)?
        for obs in def.components where obs.name == "STANDARD" || obs.name == "DAYLIGHT" {
            guard let startProp = obs.property("DTSTART"), let start = ICalTime(startProp),
                let from = obs.property("TZOFFSETFROM").flatMap({ offset($0.value) }),
                let to = obs.property("TZOFFSETTO").flatMap({ offset($0.value) })
            else { return nil }
            let abbreviation = obs.property("TZNAME").map { String($0.text.prefix(16)) } ?? ""
            let isDST = obs.name == "DAYLIGHT"
            var onsets: [LocalDateTime] = [start.local]
            if let rruleProp = obs.property("RRULE"), let rule = try? RecurrenceRule.parse(rruleProp.raw) {
                onsets = []
                let fromOffset = Int64(from)
                rule.forEach(
                    start: start.local,
                    untilPassed: rule.untilPassed(start: start) { Instant($0.secondsAsUTC - fromOffset) }
                ) { l in
                    onsets.append(l)
                    return l.date.year < 2200 && onsets.count < 1000
                }
            }
            for p in obs.all("RDATE") {
                for v in ICalText.split(p.value[...]) {
                    if let t = ICalTime.parse(v, tzid: nil) { onsets.append(t.local) }
                }
            }
            for l in onsets {
                let at = l.secondsAsUTC - Int64(from)
                changes.append(Zone.Transition(at: at, offset: to, isDST: isDST, abbreviation: abbreviation))
                if earliest.map({ at < $0.0 }) ?? true { earliest = (at, from, abbreviation) }
            }
        }
        guard let first = earliest else { return nil }
        return Zone.transitions(name: name, initialOffset: first.1, initialAbbreviation: first.2, changes)
    }

    /// A UTC offset value `±HHMM[SS]` in seconds.
    static func offset(_ value: [UInt8]) -> Int? {
        let v = Array(ICalParser.trimmed(value[...]))
        guard v.count == 5 || v.count == 7, v[0] == 0x2B || v[0] == 0x2D else { return nil }
        var n = 0
        var parts: [Int] = []
        for (i, c) in v.dropFirst().enumerated() {
            guard c >= 0x30, c <= 0x39 else { return nil }
            n = n * 10 + Int(c - 0x30)
            if i % 2 == 1 { parts.append(n); n = 0 }
        }
        guard parts[0] < 24, parts[1] < 60, parts.count < 3 || parts[2] < 60 else { return nil }
        let s = parts[0] * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0)
        return v[0] == 0x2D ? -s : s
    }
}
