import TMinusCore
import TMinusTimeline
import Testing

/// Every calendar kind's timed events are events (the `events` policy, the agenda), whatever the
/// kind: GNOME's calendars as much as a vdir or an .ics file; a deadline with an end from a task
/// list's kind is a deadline like any other.
struct CalendarKindsTests {
    /// A standup in three hours (an hour long) from a source of `kind`, and a deadline in two days.
    static func provider(kind: SourceConfig.Kind, zone: Zone, now: Instant, config: Config = Config())
        -> TimelineProvider
    {
        var standup = Fixtures.deadline("Standup", due: .instant(now + 3 * 3600), start: now - 86_400, handle: 1)
        standup.source = "cal"
        standup.end = now + 4 * 3600
        let thesis = Fixtures.deadline("Thesis", due: .instant(now + 2 * 86_400), start: now - 86_400, handle: 2)
        let sources = [
            Summary.Source(name: Item.ownSource, stamp: Instant(0), items: 1),
            Summary.Source(name: "cal", stamp: Instant(0), items: 1, kind: kind.rawValue)
        ]
        return TimelineProvider(
            summary: Summary(generated: Instant(0), sources: sources, deadlines: [standup, thesis]), config: config,
            zone: zone)
    }

    @Test(arguments: SourceConfig.Kind.allCases)
    func anEventHoldsTheBarOnlyFromItsLeadWhenItsKindIsACalendar(_ kind: SourceConfig.Kind) {
        let z = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", z)
        let p = Self.provider(kind: kind, zone: z, now: now)
        // Three hours before it, with the default lead of 15 minutes: a calendar's event waits.
        let early = p.entry(at: now).deadline?.title
        #expect(early == (kind.isCalendar ? "Thesis" : "Standup"), "\(kind): \(early ?? "nil")")
        // Ten minutes before it, inside the lead, it holds the bar.
        let near = p.entry(at: now + 3 * 3600 - 600).deadline?.title
        #expect(near == "Standup", "\(kind): \(near ?? "nil")")
    }

    @Test func gnomeIsACalendarAndWritable() {
        #expect(SourceConfig.Kind.gnome.isCalendar && SourceConfig.Kind.gnome.isWritable)
        #expect(!SourceConfig.Kind.ics.isWritable && !SourceConfig.Kind.summary.isWritable)
        // (Commas alone: the list goes into a message in the user's language.)
        #expect(SourceConfig.Kind.named(writable: true) == "gnome, logseq, obsidian, org, taskwarrior, todotxt, vdir")
    }
}
