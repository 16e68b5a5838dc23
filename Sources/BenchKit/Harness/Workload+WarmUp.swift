extension Workload {
    /// Runs `frames` unmeasured frames (each after its wait, for a ``PacedWorkload``).
    func warmUp(frames: Int) {
        let paced = self as? any PacedWorkload
        for _ in 0..<frames {
            paced?.awaitNextFrame()
            runFrame()
        }
    }
}
