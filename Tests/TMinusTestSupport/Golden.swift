import Foundation
import Testing

/// Golden files: the one recorder every test target uses. A test compares its text with a file
/// kept in the repository; `RECORD_GOLDEN=1 swift test` writes the files instead (review the diff).
public enum Golden {
    /// Whether this run records (RECORD_GOLDEN=1) rather than compares.
    public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares `text` with the file `name` in `directory` (or writes it, when recording).
    public static func check(_ name: String, _ text: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try text.write(to: url, atomically: false, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "\(name) differs from its golden file (RECORD_GOLDEN=1 swift test re-records it)", sourceLocation: sourceLocation)
    }

    /// The folder `name` beside the test file `file` (pass `#filePath`).
    public static func folder(_ name: String, besides file: String) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name)
    }
}
