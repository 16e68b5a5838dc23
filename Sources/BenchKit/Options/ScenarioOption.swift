/// A command-line option a scenario declares: its name, what it accepts, its default and its
/// help. `bench` (and every ``BenchMain`` tool) parses, checks, lists in `--help` and records
/// in the result file every declared option from this one declaration.
///
/// ```swift
/// ScenarioOption.integer("bodies", default: 10_000, range: 1...1_000_000, help: "Rigid bodies per frame.")
/// ```
public struct ScenarioOption: Sendable, Equatable {
    /// What an option accepts.
    public enum Kind: Sendable, Equatable {
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// A finite number in a range.
        case number(ClosedRange<Double>)
        /// A flag without a value; present means true.
        case flag
        /// One of the listed words.
        case choice([String])
        /// Any text.
        case text
        /// Text, repeatable; the values are kept in order.
        case texts
    }

    /// The option's name without dashes: `boards` is given as `--boards 100`.
    public let name: String
    /// What the option accepts.
    public let kind: Kind
    /// The value when the option is not given; nil leaves it unset.
    public let defaultValue: OptionValue?
    /// One line for `--help`.
    public let help: String

    /// An option of `kind` named `name`.
    public init(_ name: String, kind: Kind, default defaultValue: OptionValue?, help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }

    /// A whole number in `range`; without `default`, unset unless given.
    public static func integer(_ name: String, default value: Int? = nil, range: ClosedRange<Int>, help: String) -> Self {
        Self(name, kind: .integer(range), default: value.map(OptionValue.integer), help: help)
    }

    /// A finite number in `range`; without `default`, unset unless given.
    public static func number(
        _ name: String, default value: Double? = nil, range: ClosedRange<Double>, help: String
    ) -> Self {
        Self(name, kind: .number(range), default: value.map(OptionValue.number), help: help)
    }

    /// A flag, false unless given.
    public static func flag(_ name: String, help: String) -> Self {
        Self(name, kind: .flag, default: .flag(false), help: help)
    }

    /// One of `choices`; without `default`, unset unless given.
    public static func choice(_ name: String, _ choices: [String], default value: String? = nil, help: String) -> Self {
        Self(name, kind: .choice(choices), default: value.map(OptionValue.text), help: help)
    }

    /// Any text; without `default`, unset unless given.
    public static func text(_ name: String, default value: String? = nil, help: String) -> Self {
        Self(name, kind: .text, default: value.map(OptionValue.text), help: help)
    }

    /// Repeatable text, empty unless given.
    public static func texts(_ name: String, help: String) -> Self {
        Self(name, kind: .texts, default: .texts([]), help: help)
    }

    /// What the option accepts, for `--help`: `1...100000, default 1000`.
    var accepts: String {
        let values: String? =
            switch kind {
            case .integer(let range): "\(range.lowerBound)...\(range.upperBound)"
            case .number(let range): "\(range.lowerBound)...\(range.upperBound)"
            case .flag: nil
            case .choice(let choices): choices.joined(separator: ", ")
            case .text: nil
            case .texts: "repeatable"
            }
        let fallback: String? =
            switch (kind, defaultValue) {
            case (.flag, _), (.texts, _), (_, nil): nil
            case (_, let value?): "default \(value.argumentText)"
            }
        return [values, fallback].compactMap { $0 }.joined(separator: "; ")
    }

    /// `value` (the text after the option) checked against the kind; `option` names the
    /// option in the message.
    func parse(_ value: String) throws(BenchError) -> OptionValue {
        let option = "--\(name)"
        switch kind {
        case .integer(let range):
            guard let number = Int(value) else {
                throw BenchError.invalidArgument("\(option) needs a whole number, got '\(value)'")
            }
            guard range.contains(number) else {
                throw BenchError.invalidArgument("\(option) must be in \(range.lowerBound)...\(range.upperBound), got \(number)")
            }
            return .integer(number)
        case .number(let range):
            guard let number = Double(value), number.isFinite else {
                throw BenchError.invalidArgument("\(option) needs a finite number, got '\(value)'")
            }
            guard range.contains(number) else {
                throw BenchError.invalidArgument("\(option) must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
            }
            return .number(number)
        case .flag:
            return .flag(true)
        case .choice(let choices):
            guard choices.contains(value) else {
                throw BenchError.invalidArgument("\(option) must be one of \(choices.joined(separator: ", ")), got '\(value)'")
            }
            return .text(value)
        case .text:
            return .text(value)
        case .texts:
            return .texts([value])
        }
    }
}
