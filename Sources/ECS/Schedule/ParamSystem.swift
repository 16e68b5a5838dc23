/// A system whose body takes typed parameters (``SystemParam``): its access is the union of
/// what the parameters declare, and each run fetches the parameters and calls the body.
final class ParamSystem<each P: SystemParam>: System {
    /// Name used in diagnostics and errors.
    let name: String
    /// The access the parameters declare.
    let access: SystemAccess
    private let states: (repeat (each P).State)
    private let body: @Sendable (repeat each P) throws -> Void

    /// A system named `name` over `world` running `body`.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when two parameters name one
    ///   type and one of them writes it; the errors of making a parameter's state (a query that
    ///   cannot be built).
    init(_ name: String, world: World, _ body: @escaping @Sendable (repeat each P) throws -> Void) throws(ECSError) {
        var access = SystemAccess()
        repeat try (each P).declare(in: &access, system: name)
        self.name = name
        self.access = access
        states = (repeat try (each P).makeState(world))
        self.body = body
    }

    /// Fetches the parameters and runs the body.
    func run(_ context: SystemContext) throws {
        try body(repeat try (each P).fetch(each states, context))
    }
}
