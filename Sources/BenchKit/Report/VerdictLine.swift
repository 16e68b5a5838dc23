/// The one line that ends the terminal report: `verdict: pass (9/9)`,
/// `verdict: FAIL: confetti (p99 CPU 20.10 ms > 16.67 ms), cache (min speedup 150x < 180x; …)`
/// naming every failing scenario, or `verdict: not_judged (9/9: <reason>)`.
enum VerdictLine {
    /// The verdict line of `run`; each failing scenario is followed by the summaries of its
    /// judged figures, failing first (its reason when it has none, as in older files). When that does not fit `maxWidth`, only the names are listed
    /// (all of them, even if they do not fit), and a not-judged reason is cut with "…".
    static func of(_ run: RunResult, maxWidth: Int? = nil) -> String {
        let scenarios = run.scenarios
        switch run.verdict {
        case .pass:
            let passed = scenarios.filter { $0.verdict == .pass }.count
            return "verdict: pass (\(passed)/\(scenarios.count))"
        case .notJudged:
            let unjudged = scenarios.filter { $0.verdict == .notJudged }
            let head = "verdict: not_judged (\(unjudged.count)/\(scenarios.count): "
            var reason = unjudged.first?.reason ?? "not judged"
            if let maxWidth, head.count + reason.count + 1 > maxWidth {
                reason = String(reason.prefix(max(1, maxWidth - head.count - 2))) + "…"
            }
            return head + reason + ")"
        case .fail:
            let failed = scenarios.filter { $0.verdict == .fail }
            let detailed = "verdict: FAIL: " + failed.map {
                "\($0.name) (\(JudgedFigure.summary(of: $0.judged) ?? $0.reason))"
            }.joined(separator: ", ")
            guard let maxWidth, detailed.count > maxWidth else { return detailed }
            return "verdict: FAIL: " + failed.map(\.name).joined(separator: ", ")
        }
    }
}
