/// The scenario options of a registry as `--help` lists them.
enum ScenarioOptionHelp {
    /// A line per option, after a heading: `--boards <integer>`, what it accepts and its
    /// default, its help and the scenarios that read it; empty when no scenario declares one.
    static func text(_ registry: ScenarioRegistry) -> String {
        let options = registry.declaredOptions
        guard !options.isEmpty else { return "" }
        let lines = options.map { option -> String in
            let value: String =
                switch option.kind {
                case .integer: " <integer>"
                case .number: " <number>"
                case .flag: ""
                case .choice, .text, .texts: " <\(option.name)>"
                }
            let accepts = option.accepts.isEmpty ? "" : " (\(option.accepts))"
            return "--\(option.name)\(value)\(accepts): \(option.help) Read by \(registry.readers(of: option.name).joined(separator: ", "))."
        }
        return "\n\nScenario options:\n" + lines.joined(separator: "\n")
    }
}
