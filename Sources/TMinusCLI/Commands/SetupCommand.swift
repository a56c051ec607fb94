import Glibc
import TMinusApp
import TMinusCore
import TMinusRender
import TMinusSourcing
import TMinusSystem

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

/// `tminus setup [BAR] [--write] [--full] [--binary PATH]`: the ready-to-paste config for a bar,
/// calling this binary by its absolute path, with the config's signal numbers and colours.
enum SetupCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "setup")
        try a.expectPositional(0...1, command: "setup")
        guard let name = a.positional.first else {
            let w = ctx.words
            for bar in BarSetup.all { ctx.say(bar.name.padding(15) + w.tr(bar.about)) }
            ctx.say(
                "gnome".padding(15)
                    + w.tr("a GNOME Shell extension (43 and later), installed into your extensions folder"))
            ctx.say("plasma".padding(15) + w.tr("a KDE Plasma applet (Plasma 6 and 5.27), installed with kpackagetool"))
            ctx.console.err(w.tr("tminus setup BAR prints one; tminus setup BAR --write adds it to the bar's config"))
            return 0
        }
        if name == "gnome" || name == "gnome-shell" { return try gnome(a, ctx) }
        if name == "plasma" || name == "kde" { return try plasma(a, ctx) }
        guard let bar = BarSetup.named(name) else {
            throw .usage(
                tr: "no bar called '%s'; tminus setup knows %s", name,
                (BarSetup.all.map(\.name) + ["gnome", "plasma"]).joined(separator: ", "))
        }
        if a[Options.write] && a[Options.full] {
            throw .usage(tr: "--write chooses what to write itself; use --full or --write, not both")
        }
        let binary = try self.binary(a[Options.binary], ctx)
        let setup = BarSetup.Context(binary: binary, config: try ctx.config())
        let file = userFile(bar, ctx)
        guard a[Options.write] else {
            _ = ctx.console.out(a[Options.full] ? String(bar.full(setup).dropLast()) : bar.snippet(setup))
            ctx.console.err(bar.next(setup, Home.tilde(file, ctx.environment)))
            return 0
        }
        return try write(bar, setup, to: file, ctx)
    }

    /// `--binary`, else this process's own executable; either must be safe in every bar's syntax.
    static func binary(_ given: String?, _ ctx: Context) throws(TMinusError) -> String {
        guard let path = given ?? OwnExecutable.path(environment: ctx.environment) else {
            throw .failure(tr: "cannot tell where this tminus is (/proc/self/exe); pass --binary PATH")
        }
        guard BarSetup.isSafeCommand(path) else {
            throw .usage(
                tr:
                    "'%s' has characters a bar config cannot hold as they are; pass --binary PATH (letters, digits and / . _ - + @ , only)",
                ControlText.clean(path, replacement: "?"))
        }
        return path
    }

    /// The user's config file for the bar: the first of its files that exists, else the first.
    static func userFile(_ bar: BarSetup, _ ctx: Context) -> String {
        let base = Home.configBase(ctx.environment)
        let home = ctx.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? base
        let files = bar.configFiles.map { $0.hasPrefix("~/") ? home + $0.dropFirst() : base + "/" + $0 }
        return files.first(where: FileIO.exists) ?? files[0]
    }

    /// `--write`: appends the snippet after a backup, or creates the whole file, as the bar allows.
    static func write(_ bar: BarSetup, _ setup: BarSetup.Context, to file: String, _ ctx: Context) throws(TMinusError)
        -> Int32
    {
        let shown = Home.tilde(file, ctx.environment)
        // A run killed half-way left its temp files beside the config: theirs to remove (only
        // tminus's own names, of writers that are gone).
        SourceWriter.removeDeadTemps(in: FileIO.directory(of: file))
        if bar.write == .never {
            if bar.name == "genmon" {
                throw .usage(
                    tr: "setup does not write %s (the panel keeps it); run tminus setup %s and paste what it prints",
                    shown, bar.name)
            }
            throw .usage(
                tr:
                    "setup does not write %s (your window manager's own config); run tminus setup %s and paste what it prints",
                shown, bar.name)
        }
        guard let old = try FileIO.read(file, limit: 16 << 20) else {
            try FileIO.makeDirectory(FileIO.directory(of: file))
            try FileIO.writeAtomically(Array(bar.full(setup).utf8), to: file, mode: bar.executable ? 0o755 : 0o644)
            ctx.say(
                Catalog.format(
                    ctx.words.tr("wrote %s: a whole %s config with tminus; (re)start %s to see it"),
                    [shown, bar.name, bar.name]))
            return 0
        }
        if String(decoding: old, as: UTF8.self).contains(bar.marker) {
            ctx.say(Catalog.format(ctx.words.tr("%s already runs tminus (%s); nothing written"), [shown, bar.marker]))
            return 0
        }
        guard bar.write == .append else {
            throw .usage(
                tr:
                    "%s exists and a %s config cannot take an appended block; run tminus setup %s and paste what it prints",
                "\(shown)", "\(bar.name)", "\(bar.name)"
            )
        }
        let backup = try self.backup(old, of: file)
        var bytes = old
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        if !bytes.isEmpty { bytes.append(0x0A) }
        bytes += Array(bar.snippet(setup).utf8)
        try FileIO.writeAtomically(bytes, to: file, mode: FileIO.mode(of: file) ?? 0o644)
        ctx.say(
            Catalog.format(
                ctx.words.tr("added tminus to %s (backup: %s)"), [shown, Home.tilde(backup, ctx.environment)]))
        ctx.console.err(bar.next(setup, shown))
        return 0
    }

    /// A copy of the file as it was, beside it: `FILE.tminus-backup`, else `FILE.tminus-backup.2`…
    static func backup(_ bytes: [UInt8], of file: String) throws(TMinusError) -> String {
        var path = file + ".tminus-backup"
        var n = 2
        while FileIO.exists(path) {
            path = file + ".tminus-backup.\(n)"
            n += 1
        }
        try FileIO.writeAtomically(bytes, to: path, mode: FileIO.mode(of: file) ?? 0o644)
        return path
    }
}
