import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus privacy`.
    static let privacy = CommandSpec(
        name: "privacy", group: "bars", arguments: "on|off|toggle|watch",
        summary: "private mode: titles shown as their tag, or \"busy\"",
        text:
            "For a screen others see: while on, every bar, tooltip, timeline and notification shows each title as its tag (or \"busy\") and no note; dates, countdowns, colours and counts stay. Without an argument: whether it is on. Kept in state.json; a running follower shows the change at once, polling bars at their next run (or at once with \"signals\"). watch runs until stopped and turns it on by itself while PipeWire shows the screen shared (a screencast through the desktop portal, GNOME or KDE), off when sharing ends; start it with your session. off (and toggle) also clear what watch set, until the next screencast.",
        examples: ["tminus privacy toggle", "tminus privacy", "tminus privacy watch &"], run: PrivacyCommand.run,
        changes: true)
}
