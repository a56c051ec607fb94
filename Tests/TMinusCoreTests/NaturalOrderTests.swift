import Testing
import TMinusCore

/// The one order of titles (list, tooltip, agenda, board, grouped notifications).
@Suite("NaturalOrder")
struct NaturalOrderTests {
    /// (a, b, what compare(a, b) says): -1 a first, 1 b first, 0 a tie.
    @Test(arguments: [
        // Numbers by value.
        ("Soak 2", "Soak 10", -1),
        ("soak 1", "Soak 2", -1),
        ("Task 9", "Task 10", -1),
        ("Task 11", "Task 100", -1),
        ("Flood 0", "Flood 1", -1),
        ("Flood 10", "Flood 100", -1),
        ("v1.10", "v1.9", 1),
        ("2 apples", "10 apples", -1),
        ("a2b10", "a2b9", 1),
        ("a2b", "a10", -1),
        // Longer than any integer: compared by digits, no overflow.
        ("n 99999999999999999999999", "n 100000000000000000000000", -1),
        ("n 123456789012345678901234567890", "n 123456789012345678901234567891", -1),
        // Leading zeros do not count: the same number is a tie.
        ("Soak 02", "Soak 2", 0),
        ("Soak 007", "Soak 7", 0),
        ("Soak 0", "Soak 00", 0),
        ("Soak 02", "Soak 3", -1),
        ("Soak 010", "Soak 9", 1),
        // Case does not decide.
        ("SOAK 2", "soak 2", 0),
        ("apple", "Banana", -1),
        ("Apple", "banana", -1),
        ("ZEBRA", "apple", 1),
        // A prefix first; a number as its first digit beside other characters.
        ("Soak", "Soak 1", -1),
        ("", "a", -1),
        ("", "", 0),
        ("Soak 2", "Soak 2a", -1),
        ("Soak 1.5", "Soak 2", -1),
        ("Soak 9", "Soak a", -1),
        ("Soak  1", "Soak 1", -1),
        // Non-ASCII: letters case-folded, any decimal digits by value.
        ("Äpfel", "äpfel", 0),
        ("Éclair 2", "éclair 10", -1),
        ("Straße 3", "STRASSE 3", 1),
        ("Задача 2", "задача 10", -1),
        ("Задача 2", "ЗАДАЧА 2", 0),
        ("Task ٣", "Task 10", -1),
        ("Task ٣", "Task 3", 0),
        ("Task ２", "Task 10", -1),
        ("日程 2", "日程 10", -1),
        ("Café 1", "Cafe 1", 1),
        ("😀 2", "😀 10", -1)
    ])
    func pairs(a: String, b: String, expected: Int) {
        #expect(NaturalOrder.compare(a, b) == expected, "\(a) vs \(b)")
        #expect(NaturalOrder.compare(b, a) == -expected, "\(b) vs \(a)")
        #expect(NaturalOrder.less(a, b) == (expected < 0))
    }

    @Test func theIssuesLists() {
        let titles = ["Soak 10", "soak 3", "Soak 2", "soak 1"]
        #expect(NaturalOrder.sorted(titles) { $0 } == ["soak 1", "Soak 2", "soak 3", "Soak 10"])
        let flood = ["Flood 100", "Flood 10", "Flood 1", "Flood 0", "Flood 2"]
        #expect(NaturalOrder.sorted(flood) { $0 } == ["Flood 0", "Flood 1", "Flood 2", "Flood 10", "Flood 100"])
    }

    /// Ties keep the order they were given in, whatever case or leading zeros they differ by.
    @Test func tiesStayStable() {
        let given = ["Soak 02", "SOAK 2", "soak 2", "Soak 1", "Soak 2", "soak 002"]
        #expect(NaturalOrder.sorted(given) { $0 } == ["Soak 1", "Soak 02", "SOAK 2", "soak 2", "Soak 2", "soak 002"])
        let reversed = ["soak 002", "Soak 2", "soak 2", "SOAK 2", "Soak 1", "Soak 02"]
        #expect(
            NaturalOrder.sorted(reversed) { $0 } == ["Soak 1", "soak 002", "Soak 2", "soak 2", "SOAK 2", "Soak 02"])
    }

    /// A strict weak order on a mixed set (sorting with it never traps or loops), and linear cost
    /// on long titles.
    @Test func aConsistentOrder() {
        let words = [
            "a", "A", "a1", "a01", "a10", "a2", "a 2", "b", "B1", "Ä", "ä2", "٣", "3", "03", "", " ", "x9y", "x10y", "😀"
        ]
        for a in words {
            #expect(NaturalOrder.compare(a, a) == 0)
            for b in words {
                #expect(NaturalOrder.compare(a, b) == -NaturalOrder.compare(b, a), "\(a) vs \(b)")
                for c in words where NaturalOrder.compare(a, b) <= 0 && NaturalOrder.compare(b, c) <= 0 {
                    #expect(NaturalOrder.compare(a, c) <= 0, "\(a) ≤ \(b) ≤ \(c)")
                }
            }
        }
        let long = String(repeating: "7", count: 200_000)
        #expect(NaturalOrder.compare(long + "1", long + "2") == -1)
        #expect(NaturalOrder.compare("x" + long, "X" + long) == 0)
    }
}
