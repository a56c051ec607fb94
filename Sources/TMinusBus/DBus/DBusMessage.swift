/// One D-Bus message: a fixed header, the header fields (path, interface, member, …) and a body.
public struct DBusMessage: Equatable, Sendable {
    /// The message type (the header's second byte).
    public enum Kind: UInt8, Sendable {
        case call = 1, reply = 2, error = 3, signal = 4
    }

    /// Its type: a method call, a method return, an error or a signal.
    public var kind: Kind
    /// 0x1: no reply expected.
    public var flags: UInt8 = 0
    /// The sender's serial of a decoded message (`encoded(serial:)` takes the one to send with).
    public var serial: UInt32 = 0
    /// The object path (PATH field), e.g. `/org/freedesktop/Notifications`.
    public var path: String?
    /// The interface (INTERFACE field), e.g. `org.freedesktop.Notifications`.
    public var interface: String?
    /// The method or signal name (MEMBER field), e.g. `Notify`, `ActionInvoked`.
    public var member: String?
    /// An error message's D-Bus error name (ERROR_NAME field).
    public var errorName: String?
    /// For a reply or an error: the serial of the call it answers (REPLY_SERIAL field).
    public var replySerial: UInt32?
    /// The bus name it is for (DESTINATION field).
    public var destination: String?
    /// Its sender's unique name, as the bus sets it (SENDER field).
    public var sender: String?
    /// The arguments, in order (the signature is derived from them when encoding).
    public var body: [DBusValue] = []

    /// The largest message this client reads (the notification server's signals are a few dozen
    /// bytes; the spec allows 128 MiB, which a bug or a hostile peer on the bus must not make us hold).
    public static let maxLength = 1 << 20

    /// A message of `kind` with these fields; flags and serial 0.
    public init(
        kind: Kind, path: String? = nil, interface: String? = nil, member: String? = nil, destination: String? = nil,
        body: [DBusValue] = []
    ) {
        self.kind = kind
        self.path = path
        self.interface = interface
        self.member = member
        self.destination = destination
        self.body = body
    }

    /// A method call of `interface`'s `member` on the object at `path` of `destination`, with `body`.
    public static func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ body: [DBusValue] = []
    ) -> DBusMessage {
        DBusMessage(kind: .call, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// The message's bytes (little-endian), with this serial.
    public func encoded(serial: UInt32) -> [UInt8] {
        var bodyWriter = DBusWriter()
        for v in body { bodyWriter.write(v) }
        let signature = body.map(\.signature).joined()
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ v: DBusValue?) {
            if let v { fields.append(.structure([.byte(code), .variant(v)])) }
        }
        field(1, path.map(DBusValue.objectPath))
        field(2, interface.map(DBusValue.string))
        field(3, member.map(DBusValue.string))
        field(4, errorName.map(DBusValue.string))
        field(5, replySerial.map(DBusValue.uint32))
        field(6, destination.map(DBusValue.string))
        field(7, sender.map(DBusValue.string))
        field(8, signature.isEmpty ? nil : .signature(signature))
        var w = DBusWriter()
        w.write(.byte(UInt8(ascii: "l")))
        w.write(.byte(kind.rawValue))
        w.write(.byte(flags))
        w.write(.byte(1))
        w.write(.uint32(UInt32(bodyWriter.bytes.count)))
        w.write(.uint32(serial))
        w.write(.array("(yv)", fields))
        w.pad(8)
        return w.bytes + bodyWriter.bytes
    }

    /// The length of the message at the start of `bytes` once its first 16 bytes are there (nil
    /// before); throws when the header is not one.
    public static func length(of bytes: ArraySlice<UInt8>, limit: Int = maxLength) throws(DBusFormatError) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let b = Array(bytes.prefix(16))
        guard b[0] == UInt8(ascii: "l") || b[0] == UInt8(ascii: "B"), b[3] == 1 else {
            throw DBusFormatError("not a D-Bus message (endianness or version)")
        }
        var r = DBusReader(b, at: 4, little: b[0] == UInt8(ascii: "l"))
        let bodyLength = Int(try r.integer(UInt32.self))
        _ = try r.integer(UInt32.self)
        let fieldsLength = Int(try r.integer(UInt32.self))
        let total = (16 + fieldsLength + 7) / 8 * 8 + bodyLength
        guard bodyLength <= limit, fieldsLength <= limit, total <= limit else {
            throw DBusFormatError("a message of \(total) bytes is larger than this client reads")
        }
        return total
    }

    /// Decodes one whole message (exactly `length(of:)` bytes).
    public static func decode(_ bytes: [UInt8]) throws(DBusFormatError) -> DBusMessage {
        guard bytes.count >= 16 else { throw DBusFormatError("a message is cut short") }
        let little = bytes[0] == UInt8(ascii: "l")
        guard let kind = Kind(rawValue: bytes[1]) else {
            throw DBusFormatError("a message of unknown type \(bytes[1])")
        }
        var r = DBusReader(bytes, at: 4, little: little)
        let bodyLength = Int(try r.integer(UInt32.self))
        var m = DBusMessage(kind: kind)
        m.flags = bytes[2]
        m.serial = try r.integer(UInt32.self)
        guard case .array(_, let fields) = try r.read(signature: "a(yv)")[0] else {
            throw DBusFormatError("no header fields")
        }
        var signature = ""
        for f in fields {
            guard case .structure(let pair) = f, case .byte(let code) = pair[0], case .variant(let v) = pair[1] else {
                continue
            }
            switch code {
            case 1: m.path = v.string
            case 2: m.interface = v.string
            case 3: m.member = v.string
            case 4: m.errorName = v.string
            case 5: m.replySerial = v.uint32
            case 6: m.destination = v.string
            case 7: m.sender = v.string
            case 8: signature = v.string ?? ""
            default: break
            }
        }
        try r.pad(8)
        guard r.at + bodyLength == bytes.count else { throw DBusFormatError("a message's body length does not match") }
        var body = DBusReader(Array(bytes[r.at...]), little: little)
        m.body = try body.read(signature: signature)
        return m
    }
}
