import Foundation

/// Golden files: the one recorder every test target uses. A test compares its text with a file
/// kept in the repository; `RECORD_GOLDEN=1 swift test` writes the files instead (review the diff).
/// (No `import Testing` here: this target is built by a plain `swift build` too, whose static
/// release build has no Testing module; a mismatch is thrown, which fails the test.)
public enum Golden {
    /// A text that differs from its golden file.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The golden file's name.
        public var name: String
        /// What was expected and what came, for the test's report.
        public var description: String
    }

    /// Whether this run records (RECORD_GOLDEN=1) rather than compares.
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares `text` with the file `name` in `directory` (or writes it, when recording); throws
    /// `Mismatch` when they differ.
    public static func check(_ name: String, _ text: String, in directory: URL) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try text.write(to: url, atomically: false, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard text != expected else { return }
        throw Mismatch(
            name: name,
            description: "\(name) differs from its golden file (RECORD_GOLDEN=1 swift test re-records it)\n"
                + "expected:\n\(expected)\ngot:\n\(text)")
    }

    /// The folder `name` beside the test file `file` (pass `#filePath`).
    public static func folder(_ name: String, besides file: String) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name)
    }
}
