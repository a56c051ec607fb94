import TMinusCore
import TMinusTimeline

// Each tiling bar's set-up text (the panels' are in BarSetup+Panels.swift). `c.binary` is the
// command (an absolute path from `tminus setup`, or `tminus` in integrations/); every other word
// is the bar's own syntax.
extension BarSetup {
    static let waybar: BarSetup = BarSetup(
        name: "waybar", aliases: [], about: "a custom module, streaming (--follow)",
        configFiles: ["waybar/config.jsonc", "waybar/config"], write: .createOnly,
        integration: "waybar/config.jsonc", marker: "--format waybar",
        snippet: { c in
            let b = c.binary
            return """
                  "custom/tminus": {
                    "exec": "\(b) show --follow --format waybar",  // one JSON line per update: text, tooltip, alt, class, percentage
                    "return-type": "json",                   // and no "interval": tminus decides when to print
                    "format": "{}",                          // text is already Pango-escaped by tminus: keep "escape" off
                    "tooltip": true,                         // the large family: due date, progress, today's todos
                    "on-click": "\(b) next",               // show the next deadline (the follower shows it at once)
                    "on-click-right": "\(b) menu",         // today's todos in rofi/wofi/fuzzel/bemenu/dmenu: done, snooze, a day later
                    "on-click-middle": "\(b) next --reset",  // back to the deadline due next
                    "on-scroll-up": "\(b) scroll up",      // the wheel: a calendar tooltip's month ("tooltip": "calendar"),
                    "on-scroll-down": "\(b) scroll down"   // else the previous / next deadline
                  }
                """
        },
        full: { c in
            """
            // Waybar: a whole minimal bar with the tminus module on the right, streaming form
            // (preferred): one tminus process prints a JSON line at each second boundary and at once
            // when your deadlines, the selection or the config change. config.poll.jsonc: one-shot form.
            // Already have a config? Copy only the "custom/tminus" block into it and add
            // "custom/tminus" to one of your modules-left / modules-center / modules-right lists.
            {
              "layer": "top",
              "position": "top",
              "height": 30,
              "modules-right": ["custom/tminus"],

            \(waybar.snippet(c))
            }

            """
        },
        next: { _, file in
            """
            Paste the "custom/tminus" block into the top-level object of \(file) and add \
            "custom/tminus" to its modules-left, modules-center or modules-right; for colours, \
            @import tminus's style.css (integrations/waybar) in your style.css. Then reload Waybar: \
            killall -SIGUSR2 waybar
            """
        })

    static let i3blocks: BarSetup = BarSetup(
        name: "i3blocks", aliases: [], about: "a block, one-shot each second, refreshed at once by a signal",
        configFiles: ["i3blocks/config"], write: .append,
        integration: "i3blocks/config", marker: "--format i3blocks",
        snippet: { c in
            """
            # tminus for i3blocks, one-shot form: copy into ~/.config/i3blocks/config (or append this
            # section). i3blocks runs tminus once a second; tminus prints full_text (medium family),
            # short_text (small family) and color, and exits 33 when the deadline is critical or over,
            # which i3blocks shows as urgent. A click re-runs the command with the button in the
            # environment, and tminus itself cycles the deadline (1 and 5 next, 3 and 4 previous, 2 back to the one due next).
            # Streaming instead (one process, per-second updates, instant reload): see config.persist.
            [tminus]
            command=\(c.binary) show --format i3blocks
            interval=1
            markup=none
            # Optional: with "signals": {"i3blocks": \(c.i3blocksSignal)} in tminus's config, every tminus change
            # (add, done, edit, next, ...) refreshes this block at once.
            signal=\(c.i3blocksSignal)

            """
        },
        full: { c in i3blocks.snippet(c) },
        next: { c, file in
            let signal =
                c.config.signals["i3blocks"] == nil
                ? " For instant refreshes after a change, add \"signals\": {\"i3blocks\": \(c.i3blocksSignal)} to tminus's config."
                : ""
            return "Append the [tminus] section to \(file) and restart i3 (or i3blocks).\(signal)"
        })

    static let i3bar: BarSetup = BarSetup(
        name: "i3bar", aliases: ["swaybar", "sway", "i3"],
        about: "the bar's status_command (the i3bar protocol, streaming)",
        configFiles: ["sway/config", "i3/config"], write: .never,
        integration: "i3bar-sway/bar.conf", marker: "--format i3bar",
        snippet: { c in
            """
            bar {
                status_command \(c.binary) show --follow --format i3bar
            }
            """
        },
        full: { c in
            """
            # tminus as the status_command of i3bar or swaybar: put the status_command line into the
            # bar { } block of ~/.config/i3/config or ~/.config/sway/config (or add this block for a
            # second bar). tminus speaks the whole i3bar protocol (header, click events, one status
            # line per update) and cycles the deadline on a click (1 and 5 next, 3 and 4 previous,
            # 2 back to the one due next).
            \(i3bar.snippet(c))

            """
        },
        next: { c, file in
            """
            Put the status_command line into the bar { } block of \(file) (or your i3 config) and \
            reload the window manager ($mod+Shift+c in sway, $mod+Shift+r in i3). Today's todos in a \
            launcher: bindsym $mod+t exec \(c.binary) menu
            """
        })

