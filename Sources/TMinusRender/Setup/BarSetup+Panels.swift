// The set-ups for what is not a tiling bar: tmux's status line, XFCE's Generic Monitor, the xbar
// plugin format. (GNOME Shell and KDE Plasma install whole packages: SetupCommand+Gnome/Plasma.)
extension BarSetup {
    static let tmux: BarSetup = BarSetup(
        name: "tmux", aliases: [], about: "#(…) in status-right, each second",
        configFiles: ["~/.tmux.conf", "tmux/tmux.conf"], write: .append,
        integration: "tmux/tmux.conf", marker: "--format tmux",
        snippet: { c in
            """
            # tminus in tmux's status line: the countdown on the right, coloured by state. tmux runs
            # the #(…) command once per status-interval; tminus doubles every # in your titles, so
            # none of them is read as a tmux format (#[…], #(…), #{…}).
            set -g status-interval 1
            set -g status-right-length 80
            set -g status-right '#(\(c.binary) show --format tmux)'

            """
        },
        full: { c in tmux.snippet(c) },
        next: { _, file in "Append the lines to \(file), then: tmux source-file \(file)" })

    static let genmon: BarSetup = BarSetup(
        name: "genmon", aliases: ["xfce", "xfce4-genmon"],
        about: "XFCE's Generic Monitor (also MATE, Budgie), each second",
        configFiles: ["xfce4/panel"], write: .never,
        integration: "xfce-genmon/genmon.rc", marker: "--format genmon",
        snippet: { c in "\(c.binary) show --format genmon" },
        full: { c in
            """
            Command=\(genmon.snippet(c))
            UseLabel=0
            UpdatePeriod=1000

            """
        },
        next: { _, _ in
            """
            Add a Generic Monitor to your panel (Panel > Add New Items > Generic Monitor; Debian: \
            xfce4-genmon-plugin), open its Properties, paste the line as the Command, untick Label, set \
            the period to 1 s. The panel keeps these settings itself (genmon 4.1: \
            ~/.config/xfce4/panel/genmon-N.rc, as printed by --full).
            """
        })

    static let xbar: BarSetup = BarSetup(
        name: "xbar", aliases: ["swiftbar", "argos", "kargos"],
        about: "a plugin for xbar, SwiftBar, Argos (GNOME) or Kargos (KDE)",
        configFiles: ["argos/tminus.1s.sh"], write: .createOnly,
        integration: "xbar/tminus.1s.sh", marker: "--format xbar",
        snippet: { c in
            """
            #!/bin/sh
            # tminus as a plugin of xbar or SwiftBar (macOS, with tminus built there), Argos (GNOME
            # Shell) or Kargos (KDE Plasma): save it as tminus.1s.sh in the plugin folder and make it
            # executable (chmod +x). ".1s." runs it every second. The menu shows the deadline and
            # today's todos, each with Done and Snooze 1 hour; a title's | is shown as │.
            exec \(c.binary) show --format xbar

            """
        },
        full: { c in xbar.snippet(c) },
        next: { _, file in
            """
            Save it as \(file) (Argos's plugin folder; xbar: ~/Library/Application Support/xbar/plugins, \
            SwiftBar and Kargos: the folder chosen in their settings) and chmod +x it.
            """
        }, executable: true)
}
