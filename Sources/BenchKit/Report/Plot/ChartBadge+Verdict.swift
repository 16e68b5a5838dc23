extension ChartBadge {
    /// PASS in green, FAIL in red or NOT JUDGED in grey.
    init(_ verdict: Verdict) {
        switch verdict {
        case .pass: self.init(text: "PASS", color: ChartStyle.pass)
        case .fail: self.init(text: "FAIL", color: ChartStyle.fail)
        case .notJudged: self.init(text: "NOT JUDGED", color: ChartStyle.neutral)
        }
    }
}
