// swift-tools-version:6.0
import PackageDescription

// tminus: the countdown to your next deadline, and today's todos, in a Linux status bar.
// Toolchain only: Glibc for the product (no Foundation: the poll path starts in a millisecond),
// Foundation and Swift Testing in the tests. No third-party package.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "tminus",
    products: [
        .executable(name: "tminus", targets: ["tminus"]),
        .library(name: "TMinusCore", targets: ["TMinusCore"]),
        .library(name: "TMinusTimeline", targets: ["TMinusTimeline"])
    ],
    targets: [
        // Pure: model, time zones and civil time, JSON, validation, WHEN/REF parsing, queries.
        .target(name: "TMinusCore", swiftSettings: swiftSettings),
        // Pure: timeline provider, entries, countdown text, families and templates, config model.
        .target(name: "TMinusTimeline", dependencies: ["TMinusCore"], swiftSettings: swiftSettings),
        // Pure: iCalendar files (RFC 5545): content lines, components, dates and zones, recurrence,
        // VTODO/VEVENT to items, and the minimal edit that writes a change back.
        .target(name: "TMinusICal", dependencies: ["TMinusCore"], swiftSettings: swiftSettings),
        // Pure: other programs' todo formats: todo.txt lines and Taskwarrior's export.
        .target(name: "TMinusSources", dependencies: ["TMinusCore"], swiftSettings: swiftSettings),
        // Pure: one renderer per bar, with that bar's escaping.
        .target(name: "TMinusRender", dependencies: ["TMinusCore", "TMinusTimeline"], swiftSettings: swiftSettings),
        // Linux calls Glibc does not import (timerfd, signalfd, SIGRTMIN): a few lines of our own C;
        // and argv for the static binary, from glibc rather than the runtime's read of /proc/self/maps.
        .target(name: "CTMinusSys"),
        // The system: files, folders, locks, atomic writes, trusted paths, file stamps, processes and
        // child programs, the clocks, zone files, signals, the terminal, the widget cache's file.
        .target(name: "TMinusSystem", dependencies: ["TMinusCore", "CTMinusSys"], swiftSettings: swiftSettings),
        // The session bus: one D-Bus client, notifications and their servers' quirks, the action
        // watch, the privacy (screen-share) watch.
        .target(
            name: "TMinusBus", dependencies: ["TMinusCore", "TMinusSystem", "CTMinusSys"],
            swiftSettings: swiftSettings),
        // Other programs' files: each source kind (read, write back), their caches, Taskwarrior,
        // Evolution Data Server (over the session bus).
        .target(
            name: "TMinusSourcing",
            dependencies: ["TMinusCore", "TMinusICal", "TMinusSources", "TMinusSystem", "TMinusBus"],
            swiftSettings: swiftSettings),
        // The home's files: the container, the store file, the summary, history and archive,
        // migration, doctor's checks, the reminder ledger.
        .target(
            name: "TMinusStore", dependencies: ["TMinusCore", "TMinusTimeline", "TMinusSystem", "TMinusSourcing"],
            swiftSettings: swiftSettings),
        // The follower: the follow loop, the directory watcher, the click parser.
        .target(
            name: "TMinusFollow", dependencies: ["TMinusCore", "TMinusSystem", "TMinusSourcing", "CTMinusSys"],
            swiftSettings: swiftSettings),
        // What a command does, apart from its arguments and its words: the context a command runs in
        // (home, clock, zone, environment, console), the widget's input, the follower's session, the
        // notifier's deliveries, reminder listings and what another source's item may keep.
        .target(
            name: "TMinusApp",
            dependencies: [
                "TMinusCore", "TMinusTimeline", "TMinusRender", "TMinusSystem", "TMinusBus", "TMinusSourcing",
                "TMinusStore"
            ],
            swiftSettings: swiftSettings),
        // The command line: argument parsing and the commands, mapped to exit codes in one place.
        // (Desktop/ links to integrations/: the GNOME Shell extension's and the Plasma applets'
        // files, embedded for `tminus setup gnome|plasma`, with no Foundation bundle; Plasma 6's
        // two files are linked under names of their own, as resource names must differ.)
        .target(
            name: "TMinusCLI",
            dependencies: [
                "TMinusCore", "TMinusTimeline", "TMinusICal", "TMinusRender", "TMinusSystem", "TMinusBus",
                "TMinusSourcing",
                "TMinusStore", "TMinusFollow", "TMinusApp"
            ],
            exclude: ["Desktop/gnome-shell/README.md", "Desktop/plasma/README.md"],
            resources: [
                "extension-43.js", "extension-45.js", "metadata-43.json", "metadata-45.json", "indicator.js",
                "stylesheet.css"
            ]
            .map { .embedInCode("Desktop/gnome-shell/" + $0) }
                + ["metadata.json", "contents/ui/main.qml"].map { .embedInCode("Desktop/plasma/" + $0) }
                + ["plasma6-metadata.json", "plasma6-main.qml"].map { .embedInCode("Desktop/" + $0) },
            swiftSettings: swiftSettings),
        .executableTarget(name: "tminus", dependencies: ["TMinusCLI"], swiftSettings: swiftSettings),
        // The mutation fuzzer for every parser (Tests/fuzz/run.sh); not part of the product.
        .executableTarget(
            name: "tminus-fuzz",
            dependencies: [
                "TMinusCore", "TMinusTimeline", "TMinusSystem", "TMinusSourcing", "TMinusICal", "TMinusSources"
            ],
            path: "Tests/fuzz/Sources", swiftSettings: swiftSettings),

        // What the test targets share: the one golden recorder, instants and zones from text.
        .target(
            name: "TMinusTestSupport", dependencies: ["TMinusCore"], path: "Tests/TMinusTestSupport",
            swiftSettings: swiftSettings),

        .testTarget(
            name: "TMinusCoreTests", dependencies: ["TMinusCore", "TMinusTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusTimelineTests",
            dependencies: ["TMinusCore", "TMinusTimeline", "TMinusSystem", "TMinusTestSupport"],
            exclude: ["Golden"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusICalTests", dependencies: ["TMinusCore", "TMinusICal", "TMinusTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusSourcesTests", dependencies: ["TMinusCore", "TMinusSources"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusRenderTests",
            dependencies: ["TMinusCore", "TMinusTimeline", "TMinusRender", "TMinusTestSupport"],
            exclude: ["Snapshots"], swiftSettings: swiftSettings),
        // The system, the bus, the sourcing, the store and the follower: each target's tests, which
        // may use the targets below it.
        .testTarget(
            name: "TMinusSystemTests", dependencies: ["TMinusCore", "TMinusSystem", "TMinusTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusBusTests", dependencies: ["TMinusCore", "TMinusSystem", "TMinusBus", "TMinusTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusSourcingTests",
            dependencies: [
                "TMinusCore", "TMinusICal", "TMinusSources", "TMinusSystem", "TMinusBus", "TMinusSourcing",
                "TMinusTestSupport"
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusStoreTests",
            dependencies: ["TMinusCore", "TMinusTimeline", "TMinusSystem", "TMinusStore", "TMinusTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusFollowTests", dependencies: ["TMinusCore", "TMinusTimeline", "TMinusFollow"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TMinusCLITests",
            dependencies: [
                "tminus", "TMinusCLI", "TMinusApp", "TMinusCore", "TMinusSystem", "TMinusBus", "TMinusStore",
                "TMinusTestSupport"
            ],
            swiftSettings: swiftSettings)
    ]
)
