#if RemoteHost
/// The bearer-token check of an upgrade request.
enum BearerToken {
    /// Whether the `Authorization` header value `header` is `Bearer <expected>`, compared in
    /// time that depends on the lengths only, never on where the first difference is.
    static func matches(header: String?, expected: String) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let offered = Array(header.utf8.dropFirst("Bearer ".utf8.count))
        let wanted = Array(expected.utf8)
        var difference = UInt8(truncatingIfNeeded: offered.count ^ wanted.count)
        if offered.count != wanted.count { difference |= 1 }
        for index in wanted.indices {
            let byte = index < offered.count ? offered[index] : 0
            difference |= byte ^ wanted[index]
        }
        return difference == 0
    }
}
#endif
