public import TMinusCore

extension Config {
    /// The default texts that hold words, marked for the catalogs: a config that leaves them
    /// as they are shows them in the user's language (`speak`).
    static let defaultLarge = N_(
        "[{title_icon} ]{title} · due {due}\n{countdown_long}[ · {percent}% elapsed][\n{note}]\n{todos_list}")
    static let defaultLargeNone = N_("No deadlines\n{todos_list}")
    static let defaultMediumNone = N_("no deadlines[ · {todos_text}]")
    static let defaultAgendaLarge = N_(
        "[{title_icon} ]{title} · due {due}\n{countdown_long}[ · {percent}% elapsed][\n{note}]\n\n{agenda}")
    static let defaultAgendaLargeNone = N_("No deadlines\n\n{agenda}")
    static let defaultCalendarLarge = N_(
        "{calendar}\n\n[{title_icon} ]{title} · due {due}\n{countdown_long}[\n{note}]\n{todos_list}")
    static let defaultOverText = N_("over")
    static let defaultOverLongText = N_("Deadline is over!")

    /// The config in `words`' language: its words, and each default text the file left as it
    /// is, translated (a text the user wrote stays theirs).
    public mutating func speak(_ words: Words) {
        self.words = words
        guard words.messages != .english else { return }
        // (Each text compared with the defaults by its bytes: no String made of a default, and no
        // array of them, on every run in another language.)
        func translate(_ text: inout String, _ msgids: StaticString...) {
            var found: StaticString?
            text.withUTF8 { t in
                found = msgids.first { m in
                    m.utf8CodeUnitCount == t.count
                        && t.elementsEqual(UnsafeBufferPointer(start: m.utf8Start, count: m.utf8CodeUnitCount))
                }
            }
            if let found { text = words.tr(found) }
        }
        func template(_ text: inout String) {
            translate(
                &text, Config.defaultLarge, Config.defaultLargeNone, Config.defaultMediumNone,
                Config.defaultAgendaLarge,
                Config.defaultAgendaLargeNone, Config.defaultCalendarLarge)
        }
        template(&templates.large)
        template(&templates.largeNone)
        template(&templates.mediumNone)
        translate(&overText, Config.defaultOverText)
        translate(&overLongText, Config.defaultOverLongText)
    }
}
