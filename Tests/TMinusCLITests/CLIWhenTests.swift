import Foundation
import TMinusCore
import Testing

/// One WHEN grammar on every option that takes a time (docs/when.md), as a user types it, at the
/// issue's clock: Thursday 2026-11-26 09:00 in Berlin, and a Friday morning.
@Suite("CLI: one WHEN grammar")
struct CLIWhenTests {
    static let thursday = "2026-11-26T08:00:00Z"
    static let fridayMorning = "2026-11-27T08:00:00Z"

    /// The `due` (or `remind`) of the only item `list --json` shows.
    func field(_ h: TempHome, _ name: String) throws -> String? {
        try h.list(now: Self.thursday).first?[name]?.stringValue
    }

    @Test func dueTakesASpanWithoutAPlus() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2h", now: Self.thursday, tz: "Europe/Berlin")
        #expect(try field(h, "due") == "2026-11-26T11:00:00+01:00")
    }

    @Test func remindInTakesWhensRelativeForms() throws {
        for (phrase, expected) in [
            ("+10m", "2026-11-26T09:10:00+01:00"), ("10 minutes", "2026-11-26T09:10:00+01:00"),
            ("in an hour", "2026-11-26T10:00:00+01:00"), ("1h30m", "2026-11-26T10:30:00+01:00")
        ] {
            let h = try TempHome()
            try h.ok("remind", "Tea", "--in", phrase, now: Self.thursday, tz: "Europe/Berlin")
            #expect(try field(h, "remind") == expected, "--in \(phrase)")
        }
        let h = try TempHome()
        let bad = try h.run("remind", "Tea", "--in", "10 minuts", now: Self.thursday)
        #expect(bad.status == 2 && bad.stderr.contains("did you mean '10 minutes'"), "\(bad)")
        let m = try h.run("remind", "Tea", "--in", "+1M", now: Self.thursday)
        #expect(m.status == 2 && m.stderr.contains("1mo for months or 1m for minutes"), "\(m)")
        #expect(try h.list(now: Self.thursday).isEmpty)
    }

    @Test func aWeekdayWhoseTimeIsAheadIsToday() throws {
        let h = try TempHome()
        try h.ok("todo", "Call mom", "--due", "fri 5pm", now: Self.fridayMorning, tz: "Europe/Berlin")
        #expect(try field(h, "due") == "2026-11-27T17:00:00+01:00")
        // Past its time: next week's.
        try h.ok("edit", "1", "--due", "fri 8am", now: Self.fridayMorning, tz: "Europe/Berlin")
        #expect(try field(h, "due") == "2026-12-04T08:00:00+01:00")
    }

    @Test func theIssuesPhrasesAreAcceptedByEveryOption() throws {
        let h = try TempHome()
        for phrase in [
            "in 3 days", "in 2 hours", "dec 24", "24 dec", "december 24", "Dec 24 5pm", "noon", "midnight",
            "tomorrow at 5pm", "fri at 17:00", "this friday", "tomorrow morning", "tonight", "end of month", "eom",
            "end of week", "2026/12/24", "24.12.2026", "5.30pm", "17h", "in a week", "in 1 month"
        ] {
            try h.ok("add", "D \(phrase)", "--due", phrase, "--start", "yesterday", now: Self.thursday)
            try h.ok("agenda", "--from", phrase, now: Self.thursday)
            try h.ok("timeline", "--from", "now", "--until", phrase, "--limit", "1", now: Self.thursday)
        }
        #expect(try h.list(now: Self.thursday).count == 22)
        let bad = try h.run("add", "X", "--due", "tomorow", now: Self.thursday)
        #expect(bad.status == 2 && bad.stderr == "tminus: 'tomorow' is not a date or time; did you mean 'tomorrow'?\n")
    }
}

/// Words people type: a date after the title, a month's name for `cal`.
@Suite("CLI: a WHEN after the title, month names")
struct CLITrailingWhenTests {
    static let thursday = "2026-11-26T08:00:00Z"

    @Test func aDateAfterTheTitleSuggestsDue() throws {
        let h = try TempHome()
        let todo = try h.run("todo", "Buy eggs", "tomorrow", now: Self.thursday)
        #expect(todo.status == 2)
        #expect(
            todo.stderr
                == "tminus: 'tomorrow' after the title reads as a date; did you mean: tminus todo \"Buy eggs\" --due tomorrow\n"
        )
        // Unquoted, with options: the title is the words before the date, the options kept.
        let add = try h.run(["add", "Thesis", "draft", "dec", "24", "5pm", "--tag", "uni"], now: Self.thursday)
        #expect(add.status == 2)
        #expect(
            add.stderr.hasSuffix("did you mean: tminus add \"Thesis draft\" --due \"dec 24 5pm\" --tag uni\n"), "\(add)"
        )
        #expect(try h.list(now: Self.thursday).isEmpty)
        // Words that are no date still ask for quotes.
        let words = try h.run("todo", "Buy", "milk", now: Self.thursday)
        #expect(words.status == 2 && words.stderr.contains("quote a title"), "\(words)")
    }

    @Test func calTakesMonthNames() throws {
        let h = try TempHome()
        for (args, year, month) in [
            (["dec"], 2026, 12), (["december"], 2026, 12), (["DEC"], 2026, 12), (["dec", "2027"], 2027, 12),
            (["dec 2027"], 2027, 12), (["jan"], 2027, 1), (["nov"], 2026, 11), (["next", "week"], 2026, 11),
            (["dec", "24"], 2026, 12)
        ] {
            let json = try h.ok(["cal", "--json"] + args, now: Self.thursday).json()
            #expect(json["year"]?.intValue == year && json["month"]?.intValue == month, "cal \(args)")
        }
        let bad = try h.run("cal", "decembre", now: Self.thursday)
        #expect(bad.status == 2 && bad.stderr.contains("dec 2027"), "\(bad)")
    }
}

/// A reminder time already past is refused with the nearest future form.
@Suite("CLI: a past reminder time")
struct CLIPastReminderTests {
    static let thursday = "2026-11-26T08:00:00Z"

    @Test func aPastReminderIsRefusedWithTheNearestFutureForm() throws {
        let h = try TempHome()
        let todo = try h.run("todo", "Call mom", "--remind", "8am", now: Self.thursday)
        #expect(todo.status == 2)
        #expect(todo.stderr == "tminus: 8am is past (09:00 now); did you mean tomorrow 8am?\n", "\(todo)")
        let remind = try h.run("remind", "Call mom", "--at", "today 8:30", now: Self.thursday)
        #expect(remind.stderr == "tminus: today 8:30 is past (09:00 now); did you mean tomorrow 8:30?\n", "\(remind)")
        let day = try h.run("remind", "Call mom", "--at", "2026-11-20", now: Self.thursday)
        #expect(day.status == 2 && day.stderr.contains("is past (09:00 now); give a time still to come"), "\(day)")
        #expect(try h.list(now: Self.thursday).isEmpty)
        try h.ok("todo", "Call mom", now: Self.thursday)
        let edit = try h.run("edit", "1", "--remind", "8am", now: Self.thursday)
        #expect(edit.status == 2 && edit.stderr.contains("did you mean tomorrow 8am?"), "\(edit)")
        // Still to come, or now: accepted.
        try h.ok("edit", "1", "--remind", "9am", now: Self.thursday)
        try h.ok("remind", "Tea", "--in", "0m", now: Self.thursday)
        try h.ok("remind", "Tea again", "--at", "tomorrow 8am", now: Self.thursday)
    }
}
