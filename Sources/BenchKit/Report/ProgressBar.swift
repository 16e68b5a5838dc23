#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, redrawn in place.
///
/// It renders into a buffer allocated once, so updating it between measured frames does not
/// allocate.
package final class ProgressBar {
    private let width = 30
    private var line: [UInt8]
    private let label: [UInt8]

    /// A bar for `label`, or nil when standard error is not a terminal or `quiet` is set.
    package init?(label: String, quiet: Bool) {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = Array(label.utf8.prefix(40))
        line = [UInt8](repeating: 0, count: 64 + width)
    }

    /// Redraws the bar at `completed` of `total`.
    package func update(completed: Int, total: Int) {
        let filled = total > 0 ? min(width, completed * width / total) : width
        var count = 0
        func put(_ byte: UInt8) {
            line[count] = byte
            count += 1
        }
        put(13)  // carriage return
        for byte in label { put(byte) }
        put(32)
        put(91)  // [
        for column in 0..<width { put(column < filled ? 35 : 46) }  // # or .
        put(93)  // ]
        put(32)
        let percent = total > 0 ? min(100, completed * 100 / total) : 100
        if percent >= 100 { put(49) }
        if percent >= 10 { put(UInt8(48 + (percent / 10) % 10)) }
        put(UInt8(48 + percent % 10))
        put(37)  // %
        line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, count) }
    }

    /// Clears the bar's line.
    package func finish() {
        let blank = "\r" + String(repeating: " ", count: label.count + width + 10) + "\r"
        _ = blank.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
