/// Times as the screen shows them: `m:ss`, or `h:mm:ss` from an hour on.
enum ClockText {
    /// `seconds`, rounded down to whole seconds; negative, NaN and infinite times show as `0:00`.
    static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let whole = Int(min(seconds, 359_999))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
