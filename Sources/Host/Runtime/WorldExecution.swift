/// Where a host's worlds run their frames and actions.
///
/// ``inline`` runs an action on the caller's thread and a frame on the clock's timer, the
/// world's lock keeping them apart: nothing switches threads, so an in-process action answers
/// without suspending, and a long action holds its caller. ``isolated(actionBudget:)`` gives
/// every world a serial queue of its own for its frames and actions, so a slow world slows
/// only itself, and answers an action that runs past its budget with `world` `action_timeout`.
/// A server that serves sockets from a few event loops, such as `ecs-host`, isolates.
public struct WorldExecution: Sendable, Equatable {
    /// How long an isolated world's action may run before its caller is answered with
    /// `action_timeout`; nil for ``inline``.
    public let actionBudget: Duration?

    /// Frames and actions on the threads that start them.
    public static let inline = WorldExecution(actionBudget: nil)

    /// The action budget of ``isolated(actionBudget:)`` unless told: 250 ms, 15 frames at
    /// 60 frames per second, far beyond any example action and past the scheduling stalls a
    /// loaded two-core machine shows.
    public static let defaultActionBudget: Duration = .milliseconds(250)

    /// Each world's frames and actions run in order on a serial queue of its own.
    ///
    /// An action not answered `actionBudget` after it was queued (its wait behind the world's
    /// earlier work included) is answered with `world` `action_timeout`. One still waiting its
    /// turn then never runs. Swift cannot stop a running closure, so one that began runs to its
    /// end on the world's queue, its result dropped and its events delivered; the world's later
    /// frames and actions wait for it, and the other worlds do not.
    /// - Throws: `ActorError` `config_error` for a budget outside 1 ms...3600 s.
    public static func isolated(actionBudget: Duration = defaultActionBudget) throws(ActorError) -> WorldExecution {
        guard actionBudget >= .milliseconds(1), actionBudget <= .seconds(3600) else {
            throw .configError("the action budget must be 0.001...3600 s (got \(actionBudget))")
        }
        return WorldExecution(actionBudget: actionBudget)
    }

    private init(actionBudget: Duration?) {
        self.actionBudget = actionBudget
    }
}
