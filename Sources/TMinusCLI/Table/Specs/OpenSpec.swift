import TMinusApp
import TMinusCore

extension LinkCommands {
    /// `open`'s options, declared once: its spec lists them, `run` reads them (`a[Options.notify]`).
    enum Options {
        static let notify = Opt.flag(
            "notify", "ask with a notification (Add, Dismiss) and show the result (for the desktop file)")
        static let yes = Opt.flag("yes", "add without asking")
    }
}

private typealias O = LinkCommands.Options

extension Specs {
    /// `tminus open`.
    static let open = CommandSpec(
        name: "open", group: "reminders and links", arguments: "URL",
        summary: "follow a tminus:// link: add an item, show a day or an item",
        options: [O.notify.spec, O.yes.spec],
        text: """
            Follows a tminus:// link (docs/links.md): tminus://add?… adds the item (once, however often
            the link is opened) after asking: with --notify a notification with Add and Dismiss (or a
            zenity/kdialog question; where it cannot ask it adds nothing and says how), on a terminal
            y/N; --yes and a script without a terminal add at once. tminus://show?date=YYYY-MM-DD
            lists that day, tminus://item?id=ID shows one item. A bad link is exit 2 and changes
            nothing. The desktop file integrations/desktop/tminus-open.desktop makes tminus the handler.
            """,
        examples: [
            "tminus open 'tminus://show?date=2026-12-01'",
            "tminus open --yes 'tminus://add?title=Call%20Sam&due=2026-12-01'"
        ],
        run: LinkCommands.open, changes: true)
}
