import TMinusCore
import TMinusRender
import TMinusTimeline
import Testing

/// Golden files for every renderer: each format × family × entry case. RECORD_GOLDEN=1 re-records.
struct GoldenRenderTests {
    @Test(arguments: Renderers.all.map(\.format))
    func golden(_ format: String) throws {
        let renderer = try #require(Renderers.named(format))
        var out = ""
        for (name, entry) in RenderFixtures.cases {
            for family in Family.allCases {
                let r = renderer.render(entry, RenderOptions(family: family, zone: .utc))
                out += "== \(name) · \(family.rawValue) · exit \(r.exitCode)\n\(r.text)\n"
            }
        }
        if format == "i3blocks" || format == "i3bar" {
            let (_, entry) = RenderFixtures.cases[0]
            let r = renderer.render(entry, RenderOptions(markup: .pango, zone: .utc))
            out += "== countdown · markup pango\n\(r.text)\n"
        }
        let ext =
            ["waybar": "json", "i3bar": "json", "json": "json", "pango": "pango", "i3status-rs": "json"][format]
            ?? "txt"
        try RenderFixtures.assertSnapshot("\(format).\(ext)", out)
    }
}
