import Testing
import TMinusCore
@testable import TMinusICal

@Suite("iCalendar zones")
struct ZonesTests {
    @Test func theWindowsTableIsSortedAndEveryZoneIsOnTheSystem() {
        let t = WindowsZones.table
        #expect(t.count == 139)
        for i in 1..<t.count { #expect(t[i - 1].windows.utf8.lexicographicallyPrecedes(t[i].windows.utf8)) }
        for row in t {
            #expect(ICalZones.windows(row.windows) == row.iana)
            #expect(systemZone(row.iana) != nil, "\(row.iana) is not in /usr/share/zoneinfo")
        }
        #expect(ICalZones.windows("Mars Standard Time") == nil)
    }

    @Test(arguments: [
        "../../etc/passwd", "/etc/localtime", "Europe/../../x", "", ".hidden", "a/./b",
        String(repeating: "x", count: 65)
    ])
    func aTZIDIsNeverAPath(name: String) {
        #expect(!ICalZones.isZoneName(name))
    }

    @Test func namesResolveInOrder() {
        let local = systemZone("Asia/Tokyo")!
        let zones = ICalZones(local: local, system: systemZone)
        func name(_ tzid: String, _ defs: [String: ICalComponent] = [:]) -> (String, Bool) {
            let (z, warning) = zones.zone(tzid, definitions: defs, bytes: [])
            return (z.name, warning != nil)
        }
        #expect(name("Europe/Berlin") == ("Europe/Berlin", false))
        #expect(name("/mozilla.org/20070129_1/America/New_York") == ("America/New_York", false))
        #expect(name("W. Europe Standard Time") == ("Europe/Berlin", false))
        #expect(name("Mexico/General") == ("Mexico/General", false), "tzdata's backward names")
        #expect(name("Nowhere/Special") == ("Asia/Tokyo", true))
    }

    @Test func aVTIMEZONEWithRulesGivesItsOffsetsAcrossTheYear() throws {
        let text = """
            BEGIN:VTIMEZONE\nTZID:My Zone\nBEGIN:STANDARD\nDTSTART:19701025T030000\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\n\
            TZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nTZNAME:CET\nEND:STANDARD\nBEGIN:DAYLIGHT\nDTSTART:19700329T020000\n\
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200\nTZNAME:CEST\nEND:DAYLIGHT\nEND:VTIMEZONE\n
            """
        let doc = ICalParser.parse(Array(text.utf8))
        let def = try #require(doc.components.first)
        let zone = try #require(ICalZones.build(def, name: "My Zone"))
        let berlin = systemZone("Europe/Berlin")!
        // The same offsets as the system's Europe/Berlin, on both sides of each change, 2026 and 2090.
        for t in [
            "2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:59:59Z", "2026-10-25T01:00:00Z",
            "2090-03-26T01:00:00Z", "2090-07-01T00:00:00Z"
        ] {
            #expect(zone.offset(at: at(t)) == berlin.offset(at: at(t)), "\(t)")
        }
    }
}
