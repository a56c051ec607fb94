import Foundation
import Testing
import TMinusCore
import TMinusICal
@_exported import TMinusTestSupport

/// The corpus (TMinusTestSupport's `Corpus`) as these tests read it: a missing file or folder
/// fails the test that asked for it.
extension Corpus {
    static let skipped: Comment = Comment(rawValue: skippedReason)

    static func bytes(_ path: String) throws -> [UInt8] {
        try #require(contents(path), "missing \(url(path).path): \(skippedReason)")
    }

    /// Every .ics file in the corpus, by path relative to it.
    static func icsFiles() throws -> [String] {
        let files = try #require(icsFilesIfPresent(), "missing corpus at \(root.path)")
        try #require(!files.isEmpty, "no .ics files in \(root.path)")
        return files
    }
}

/// A zone by IANA name from the system's files, when iCalendar may name it.
func systemZone(_ name: String) -> Zone? {
    ICalZones.isZoneName(name) ? systemZoneIfPresent(name) : nil
}

func zone(_ name: String) throws -> Zone {
    try #require(systemZone(name), "missing /usr/share/zoneinfo/\(name); install tzdata")
}

func ics(_ lines: String) -> [UInt8] { Array(lines.utf8) }