    static let polybar: BarSetup = BarSetup(
        name: "polybar", aliases: [], about: "a custom/script module, streaming (tail = true)",
        configFiles: ["polybar/config.ini", "polybar/config"], write: .append,
        integration: "polybar/config.ini", marker: "--format polybar",
        snippet: { c in
            let b = c.binary
            return """
                ; tminus for polybar: add a module to ~/.config/polybar/config.ini and put its name
                ; into your bar's modules-left / modules-center / modules-right.
                ; tminus prints one line with %{F#rrggbb}...%{F-} colour tags; text from your titles
                ; can never open a tag (every "%{" in data is broken with a zero-width space).

                ; Streaming (preferred): one tminus process prints a line at each second boundary and at
                ; once when your deadlines, the selection or the config change; no process per second.
                [module/tminus]
                type = custom/script
                exec = \(b) show --follow --format polybar
                tail = true
                ; show the next deadline (the running follower shows it at once); right: today's todos in a
                ; launcher (rofi, wofi, fuzzel, bemenu or dmenu): done, snooze an hour, a day later
                click-left = \(b) next
                click-right = \(b) menu
                click-middle = \(b) next --reset
                ; the wheel: cycles the deadlines (with "tooltip": "calendar", moves its month)
                scroll-up = \(b) scroll up
                scroll-down = \(b) scroll down
                label = %output%

                ; One-shot: polybar runs tminus once a second.
                [module/tminus-poll]
                type = custom/script
                exec = \(b) show --format polybar
                interval = 1
                click-left = \(b) next
                click-right = \(b) menu
                click-middle = \(b) next --reset
                ; the wheel: cycles the deadlines (with "tooltip": "calendar", moves its month)
                scroll-up = \(b) scroll up
                scroll-down = \(b) scroll down
                label = %output%

                """
        },
        full: { c in polybar.snippet(c) },
        next: { _, file in
            "Add the two modules to \(file), put tminus (or tminus-poll) into your bar's modules-right (or -left, -center), and restart polybar."
        })

    static let conky: BarSetup = BarSetup(
        name: "conky", aliases: [], about: "${execpi 1 …} in conky.text",
        configFiles: ["conky/conky.conf"], write: .createOnly,
        integration: "conky/conky.conf", marker: "--format conky",
        snippet: { c in "${execpi 1 \(c.binary) show --format conky}" },
        full: { c in
            """
            -- tminus for conky: copy to ~/.config/conky/conky.conf (or merge conky.text).
            -- ${execpi 1 ...} runs tminus every second and parses its output as conky text,
            -- which is how the ${color ...} tags work. tminus escapes your data for exactly that
            -- parser ($ -> $$, # -> \\#), so a title like ${exec ...} is shown, never run.
            conky.config = {
                out_to_console = true,   -- print to stdout (a terminal, dzen2, a pipe); for a window use
                                         -- out_to_x = true with an X11 build of conky (conky-std/conky-all)
                background = false,
                update_interval = 1,
                total_run_times = 0,
                text_buffer_size = 2048, -- the default 256 bytes cuts long todo lists
                use_spacer = 'none',
            };

            conky.text = [[
            \(conky.snippet(c))
            ]];

            """
        },
        next: { _, file in
            "Put the line into conky.text in \(file) (and text_buffer_size = 2048 into conky.config for long todo lists), then restart conky."
        })

    static let yambar: BarSetup = BarSetup(
        name: "yambar", aliases: [], about: "a script module, continuous (--follow), coloured by state",
        configFiles: ["yambar/config.yml"], write: .createOnly,
        integration: "yambar/config.yml", marker: "--format, yambar",
        snippet: { c in
            // yambar takes no colour from a tag: each state is mapped to the config's colour.
            // (An error entry in the critical colour, as every other bar draws it.)
            var conditions = ""
            for (state, colored) in [
                ("ongoing", EntryState.ongoing), ("normal", .normal), ("warning", .warning),
                ("critical", .critical), ("over", .over), ("error", .critical)
            ] {
                if let color = yambarColor(c.config.colors[colored]) {
                    conditions +=
                        "\n              state == \(state): {string: {text: \"{text}\", foreground: \(color)}}"
                }
            }
            return """
                    - script:
                        path: \(c.binary)
                        args: [show, --follow, --format, yambar]
                        content:
                          map:
                            default: {string: {text: "{text}"}}
                            conditions:\(conditions)
                """
        },
        full: { c in
            """
            # tminus for yambar: a whole minimal bar with tminus on the right. Already have a bar?
            # Copy the "- script:" item into its left, center or right list.
            # tminus --follow is one process in yambar's continuous mode: it prints a tag set (text,
            # short, state, progress, urgent; see integrations/yambar/README.md) at each second
            # boundary and at once when your deadlines, the selection or the config change. Titles
            # are drawn as they are: yambar parses no markup in a tag's value.
            bar:
              height: 26
              location: top
              background: 000000ff
              foreground: ffffffff
              font: DejaVu Sans:pixelsize=14
              right:
            \(yambar.snippet(c))

            """
        },
        next: { _, file in
            "Put the \"- script:\" item into a left, center or right list of the bar in \(file) (yambar -C checks it), then restart yambar."
        })

