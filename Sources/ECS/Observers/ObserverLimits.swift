/// Bounds on the chain of changes observers make in reaction to one change.
///
/// A change fires observers; the commands they record are applied as the next round, whose
/// changes may fire observers again. A chain that is still going after ``rounds`` rounds, or
/// that has applied more than ``commands`` commands, does not settle: the world stops it with
/// ``ECSError/Code-swift.enum/observerLimit`` and drops the commands still recorded.
public struct ObserverLimits: Sendable, Equatable {
    /// The most rounds of observer commands one change may cause.
    public var rounds: Int
    /// The most observer commands one change may cause, over all rounds.
    public var commands: Int

    /// 1,024 rounds and 1,048,576 commands: room for any reasonable cascade (a hierarchy's
    /// recursive destroy takes two rounds and one command per subtree), while a runaway chain
    /// stops in well under a second.
    public static let standard = ObserverLimits(rounds: 1024, commands: 1 << 20)

    /// Limits of `rounds` rounds and `commands` commands (each at least 1, which
    /// ``World/observerLimits`` checks).
    public init(rounds: Int, commands: Int) {
        self.rounds = rounds
        self.commands = commands
    }
}
