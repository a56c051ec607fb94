import TMinusCore
import TMinusRender
import TMinusTimeline
import Testing

@Suite("Notifications: the text and its escaping")
struct NotificationTextTests {
    let zone = Zone.fixed(0, name: "UTC")
    let now = Instant(1_800_000_000)

    func reminder(_ item: Item, _ kind: Reminder.Kind = .remind, at: Instant? = nil) -> Reminder {
        let at = at ?? now
        return Reminder(key: Reminder.key(kind, at: at, item: item), kind: kind, at: at, item: item)
    }

    @Test func theSummaryIsPlainTextAndTheBodyIsEscapedForMarkup() {
        let item = Item(
            kind: .todo, id: "a", handle: 1, title: "<a href=\"file:///etc\">x</a>\u{7}\nnext",
            note: "<b>bold</b> & <i>it</i>")
        let m = NotificationText.make(reminder(item), now: now, zone: zone, late: false, markup: true)
        #expect(m.summary == "<a href=\"file:///etc\">x</a>  next")
        #expect(m.body == "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;it&lt;/i&gt;")
        #expect(!m.critical)
        let plain = NotificationText.make(reminder(item), now: now, zone: zone, late: false, markup: false)
        #expect(plain.body == "<b>bold</b> & <i>it</i>")
    }

    @Test func overIsCriticalAndLateSaysWhenItWasMissed() {
        let d = Item(kind: .deadline, id: "d", handle: 2, title: "Thesis", due: .instant(now - 600))
        let m = NotificationText.make(
            reminder(d, .alert(0), at: now - 600), now: now, zone: zone, late: true, markup: true)
        #expect(m.critical)
        #expect(m.body == "over · was due today 07:50\nmissed at today 07:50")
        let soon = Item(kind: .deadline, id: "d", handle: 2, title: "Thesis", due: .instant(now + 3600), source: "work")
        let s = NotificationText.make(reminder(soon, .alert(3600)), now: now, zone: zone, late: false, markup: true)
        #expect(!s.critical)
        #expect(s.body == "due today 09:00 · in 1 hour\nfrom work")
    }
}
