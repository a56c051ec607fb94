import Foundation
import Glibc
import TMinusTestSupport
import Testing
@testable import TMinusSystem

/// A folder's names sorted by their bytes (`NameList.sortByBytes`, its radix sort on the first
/// eight bytes and the ties after) against the plain comparison of their bytes.
struct NameListTests {
    func sorted(_ names: [[UInt8]]) -> [[UInt8]] {
        var list = NameList()
        for n in names { list.append(n) }
        list.sortByBytes()
        return list.indices.map { i in list.withName(i) { b, _ in Array(b) } }
    }

    @Test(arguments: [1, 2, 3, 7, 100, 5_000])
    func sortsAsTheirBytesCompare(seed: UInt64) {
        var rng = SplitMix(seed)
        // UIDs as vdirsyncer and the calendar apps name files, names that share long prefixes
        // (dates, one app's), short ones, bytes past ASCII, and the same name twice.
        let alphabets: [[UInt8]] = [
            Array("0123456789ABCDEF".utf8), Array("abcdef0123456789-".utf8), [0x61, 0x62],
            [0x00, 0x7F, 0x80, 0xC3, 0xFF]
        ]
        for size in [0, 1, 2, 17, 255, 256, 300, 4_000] {
            var names: [[UInt8]] = []
            for _ in 0..<size {
                let alphabet = alphabets.randomElement(using: &rng)!
                let prefix: [UInt8] = Bool.random(using: &rng) ? Array("2026-11-29-".utf8) : []
                let length = Int.random(in: 0...40, using: &rng)
                names.append(prefix + (0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            }
            if let first = names.first { names.append(first) }
            let expected = names.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(sorted(names) == expected, "seed \(seed), \(size) names")
        }
    }
}

/// A folder listed from its records read whole (`NameList(listing:)`, `getdents64`) against the
/// same folder listed by `readdir`: the same names and types, `.` and `..` left out, `keep` asked
/// once a name, a folder bigger than the room first made for it read again into more.
struct NameListListingTests {
    @Test(arguments: [0, 10, 3_000])
    func listsWhatReaddirLists(expected: Int) throws {
        var template = Array("/tmp/tminus-names-XXXXXX".utf8CString)
        let folder = try #require(
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { _ = try? FileManager.default.removeItem(atPath: folder) }
        var rng = SplitMix(UInt64(expected) + 5)
        for i in 0..<2_500 {
            let length = Int.random(in: 1...200, using: &rng)
            let name = "\(i)-" + String((0..<length).map { _ in "abcXYZ09é-_.\u{1}\u{7F}".randomElement(using: &rng)! })
            let fd = open(folder + "/" + name, O_CREAT | O_WRONLY, 0o600)
            try #require(fd >= 0)
            close(fd)
        }
        #expect(mkdir(folder + "/sub", 0o700) == 0)
        #expect(symlink("sub", folder + "/link") == 0)
        let directory = open(folder, O_RDONLY | O_DIRECTORY)
        defer { close(directory) }
        var byReaddir: [String: UInt8] = [:]
        FileIO.forEachEntryName(inOpened: directory) { name, _, type in
            byReaddir[String(decoding: name, as: UTF8.self)] = type
        }
        #expect(byReaddir.count == 2_502)
        var asked: [String: UInt8] = [:]
        let list = try #require(
            NameList(listing: directory, expected: expected) { name, cName, type in
                let text = String(decoding: name, as: UTF8.self)
                #expect(String(cString: cName) == text)
                #expect(asked.updateValue(type, forKey: text) == nil, "asked twice: \(text)")
                return type == UInt8(DT_REG) && name.count % 2 == 0
            })
        #expect(asked == byReaddir)
        let listed = list.indices.map(list.string)
        #expect(Set(listed) == Set(asked.filter { $0.value == UInt8(DT_REG) && $0.key.utf8.count % 2 == 0 }.keys))
        #expect(listed.count == Set(listed).count)
        // Read again from its start, as the walk lists an open folder more than once.
        #expect(NameList(listing: directory, expected: 0) { _, _, _ in true }?.count == 2_502)
    }
}
