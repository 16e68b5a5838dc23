import Platform

/// The strings of a result file read back (`compare`, `history`), made safe to print: each is
/// bounded, and its control characters are escaped, so a file cannot move the terminal's
/// cursor, clear it, recolour it or forge lines of the report.
enum PrintableText {
    /// Longest scenario, parameter, metric or system name, in characters.
    static let maxNameLength = 256
    /// Longest other text (a reason, a CPU model, a path), in characters.
    static let maxTextLength = 4_096

    /// A string of a result file longer than its bound.
    struct TooLong: Error, Equatable {
        /// The field, for example `scenarios[2].name`.
        let field: String
        /// Its length in characters.
        let length: Int
        /// Its bound.
        let limit: Int

        /// `scenarios[2].name is 10485760 characters long (at most 256)`.
        var description: String { "\(field) is \(length) characters long (at most \(limit))" }
    }

    /// `text` with its control characters and bidirectional controls escaped
    /// (`TerminalText/escaped(_:)`).
    static func escaped(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    /// `text` escaped, after checking that it has at most `limit` characters.
    /// - Throws: ``TooLong`` naming `field`.
    static func checked(_ text: String, field: @autoclosure () -> String, limit: Int = maxNameLength) throws(TooLong) -> String {
        // Counting stops past the bound: a 10 MB name costs no more than a long one.
        let length = text.unicodeScalars.prefix(limit + 1).count
        guard length <= limit else { throw TooLong(field: field(), length: text.count, limit: limit) }
        return escaped(text)
    }
}

extension RunResult {
    /// This run with every string a report prints bounded and escaped (``PrintableText``).
    /// - Throws: ``PrintableText/TooLong`` naming the first string past its bound.
    func printable() throws(PrintableText.TooLong) -> RunResult {
        var run = self
        let text = PrintableText.maxTextLength
        run.createdAt = try PrintableText.checked(createdAt, field: "created_at", limit: text)
        run.environment.cpuModel = try PrintableText.checked(environment.cpuModel, field: "environment.cpu_model", limit: text)
        run.environment.os = try PrintableText.checked(environment.os, field: "environment.os", limit: text)
        run.environment.swiftVersion = try PrintableText.checked(environment.swiftVersion, field: "environment.swift_version", limit: text)
        run.environment.swiftCompiler = try PrintableText.checked(environment.swiftCompiler, field: "environment.swift_compiler", limit: text)
        run.environment.buildConfiguration = try PrintableText.checked(
            environment.buildConfiguration, field: "environment.build_configuration", limit: text)
        run.environment.commit = try PrintableText.checked(environment.commit, field: "environment.commit", limit: text)
        if let kernels = environment.confettiKernels {
            run.environment.confettiKernels = try PrintableText.checked(kernels, field: "environment.confetti_kernels", limit: text)
        }
        for index in rounds.indices {
            let field = "rounds[\(index)]"
            run.rounds[index].createdAt = try PrintableText.checked(rounds[index].createdAt, field: field + ".created_at", limit: text)
            if let binary = rounds[index].binary {
                run.rounds[index].binary = try PrintableText.checked(binary, field: field + ".binary", limit: text)
            }
        }
        for index in scenarios.indices {
            run.scenarios[index] = try scenarios[index].printable(field: "scenarios[\(index)]")
        }
        return run
    }
}

extension ScenarioResult {
    /// This scenario with its names bounded and escaped; `field` names it in errors.
    fileprivate func printable(field: String) throws(PrintableText.TooLong) -> ScenarioResult {
        var scenario = self
        scenario.name = try PrintableText.checked(name, field: field + ".name")
        scenario.reason = try PrintableText.checked(reason, field: field + ".reason", limit: PrintableText.maxTextLength)
        scenario.params = try Self.printableKeys(params, field: field + ".params")
        scenario.metrics = try Self.printableKeys(metrics, field: field + ".metrics")
        for index in systems.indices {
            scenario.systems[index].name = try PrintableText.checked(systems[index].name, field: field + ".systems[\(index)].name")
        }
        return scenario
    }

    /// `dictionary` with its keys bounded and escaped.
    private static func printableKeys<Value>(_ dictionary: [String: Value], field: String) throws(PrintableText.TooLong) -> [String: Value] {
        var result: [String: Value] = [:]
        for (key, value) in dictionary {
            result[try PrintableText.checked(key, field: field + " key")] = value
        }
        return result
    }
}
