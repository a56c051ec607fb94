/// Decimal numbers written straight into bytes: the poll path writes them by the hundred (a
/// kept hour's outputs, a countdown's fields), and a String per number costs an allocation, a
/// copy and, in an interpolation, a protocol call.
public enum Digits {
    /// `n` in decimal, zero-padded to at least `width` digits (after a `-`), appended to `out`.
    public static func write(_ n: Int64, width: Int = 1, into out: inout [UInt8]) {
        if n < 0 { out.append(0x2D) }
        var m = n.magnitude
        // From the last digit, into a buffer on the stack, appended at once (a digit appended at a
        // time, each found by a division by its power of ten, cost a keeping run 330 instructions
        // a number, 240 numbers).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(truncatingIfNeeded: 0x30 + m % 10)
                m /= 10
            } while m > 0
            if width > 20 - i { out.append(contentsOf: repeatElement(0x30, count: width - (20 - i))) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    /// The same as a String.
    public static func text(_ n: Int64, width: Int = 1) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(max(width, 20) + 1)
        write(n, width: width, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
