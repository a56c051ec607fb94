import Glibc
import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusBus
import TMinusRender

/// A link that would add an item asks first (a web page or a chat must not add a deadline with
/// one click): the desktop handler shows a preview notification with Add and Dismiss (or a
/// zenity/kdialog question where the server has no buttons), a terminal asks y/N; `--yes`, and a
/// script without a terminal, add at once. One preview at a time: links that arrive meanwhile
/// wait for it. docs/links.md says the same.
extension LinkCommands {
    /// What the link would add, as lines a person reads before saying yes.
    static func preview(_ params: [(String, String)], _ ctx: Context) -> [String] {
        func param(_ name: String) -> String? { params.first { $0.0 == name }?.1 }
        func when(_ text: String) -> String {
            (try? ctx.when(text)).map { ctx.describe($0.due) } ?? Validation.printable(text)
        }
        let w = ctx.words
        let kind = param("kind") ?? "todo"
        let title = Escape.oneLine(param("title") ?? "")
        var lines = [Catalog.format(kind == "deadline" ? w.tr("Deadline: %s") : w.tr("Todo: %s"), [title])]
        if let due = param("due") { lines.append(Catalog.format(w.trc("a link's preview", "due %s"), [when(due)])) }
        if let remind = param("remind") {
            lines.append(Catalog.format(w.trc("a link's preview", "reminder %s"), [when(remind)]))
        }
        if let tag = param("tag") {
            lines.append(
                Catalog.format(w.trc("a link's preview", "tag %s"), [Escape.oneLine(tag)])
                    + (Validation.hexColor(param("color")).map { " " + $0 } ?? ""))
        }
        if let note = param("note").flatMap({ ControlText.lines($0).first }), !note.isEmpty {
            lines.append(Catalog.format(w.trc("a link's preview", "note: %s"), [Escape.oneLine(note)]))
        }
        return lines
    }

    /// The desktop handler: asks, then adds only on "Add" (and shows what happened).
    static func askOnDesktop(_ url: String, _ params: [(String, String)], _ ctx: Context) throws(TMinusError) -> Int32 {
        try FileIO.makeDirectory(ctx.home.directory)
        return try FileIO.withLock(ctx.home.directory + "/.link.lock") { () throws(TMinusError) -> Int32 in
            let lines = preview(params, ctx)
            let server = NotificationServer.connect(environment: ctx.environment)
            var answer: Bool?
            if server.canAsk {
                let w = ctx.words
                let body = lines.dropFirst().joined(separator: "\n") + "\n" + w.tr("from a tminus:// link")
                if let watch = try? server.send(
                    summary: Catalog.format(w.tr("Add? %s"), [lines[0]]),
                    body: server.markup ? Escape.pango(body) : body,
                    critical: false, withActions: true,
                    buttons: [
                        ("add", w.trc("a notification's button", "Add")),
                        ("dismiss", w.trc("a notification's button", "Dismiss"))
                    ])
                {
                    answer = watch.choice(timeoutSeconds: 600) == "add"
                }
            }
            if answer == nil { answer = dialog(lines, ctx) }
            guard let yes = answer else {
                let how = Catalog.format(
                    ctx.words.tr(
                        "this link would add %s; tminus cannot ask here (no notification buttons, no zenity or kdialog), so it added nothing; to add it, run: tminus open --yes '%s'"
                    ), [lines[0], String(url.map { $0 == "'" ? "%27" : String($0) }.joined())])
                ctx.console.err("tminus: " + ControlText.oneLine(how))
                _ = try? server.send(
                    summary: ctx.words.tr("tminus: a link was not added"),
                    body: server.markup ? Escape.pango(how) : how,
                    critical: false, withActions: false)
                return 1
            }
            guard yes else {
                ctx.say(ctx.words.tr("not added (dismissed)"))
                return 0
            }
            return try notifyResult(ctx) { (quiet: Context) throws(TMinusError) -> Int32 in try add(params, quiet) }
        }
    }

    /// A yes/no dialog where one is installed: zenity (GNOME and most desktops), kdialog (KDE).
    /// Nil when there is none, or no display for it.
    static func dialog(_ lines: [String], _ ctx: Context) -> Bool? {
        guard ctx.environment["DISPLAY"] != nil || ctx.environment["WAYLAND_DISPLAY"] != nil else { return nil }
        let text = Escape.pango(
            ctx.words.tr("Add this from a tminus:// link?") + "\n\n" + lines.joined(separator: "\n"))
        for (program, args) in [
            ("zenity", ["--question", "--title=tminus", "--text=" + text]),
            ("kdialog", ["--title", "tminus", "--yesno", text])
        ] {
            guard ChildProcess.which(program, environment: ctx.environment) != nil,
                let r = try? ChildProcess.run(program, args, environment: ctx.environment, timeout: 600_000)
            else { continue }
            // 0: yes; 1: no (or closed); anything else: the dialog itself failed.
            if r.status == 0 { return true }
            if r.status == 1 { return false }
        }
        return nil
    }

    /// A terminal: the preview, then "Add it? [y/N]" (anything but y or yes is no).
    static func askOnTerminal(_ params: [(String, String)], _ ctx: Context) throws(TMinusError) -> Int32 {
        ctx.say(ctx.words.tr("This tminus:// link would add:"))
        for l in preview(params, ctx) { ctx.say("  " + l) }
        ctx.console.err(ctx.words.tr("Add it? [y/N] "))
        let answer = Validation.trimmedText(String(decoding: ctx.console.readInput(limit: 64), as: UTF8.self))
            .lowercased()
        guard answer == "y" || answer == "yes" else {
            ctx.say(ctx.words.tr("not added"))
            return 0
        }
        return try add(params, ctx)
    }
}
