import Foundation

/// The scenarios a `bench` tool can run: those of the default run, in order, and those that run
/// only when named.
public struct ScenarioRegistry: Sendable {
    /// One registered scenario.
    public typealias Entry = Scenario

    /// The registry of `scenarios` (the default run, in order), `onDemand` (run only when
    /// named with `--scenario`), `options` that every scenario accepts (the tool reads them in
    /// ``BenchSuite/prepare(_:)``) and `validate`, which rejects settings the tool cannot run
    /// with before anything is measured.
    public init(
        _ scenarios: [Scenario], onDemand: [Scenario] = [], options: [ScenarioOption] = [],
        validate: @escaping @Sendable (RunSettings) throws -> Void = { _ in }
    ) {
        entries = scenarios
        self.onDemand = onDemand
        suiteOptions = options
        self.validate = validate
    }

    /// Options every scenario accepts.
    public let suiteOptions: [ScenarioOption]
    /// Rejects settings the tool cannot run with.
    let validate: @Sendable (RunSettings) throws -> Void

    /// The registered scenarios, in run order.
    public let entries: [Entry]
    /// Scenarios that run only when named, outside the default set that CI and a plain run
    /// measure.
    public var onDemand: [Entry] = []

    /// The names of all scenarios, in run order.
    public var names: [String] { entries.map(\.name) }

    /// The registered scenarios whose size follows a count, in run order (on-demand ones
    /// last): the ones `bench capacity` can search.
    var scalable: [Entry] { (entries + onDemand).filter { $0.capacity != nil } }

    /// Every option a scenario declares, once each (the first declaration of a name), in
    /// registration order.
    var declaredOptions: [ScenarioOption] {
        var seen: Set<String> = []
        return (suiteOptions + (entries + onDemand).flatMap(\.options)).filter { seen.insert($0.name).inserted }
    }

    /// The names of the scenarios that read option `name`, or "every scenario" for a suite
    /// option.
    func readers(of name: String) -> [String] {
        guard !suiteOptions.contains(where: { $0.name == name }) else { return ["every scenario"] }
        return (entries + onDemand).filter { $0.options.contains { $0.name == name } }.map(\.name)
    }

    /// The options of `selected` for a run: each given in `arguments` (the command line's
    /// unrecognised arguments, `--name value`, `--name=value` or a flag's `--name`), else its
    /// default. Throws ``BenchError/invalidArgument(_:)`` for an argument that is not an
    /// option, an option no scenario declares or none of `selected` reads, a missing or bad
    /// value.
    func options(for selected: [Entry], arguments: [String]) throws -> [String: OptionValue] {
        let declared = declaredOptions
        let used = Set((suiteOptions + selected.flatMap(\.options)).map(\.name))
        var given: [String: OptionValue] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw BenchError.invalidArgument("unexpected argument '\(argument)'")
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            guard let option = declared.first(where: { $0.name == name }) else {
                throw BenchError.invalidArgument("unknown option '--\(name)'")
            }
            guard used.contains(name) else {
                throw BenchError.invalidArgument(
                    "--\(name) is an option of \(readers(of: name).joined(separator: ", ")), which this run does not select")
            }
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            let value: OptionValue
            if option.kind == .flag {
                guard inline == nil else { throw BenchError.invalidArgument("--\(name) is a flag and takes no value") }
                value = .flag(true)
            } else if let inline {
                value = try option.parse(inline)
            } else {
                guard index < arguments.count else { throw BenchError.invalidArgument("--\(name) needs a value") }
                value = try option.parse(arguments[index])
                index += 1
            }
            if case .texts(let values) = value, case .texts(let earlier) = given[name] {
                given[name] = .texts(earlier + values)
            } else {
                given[name] = value
            }
        }
        var options: [String: OptionValue] = [:]
        for option in declared where used.contains(option.name) {
            options[option.name] = given[option.name] ?? option.defaultValue
        }
        return options
    }

    /// The names `select` accepts: `names`, then the on-demand scenarios.
    var selectableNames: [String] { names + onDemand.map(\.name) }

    /// The scenarios named in `selection` (a comma-separated list; blanks around and between
    /// the names are ignored), or all of `entries` when nil. Throws
    /// `BenchError.invalidArgument` listing the valid names for a list that names nothing (`""`,
    /// `","`, `" "`; the message names `option`), and `BenchError.unknownScenario` for a name
    /// that is not registered.
    func select(_ selection: String?, option: String = "--scenario") throws -> [Entry] {
        guard let selection else { return entries }
        let names = Self.names(in: selection)
        guard !names.isEmpty else {
            throw BenchError.invalidArgument(
                "\(option) names no scenario (got '\(selection)'); choose from \(selectableNames.joined(separator: ", "))")
        }
        return try names.map { name in
            guard let entry = (entries + onDemand).first(where: { $0.name == name }) else {
                throw BenchError.unknownScenario(name, known: selectableNames)
            }
            return entry
        }
    }

    /// The names of a comma-separated list, trimmed, without the empty ones.
    package static func names(in list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
