/// How a time of day is written: `17:45` or `5:45 PM` (config `clock`).
public enum ClockStyle: String, CaseIterable, Sendable {
    case h24 = "24h"
    case h12 = "12h"
}
