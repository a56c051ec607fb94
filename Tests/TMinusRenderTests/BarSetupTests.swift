import Foundation
import TMinusRender
import TMinusTimeline
import Testing

/// `tminus setup`'s texts are the integrations: each `integrations/` file is a bar's full config
/// for the command `tminus`, and every bar format has a set-up.
struct BarSetupTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: BarSetup.all.map(\.name))
    func theIntegrationFileIsWhatSetupPrints(_ name: String) throws {
        let bar = try #require(BarSetup.named(name))
        let file = Self.root.appendingPathComponent("integrations/" + bar.integration)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == bar.full(.init(binary: bar.integrationBinary)),
            "integrations/\(bar.integration) differs from tminus setup \(name) --full --binary \(bar.integrationBinary)"
        )
        // The snippet is the part of the whole to paste, and names the format it sets up.
        let snippet = bar.snippet(.init(binary: bar.integrationBinary))
        #expect(text.contains(snippet))
        #expect(snippet.contains(bar.marker))
        let readme = file.deletingLastPathComponent().appendingPathComponent("README.md").path
        #expect(FileManager.default.fileExists(atPath: readme), "\(readme)")
    }

    /// Every format a bar reads has a set-up (pango, plain and json are for programs and eww).
    @Test func everyBarFormatHasASetup() {
        for format in Renderers.all.map(\.format) where !["pango", "plain", "json"].contains(format) {
            #expect(
                BarSetup.all.contains { $0.marker.hasSuffix(" " + format) }, "no tminus setup for --format \(format)")
        }
    }

    @Test func onlyPlainPathsGoIntoAConfig() {
        #expect(BarSetup.isSafeCommand("/home/ann/.local/bin/tminus"))
        #expect(BarSetup.isSafeCommand("tminus"))
        for bad in ["", "/a b/tminus", "/x/\"tminus", "/x/$(id)", "/x/`id`", "/x/t;rm", "/x/t'", "/x/t\\n", "/x/ü"] {
            #expect(!BarSetup.isSafeCommand(bad), "\(bad)")
        }
    }
}
