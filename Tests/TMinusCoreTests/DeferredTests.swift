import Testing

@testable import TMinusCore

/// Messages kept language-neutral (in the summary and the source caches) and put into words when
/// shown: the same stored text reads in English for `--json`, in the catalog's language for a
/// person, and bounded whatever a file's text puts into it.
@Suite("Deferred messages")
struct DeferredTests {
    let pseudo = Words(messages: .pseudo, names: .english)

    @Test func aKeptMessageReadsInEnglishAndThroughTheCatalogs() {
        let stored =
            "cal.ics " + deferred("line %s: ", "5") + "DUE: "
            + deferred("'%s' is not a date or date-time", "2026-13-45") + deferred("; the todo is skipped")
        #expect(
            Deferred.render(stored, .english)
                == "cal.ics line 5: DUE: '2026-13-45' is not a date or date-time; the todo is skipped")
        let shown = Deferred.render(stored, pseudo)
        #expect(shown.hasPrefix("cal.ics ⟦") && shown.contains("DUE: ⟦") && shown.contains("2026-13-45"), "\(shown)")
        #expect(!shown.contains("is not a date") && !shown.unicodeScalars.contains { $0.value < 0x20 }, "\(shown)")
        // Plain text (an older release's summary) is itself.
        #expect(Deferred.render("cal.ics: no such file", pseudo) == "cal.ics: no such file")
    }

    @Test func aMessageMayBeAnArgumentOfAnother() {
        let reason = deferred("the session bus did not answer")
        let stored = deferred("Evolution Data Server's registry failed: %s", reason)
        #expect(
            Deferred.render(stored, .english)
                == "Evolution Data Server's registry failed: the session bus did not answer")
        #expect(Deferred.render(stored, pseudo).filter { $0 == "⟦" }.count == 2)
        let error = TMinusError.usage(tr: "--repeat: %s; write e.g. FREQ=WEEKLY;BYDAY=MO,WE (RFC 5545 RRULE)", reason)
        #expect(error.message.hasPrefix("--repeat: the session bus did not answer;"), "\(error.message)")
        #expect(!error.text(pseudo).unicodeScalars.contains { $0.value < 0x20 }, "\(error.text(pseudo))")
    }

    /// `doctor` finds a source skipped for want of its service, as this release keeps the line
    /// and as an earlier one wrote it (plain English).
    @Test func aSkippedSourceIsFoundInEitherForm() {
        #expect(Summary.Source.isSkipped(Summary.Source.skipped(deferred("no session bus"))))
        #expect(Summary.Source.isSkipped("skipped: no session bus (GNOME's calendars are read when it is)"))
        #expect(!Summary.Source.isSkipped("cal.ics " + deferred("line %s: ", "5") + "DUE: "))
    }

    /// A file's text that carries the control characters itself: nesting is bounded, strays are
    /// dropped, and nothing is left for a terminal.
    @Test func hostileMarkersAreBounded() {
        let deep = String(repeating: "\u{1}", count: 100_000) + "x" + String(repeating: "\u{3}", count: 100_000)
        let shown = Deferred.render("a" + deep + "b", .english)
        #expect(shown.hasPrefix("a") && shown.hasSuffix("b") && shown.count < 10, "\(shown.prefix(40))")
        let strays = Deferred.render("\u{3}one\u{2}two\u{1}three", .english)
        #expect(!strays.unicodeScalars.contains { $0.value < 0x20 }, "\(strays.debugDescription)")
        #expect(strays.hasPrefix("onetwo"), "\(strays.debugDescription)")
    }
}
