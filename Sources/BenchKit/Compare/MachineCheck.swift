/// Whether two runs were measured on the same kind of machine, judged by CPU model: CPU times
/// from different processors differ for reasons no code change explains.
enum MachineCheck {
    /// One phrase naming the two CPU models when they differ, nil when they are the same.
    static func difference(_ baseline: Environment, _ candidate: Environment) -> String? {
        guard baseline.cpuModel != candidate.cpuModel else { return nil }
        return "measured on different CPUs ('\(baseline.cpuModel)' and '\(candidate.cpuModel)')"
    }
}
