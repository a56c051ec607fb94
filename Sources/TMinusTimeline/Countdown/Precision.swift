/// How fine the countdown is. `auto`: days and hours while a day or more is left, hours and
/// minutes under a day, minutes and seconds in the last hour. The precision also decides how
/// dense the timeline's entries are.
public enum Precision: String, CaseIterable, Sendable {
    case auto, seconds, minutes, hours, days
}
