import Foundation
import Testing
import TMinusCore

@Suite("CLI: concurrent writers")
struct CLIConcurrencyTests {
    @Test func fiftyTodoProcessesAtOnceAllLand() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2026-12-01")
        // Start all fifty before waiting for any.
        let running = try (1...50).map { i in try h.start(["todo", "Todo \(i)", "--tag", "work"]) }
        let results = try running.map { try $0.wait() }
        for (i, result) in results.enumerated() {
            #expect(result.status == 0, "todo \(i + 1): \(result)")
            #expect(result.stderr.isEmpty, "todo \(i + 1): \(result)")
        }
        // The store is valid JSON with every todo, each with its own handle.
        let store = try JSONParser.parse(Array(try #require(h.bytes("store.json"))))
        let items = try #require(store["items"]?.arrayValue)
        let todos = items.filter { $0["kind"]?.stringValue == "todo" }
        #expect(todos.count == 50)
        #expect(Set(todos.compactMap { $0["title"]?.stringValue }) == Set((1...50).map { "Todo \($0)" }))
        #expect(Set(todos.compactMap { $0["handle"]?.intValue }) == Set(2...51))
        #expect(store["nextHandle"]?.intValue == 52)
        #expect(items.filter { $0["kind"]?.stringValue == "deadline" }.count == 1)
        // Every command still reads it, and the summary agrees.
        #expect(try h.list("--todos").count == 50)
        #expect(try h.summary().todos.count == 50)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: h.home.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func concurrentDoneAndTodoKeepEveryChange() throws {
        let h = try TempHome()
        for i in 1...10 { try h.ok("todo", "Old \(i)") }
        let running = try (1...10).flatMap { i in
            [try h.start(["done", "\(i)"]), try h.start(["todo", "New \(i)"])]
        }
        for result in try running.map({ try $0.wait() }) { #expect(result.status == 0, "\(result)") }
        let open = try h.list()
        #expect(open.compactMap { $0["title"]?.stringValue }.sorted() == (1...10).map { "New \($0)" }.sorted())
        let all = try h.list("--all")
        #expect(all.count == 20)
        let archive = String(decoding: try #require(h.bytes("archive.jsonl")), as: UTF8.self)
        #expect(archive.split(separator: "\n").count == 10)
    }
}
