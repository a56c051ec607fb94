import Glibc

/// The terminal a live view (`tminus board`) draws on: keys read one at a time without echo,
/// the alternate screen, its width; everything put back as it was on `restore`.
public final class Terminal {
    var saved = termios()
    var raw = false

    /// A terminal not yet entered (nothing changes until `enter`).
    public init() {}

    /// Whether standard input and output are a terminal.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Its width in columns (80 when it cannot say).
    public static var width: Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Keys without Enter and without echo, the alternate screen, no cursor.
    public func enter() {
        if tcgetattr(0, &saved) == 0 {
            var t = saved
            t.c_lflag &= ~tcflag_t(ICANON | ECHO)
            raw = tcsetattr(0, TCSANOW, &t) == 0
        }
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Shows the cursor, leaves the alternate screen and puts the saved input mode back.
    public func restore() {
        write("\u{1B}[?25h\u{1B}[?1049l")
        if raw { _ = tcsetattr(0, TCSANOW, &saved) }
        raw = false
    }

    /// Clears the screen and draws `lines`.
    public func draw(_ lines: [String]) {
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    /// A key pressed within `milliseconds` (nil: none; 0: end of input).
    public func key(within milliseconds: Int32) -> UInt8? {
        var fd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fd, 1, max(0, milliseconds)) > 0 else { return nil }
        var byte: UInt8 = 0
        return read(0, &byte, 1) == 1 ? byte : 0
    }

    func write(_ s: String) {
        var bytes = Array(s.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { if errno == EINTR { continue }; return }
            done += n
        }
    }
}
