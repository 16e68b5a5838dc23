/// The value of a scenario option in a run's settings and result file.
public enum OptionValue: Codable, Equatable, Sendable {
    /// A whole number (`--boards 100`).
    case integer(Int)
    /// A number (`--gain 0.5`).
    case number(Double)
    /// A flag that was given (`--stream`).
    case flag(Bool)
    /// One word of text (`--mode fast`).
    case text(String)
    /// A repeatable option's values, in order (`--audio-file a.wav --audio-file b.wav`).
    case texts([String])

    /// Encodes as the plain JSON value: a number, a Boolean, a string or an array of strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .flag(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .texts(let values): try container.encode(values)
        }
    }

    /// Decodes the plain JSON value `encode(to:)` writes; a whole number is an integer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .flag(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else {
            self = .texts(try container.decode([String].self))
        }
    }

    /// The value as the command line writes it.
    var argumentText: String {
        switch self {
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .flag(let value): String(value)
        case .text(let value): value
        case .texts(let values): values.joined(separator: ",")
        }
    }
}
