/// A typed system parameter: a copy of the resource `R`, read when the system starts.
public struct Res<R>: SystemParam {
    /// The resource's value.
    public let value: R

    /// Nothing kept between runs.
    public typealias State = Void

    /// Reads `R`.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {
        try access.add(R.self, writing: false, system: system)
    }

    /// Nothing to make.
    public static func makeState(_ world: World) throws(ECSError) {}

    /// The value now.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource`` when the world has no `R`.
    public static func fetch(_ state: Void, _ context: SystemContext) throws(ECSError) -> Res<R> {
        Res(value: try context.world.resources.get(R.self))
    }
}

/// A typed system parameter: the resource `R`, read and written in place.
public struct ResMut<R>: SystemParam {
    private let slot: ResourceSlot<R>

    /// The resource's value; assigning stores it in the world, and a mutation through it (a
    /// drawing on a canvas resource) changes the stored value in place, without a copy.
    public var value: R {
        get { slot.value }
        nonmutating _modify { yield &slot.value }
        nonmutating set { slot.value = newValue }
    }

    /// Nothing kept between runs.
    public typealias State = Void

    /// Writes `R`.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {
        try access.add(R.self, writing: true, system: system)
    }

    /// Nothing to make.
    public static func makeState(_ world: World) throws(ECSError) {}

    /// The resource's slot; the system's declared write keeps every other system off it while
    /// the system runs.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource`` when the world has no `R`.
    public static func fetch(_ state: Void, _ context: SystemContext) throws(ECSError) -> ResMut<R> {
        ResMut(slot: try context.world.resources.slot(R.self, writing: true))
    }
}
