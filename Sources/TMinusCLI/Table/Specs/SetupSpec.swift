import TMinusApp
import TMinusCore
import TMinusRender

extension SetupCommand {
    /// `setup`'s options, declared once: its spec lists them, `run` reads them (`a[Options.write]`).
    enum Options {
        static let write = Opt.flag(
            "write", "add it to the bar's config file (appended after a backup, or a new file where the bar has none)")
        static let full = Opt.flag("full", "print the whole config file, not only the part to paste")
        static let binary = Opt.option(
            "binary", "PATH", "the tminus the bar runs (default: this one's absolute path)", complete: .file)
        static let shellVersion = Opt.option(
            "shell-version", "N", "gnome: set up for GNOME N (default: what gnome-shell --version says)")
        static let plasmaVersion = Opt.option(
            "plasma-version", "N",
            "plasma: set up for Plasma 5 or 6 (default: the kpackagetool here, else plasmashell --version)")
    }
}

private typealias O = SetupCommand.Options

extension Specs {
    /// `tminus setup`.
    static let setup = CommandSpec(
        name: "setup", group: "bars",
        arguments: (BarSetup.all.map(\.name) + ["gnome", "plasma"]).joined(separator: "|"),
        summary: "the ready-to-paste config for a bar, calling this tminus by its path",
        options: [O.write.spec, O.full.spec, O.binary.spec, O.shellVersion.spec, O.plasmaVersion.spec],
        text:
            "Prints the snippet for BAR (%s) with this binary's absolute path, the signal number and colours of your config, and says where to paste it. --write appends it to the bar's config file after copying that to FILE.tminus-backup, or creates the file when there is none; files that cannot take an appended block (Waybar's JSON, yambar's YAML, xmobar's, conky's) and i3's or sway's own config are left to you. gnome installs the GNOME Shell extension into ~/.local/share/gnome-shell/extensions (for GNOME 43 and 44, or 45 and later, as gnome-shell --version says); plasma installs the KDE Plasma applet for Plasma 6 or 5.27 (kpackagetool6 or kpackagetool5, as installed, or --plasma-version). Without BAR: the bars it knows.",
        textArguments: { _ in [BarSetup.all.map(\.name).joined(separator: ", ")] },
        examples: [
            "tminus setup waybar", "tminus setup i3blocks --write",
            "tminus setup yambar --full > ~/.config/yambar/config.yml"
        ],
        run: SetupCommand.run)
}