    static let xmobar: BarSetup = BarSetup(
        name: "xmobar", aliases: [], about: "a CommandReader, streaming (--follow); a click cycles",
        configFiles: ["xmobar/xmobarrc"], write: .createOnly,
        integration: "xmobar/xmobarrc", marker: "--format xmobar",
        snippet: { c in
            """
                   , commands = [ Run CommandReader "\(c.binary) show --follow --format xmobar" "tminus" ]
                   , template = "}{ <action=`\(c.binary) next` button=1><action=`\(c.binary) menu` button=3>%tminus%</action></action> "
            """
        },
        full: { c in
            """
            -- tminus for xmobar: a whole config with tminus on the right. Already have one? Add the
            -- CommandReader to your commands and %tminus% to your template.
            -- tminus --follow prints a line at each second boundary and at once when your deadlines,
            -- the selection or the config change, coloured with <fc=#…>; every title is wrapped in
            -- xmobar's <raw=N:…/>, so no markup or <action> in your data is ever parsed.
            Config { font = "xft:DejaVu Sans-12"
                   , bgColor = "#000000"
                   , fgColor = "#ffffff"
                   , position = Top
            \(xmobar.snippet(c))
                   }

            """
        },
        next: { _, file in
            "Add the CommandReader to the commands of \(file) and %tminus% to its template, then restart xmobar (or your window manager)."
        })

    static let eww: BarSetup = BarSetup(
        name: "eww", aliases: [], about: "a deflisten variable and a widget (--format json)",
        configFiles: ["eww/eww.yuck"], write: .append,
        integration: "eww/eww.yuck", marker: "--format json",
        snippet: { c in
            let b = c.binary
            return """
                ; tminus for eww: merge into ~/.config/eww/eww.yuck, then: eww open tminus
                ; tminus prints the whole entry as JSON; the widget reads fields from it.
                ; Titles reach :text as plain strings (never through `literal`), so no markup or
                ; yuck in a title is ever parsed.
                ; Streaming: one tminus process prints a JSON line per update (each second, and at once on
                ; any change). One-shot instead:  (defpoll tminus :interval "1s" :initial '...' "\(b) show --format json")
                (deflisten tminus :initial '{"state":"none","small":"","medium":"…","large":"","deadline":null,"todos":[],"error":null}'
                  "\(b) show --follow --format json")

                (defwidget tminus-widget []
                  (eventbox :onclick "\(b) next" :onrightclick "\(b) menu" :onmiddleclick "\(b) next --reset" :onscroll "\(b) scroll {}"
                    (box :class "tminus ${tminus.state}" :orientation "h" :space-evenly false
                         :tooltip "${tminus.large}"
                      (label :text "${tminus.medium}")
                      (progress :value {tminus.deadline?.percent ?: 0}
                                :class "tminus-progress"))))

                (defwindow tminus
                  :monitor 0
                  :geometry (geometry :x "0%" :y "0px" :width "400px" :height "28px" :anchor "top right")
                  :stacking "fg"
                  (tminus-widget))

                """
        },
        full: { c in eww.snippet(c) },
        next: { _, file in
            "Merge the definitions into \(file) (colours: integrations/eww/eww.scss into eww.scss), then: eww open tminus"
        })

    static let i3statusRs: BarSetup = BarSetup(
        name: "i3status-rust", aliases: ["i3status-rs"], about: "a custom block (json = true, persistent)",
        configFiles: ["i3status-rust/config.toml"], write: .append,
        integration: "i3status-rust/config.toml", marker: "--format i3status-rs",
        snippet: { c in
            let b = c.binary
            return """
                # tminus for i3status-rust: add this block to ~/.config/i3status-rust/config.toml.
                # --format i3status-rs prints the custom block's JSON (json = true): text, short_text, and a
                # state (Idle, Good, Info, Warning, Critical) that your i3status-rust theme colours. The block's
                # default format passes text through as Pango markup ($text.pango-str()), so tminus escapes
                # & < > ' " in your titles.
                # Streaming (persistent = true): one tminus process prints a line at each second boundary and
                # at once when your deadlines, the selection or the config change. For the one-shot form,
                # drop persistent and --follow and add  interval = 1  (see README.md).
                [[block]]
                block = "custom"
                command = "\(b) show --follow --format i3status-rs"
                persistent = true
                json = true
                [[block.click]]
                button = "left"
                cmd = "\(b) next"
                [[block.click]]
                button = "right"
                cmd = "\(b) menu"

                """
        },
        full: { c in i3statusRs.snippet(c) },
        next: { _, file in
            "Append the block to \(file) (blocks show in file order), then restart the bar ($mod+Shift+r in i3)."
        })
}
