extension Workload {
    /// Runs `frames` unmeasured frames.
    func warmUp(frames: Int) {
        for _ in 0..<frames {
            runFrame()
        }
    }
}
