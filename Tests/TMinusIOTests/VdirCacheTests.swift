import TMinusCore
import TMinusIO
import Testing

/// The vdir file cache's reader (docs/sources.md, "The file cache"): a whole cache reads back as
/// written; one cut short, of another signature, or written after `now` is refused whole.
struct VdirCacheTests {
    let now = Instant(1_795_428_060)
    var text: String {
        #"{"signature":"s","at":\#(now.seconds - 5),"files":["# + "\n"
            + #"["work/a.ics","12-345-1795428000.5",["line 3: DTSTART: bad"],[[true,\#(now.seconds + 60),"uid-a",{"kind":"deadline","id":"uid-a","handle":0,"title":"Standup \"weekly\"","due":"2026-12-01T09:30:00Z","source":"cal"}],[false,null,"uid-b",null]]],"#
            + "\n" + #"["b.ics","13-10-1795428000.0",[],[]]]}"#
    }

    @Test func aWholeCacheReadsBackAsWritten() {
        #expect(VdirCache.roundTrip(Array(text.utf8), signature: "s", now: now) == 2)
    }

    @Test func anythingElseIsRefusedWhole() {
        let bytes = Array(text.utf8)
        #expect(VdirCache.roundTrip(Array(bytes.prefix(bytes.count - 3)), signature: "s", now: now) == nil, "cut short")
        #expect(VdirCache.roundTrip(bytes, signature: "t", now: now) == nil, "another signature")
        #expect(VdirCache.roundTrip(bytes, signature: "s", now: now - 10) == nil, "written after now")
        let noSignature = text.replacingOccurrences(of: #""signature":"s","#, with: "")
        #expect(VdirCache.roundTrip(Array(noSignature.utf8), signature: "s", now: now) == nil)
    }
}
