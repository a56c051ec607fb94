import TMinusCore
public import TMinusTimeline

/// What `tminus setup BAR` prints and writes for one bar: the snippet to paste, the whole config
/// `--write` creates when the bar has none, where that file is, and what to do next. The one
/// source of each bar's set-up: `integrations/` holds each `full` text for the command `tminus`
/// (a test compares them), and the real-bar tests run what `setup` prints.
public struct BarSetup: Sendable {
    /// How `--write` may change the bar's config file.
    public enum Write: Sendable, Equatable {
        /// Append the snippet to the file (after a backup), or create the file from `full`.
        case append
        /// Create the file from `full` only when there is none: the format cannot take an
        /// appended block (JSON, YAML, Lua, Haskell records), so an existing file is edited by hand.
        case createOnly
        /// Never: the file is the window manager's own (i3, sway) or the panel keeps the settings
        /// itself (XFCE's), edited by hand or in the panel.
        case never
    }

    /// What a snippet is made from: the command that runs tminus and the user's config.
    public struct Context: Sendable {
        /// The tminus command as the bar's shell runs it: an absolute path (or `tminus`).
        public var binary: String
        /// The user's config (its i3blocks signal, yambar's state colours).
        public var config: Config
        /// A context for `binary`, with the default config unless one is given.
        public init(binary: String, config: Config = Config()) {
            self.binary = binary
            self.config = config
        }
        /// The i3blocks signal: the config's, else 10.
        var i3blocksSignal: Int { config.signals["i3blocks"] ?? 10 }
    }

    /// `tminus setup NAME`.
    public let name: String
    /// Other names for the same bar (`sway`, `swaybar`, `i3` for `i3bar`).
    public let aliases: [String]
    /// The one line `tminus setup` lists for the bar.
    public let about: StaticString
    /// The bar's config files, relative to `$XDG_CONFIG_HOME` (`~/…`: to the home folder); the
    /// first that exists is the user's, and the first is created when none does.
    public let configFiles: [String]
    /// How `--write` may change the bar's config file.
    public let write: Write
    /// The file in `integrations/` that holds `full` for the command `tminus`.
    public let integration: String
    /// The command in the `integrations/` file: `tminus` (found in PATH), except where the bar
    /// wants an absolute path (yambar's `path`): the packages' `/usr/bin/tminus`.
    public var integrationBinary: String { name == "yambar" ? "/usr/bin/tminus" : "tminus" }
    /// The `--format` words in the snippet (`--format waybar`; yambar's list `--format, yambar`):
    /// a config file that has them already runs tminus.
    public let marker: String
    /// The text to paste into the bar's config: what `setup NAME` prints and `--write` appends.
    public let snippet: @Sendable (Context) -> String
    /// The whole config file: the snippet in a minimal bar (for bars whose snippet is a file, the same).
    public let full: @Sendable (Context) -> String
    /// Where to paste the snippet and what to do after, for a person (one short paragraph).
    public let next: @Sendable (Context, _ file: String) -> String
    /// Whether the file is a program the bar runs (xbar's plugin), written 0755.
    public var executable = false

    /// Every bar `setup` knows, in the order help lists them.
    public static let all: [BarSetup] = Renderers.all.flatMap(\.setups)

    /// The bar with this name or alias, or nil.
    public static func named(_ name: String) -> BarSetup? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Whether a path can go into every bar's config as it is: no quoting needed by a shell, JSON,
    /// TOML, YAML, Lua, yuck or a Haskell string.
    public static func isSafeCommand(_ path: String) -> Bool {
        !path.isEmpty
            && path.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || b == 0x2F || b == 0x2E || b == 0x5F || b == 0x2D || b == 0x2B || b == 0x40 || b == 0x2C
            }
    }

    /// `#rrggbb` as yambar writes colours (`rrggbbaa`), or nil.
    static func yambarColor(_ color: String?) -> String? {
        Validation.hexColor(color).map { String($0.dropFirst()) + "ff" }
    }
}
