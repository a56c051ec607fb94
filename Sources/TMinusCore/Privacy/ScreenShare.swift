/// Whether PipeWire shows the screen being shared, from the objects `pw-dump` prints (docs/privacy.md,
/// "What counts as sharing"). On Linux a screencast is a PipeWire stream: the compositor (through
/// xdg-desktop-portal, or GNOME's and KDE's own screencast) makes a video source node of the
/// screen, and the program that shares it (a browser in a call, OBS) reads it with a video input
/// stream. A camera is a video source too; it is told apart by being a device.
///
/// Counted: a node of class `Video/Source` or `Stream/Output/Video` that is no camera, in any
/// state but `error` (it exists only while a screencast session is on); and a running
/// `Stream/Input/Video` whose links (if any are known) come from something other than a camera.
public struct ScreenShare: Sendable {
    /// The objects by id, as the last dumps gave them (nodes and links only).
    var nodes: [Int: JSON] = [:]
    var links: [Int: (from: Int, to: Int)] = [:]

    /// No objects yet.
    public init() {}

    /// The objects of one `pw-dump` run (an array), or one update of `pw-dump --monitor` (an
    /// array of the objects that changed; `"info": null` for one removed).
    public mutating func apply(_ dump: JSON) {
        for object in dump.arrayValue ?? [] {
            guard let id = object["id"]?.intValue else { continue }
            let info = object["info"]
            if info == nil || info?.isNull == true {
                nodes[id] = nil
                links[id] = nil
                continue
            }
            switch object["type"]?.stringValue {
            case "PipeWire:Interface:Node"?: nodes[id] = info
            case "PipeWire:Interface:Link"?:
                if let from = info?["output-node-id"]?.intValue, let to = info?["input-node-id"]?.intValue {
                    links[id] = (from, to)
                }
            default: break
            }
        }
    }

    /// The names of the nodes that show the screen shared (empty: not shared).
    public var sharing: [String] {
        var out: [String] = []
        for (id, info) in nodes.sorted(by: { $0.key < $1.key }) {
            let props = info["props"]
            let kind = props?["media.class"]?.stringValue ?? ""
            let state = info["state"]?.stringValue ?? ""
            let name = props?["node.name"]?.stringValue ?? props?["media.name"]?.stringValue ?? "node \(id)"
            switch kind {
            case "Video/Source", "Stream/Output/Video":
                if state != "error" && !Self.isCamera(info) { out.append(name) }
            case "Stream/Input/Video":
                guard state == "running" else { continue }
                let sources = links.values.filter { $0.to == id }.map(\.from)
                if sources.isEmpty
                    || sources.contains(where: { source in nodes[source].map { !Self.isCamera($0) } ?? true })
                {
                    out.append(name)
                }
            default: break
            }
        }
        return out
    }

    /// A camera: a node of a V4L2 or libcamera device (its `device.api`, its `api.v4l2.*` or
    /// `api.libcamera.*` keys, or the object path WirePlumber gives it).
    static func isCamera(_ info: JSON) -> Bool {
        guard let props = info["props"]?.members else { return false }
        for m in props {
            if m.key == "device.api", let api = m.value.stringValue, api == "v4l2" || api == "libcamera" { return true }
            if m.key.hasPrefix("api.v4l2.") || m.key.hasPrefix("api.libcamera.") { return true }
            if m.key == "object.path", let path = m.value.stringValue,
                path.hasPrefix("v4l2:") || path.hasPrefix("libcamera:")
            {
                return true
            }
            if m.key == "node.name", let name = m.value.stringValue,
                name.hasPrefix("v4l2_input.") || name.hasPrefix("libcamera_input.")
            {
                return true
            }
        }
        return false
    }
}

/// Splits `pw-dump --monitor`'s output, one JSON array after another, into the arrays, as bytes
/// arrive (a string's brackets and escapes are skipped). An array over `maxBytes` is dropped.
public struct JSONArrayStream: Sendable {
    var buffer: [UInt8] = []
    var depth = 0
    var inString = false
    var escaped = false
    var overflow = false
    /// How many arrays were too long and dropped so far (counted when one passes `maxBytes`).
    public private(set) var dropped = 0
    /// The most bytes one array may have (16 MiB: a desktop's graph is a few hundred KiB).
    public static let maxBytes = 16 << 20

    /// An empty stream.
    public init() {}

    /// Takes `bytes`; returns each array completed by them.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var out: [[UInt8]] = []
        for b in bytes {
            if depth == 0 && b != UInt8(ascii: "[") { continue }
            if !overflow { buffer.append(b) }
            if buffer.count > Self.maxBytes {
                overflow = true
                buffer = []
                dropped += 1
            }
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    if !overflow { out.append(buffer) }
                    buffer = []
                    overflow = false
                }
            default: break
            }
        }
        return out
    }
}
