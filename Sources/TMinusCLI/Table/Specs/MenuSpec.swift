import TMinusApp
import TMinusCore

extension MenuCommand {
    /// `menu`'s options, declared once: its spec lists them, `run` reads them (`a[Options.launcher]`).
    enum Options {
        static let launcher = Opt.option(
            "launcher", "CMD",
            "the menu program, a shell command reading lines and printing the chosen one (default: rofi, wofi, fuzzel, bemenu or dmenu, the first installed)"
        )
    }
}

private typealias O = MenuCommand.Options

extension Specs {
    /// `tminus menu`.
    static let menu = CommandSpec(
        name: "menu", group: "bars", summary: "today's todos in a launcher: done, snooze 1 hour, a day later",
        options: [O.launcher.spec],
        text:
            "Opens today's todos (the bar's list) in a dmenu-style launcher; the chosen one is then marked done, snoozed an hour (due in an hour) or moved a day later (an overdue or undated one to tomorrow). For a click on the bar: the integrations bind it to the right button.",
        examples: ["tminus menu", "tminus menu --launcher 'rofi -dmenu -i'"], run: MenuCommand.run, changes: true)
}
