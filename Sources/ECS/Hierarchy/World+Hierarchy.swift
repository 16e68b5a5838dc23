extension World {
    // MARK: Relationships

    /// Makes `child` a child of `parent`: adds (or replaces) its ``ChildOf`` and appends it to
    /// the parent's ``Children``, taking it off its previous parent's list.
    ///
    /// ```swift
    /// let ship = try world.spawn(Transform.identity)
    /// let turret = try world.spawn(Transform(x: 0, y: 2))
    /// try world.setParent(turret, to: ship)
    /// try world.destroy(ship)  // destroys the turret too
    /// ```
    /// Destroying a parent destroys its children, recursively; removing a child's
    /// ``ChildOf`` or destroying it takes it off its parent's list. The first call registers
    /// the hooks that keep the lists right, so from then on the world takes its observed
    /// paths (see ``observe(_:_:_:)``).
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive,
    ///   ``ECSError/Code-swift.enum/cycle`` when `parent` is `child` or one of its descendants,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a loop (use
    ///   ``Commands/setParent(_:to:)`` there).
    public func setParent(_ child: Entity, to parent: Entity) throws(ECSError) {
        try checkStructuralChange()
        _ = try location(of: child)
        _ = try location(of: parent)
        var ancestor: Entity? = parent
        while let next = ancestor {
            if next == child {
                throw ECSError(.cycle, "making \(parent) the parent of \(child) would make \(child) its own ancestor")
            }
            ancestor = try self.parent(of: next)
        }
        let previous = try self.parent(of: child)
        if previous == parent { return }
        try enableHierarchy()
        if let previous { detach(child, from: previous) }
        try insert(ChildOf(parent: parent), into: child)
        if has(Children.self, parent) {
            // SAFETY: the parent is alive and has a `Children` value, written at once.
            try unsafe pointer(to: Children.self, of: parent, writing: true).pointee.entities.append(child)
        } else {
            try insert(Children(entities: [child]), into: parent)
        }
        hierarchyVersion &+= 1
    }

    /// Detaches `child` from its parent, if it has one: removes its ``ChildOf`` and takes it
    /// off the parent's ``Children``. The child and its own children stay alive.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a loop.
    public func removeParent(_ child: Entity) throws(ECSError) {
        try checkStructuralChange()
        guard try parent(of: child) != nil else { return }
        try remove(ChildOf.self, from: child)
    }

    /// The parent of `entity`, or nil for an entity without one.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive.
    public func parent(of entity: Entity) throws(ECSError) -> Entity? {
        _ = try location(of: entity)
        return has(ChildOf.self, entity) ? try get(ChildOf.self, of: entity).parent : nil
    }

    /// The children of `entity` in the order they were attached (empty for none).
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive.
    public func children(of entity: Entity) throws(ECSError) -> [Entity] {
        _ = try location(of: entity)
        return has(Children.self, entity) ? try get(Children.self, of: entity).entities : []
    }

    /// The entities that have children but no parent, by entity index.
    public func roots() -> [Entity] {
        guard let children = componentID(ObjectIdentifier(Children.self)) else { return [] }
        let childOf = componentID(ObjectIdentifier(ChildOf.self))
        fillPendingHole()
        var roots: [Entity] = []
        for table in tables {
            // SAFETY: a table's storage is valid while the table (held by `tables`) lives, and
            // rows `0..<aliveCount` hold live entities (no destroy's row is pending).
            let storage = unsafe table.storage
            guard unsafe storage.pointee.columnIndex(of: children) != nil else { continue }
            if let childOf, unsafe storage.pointee.columnIndex(of: childOf) != nil { continue }
            for row in unsafe 0..<storage.pointee.aliveCount { roots.append(unsafe storage.pointee.entity(at: row)) }
        }
        return roots.sorted { $0.index < $1.index }
    }

    // MARK: Traversal

    /// Visits `start` (depth 0) and its descendants, or, when `start` is nil, every root (by
    /// entity index) with its descendants; each parent before its children, in `order`.
    ///
    /// ```swift
    /// try world.traverse(.breadthFirst) { entity, depth in print(depth, entity) }
    /// ```
    /// `body` may read the world; structural changes inside it are rejected.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for a `start` that is not alive, and
    ///   what `body` throws.
    public func traverse(_ order: TraversalOrder = .depthFirst, from start: Entity? = nil, _ body: (Entity, _ depth: Int) throws -> Void) throws {
        var starts = roots()
        if let start {
            _ = try location(of: start)
            starts = [start]
        }
        try withCallbackGuard { () throws -> Void in
            for root in starts {
                switch order {
                case .depthFirst:
                    var stack: [(Entity, Int)] = [(root, 0)]
                    while let (entity, depth) = stack.popLast() {
                        try body(entity, depth)
                        for child in try children(of: entity).reversed() { stack.append((child, depth + 1)) }
                    }
                case .breadthFirst:
                    var level: [(Entity, Int)] = [(root, 0)]
                    var next = 0
                    while next < level.count {
                        let (entity, depth) = level[next]
                        next += 1
                        try body(entity, depth)
                        for child in try children(of: entity) { level.append((child, depth + 1)) }
                    }
                }
            }
        }
    }

    /// Destroys `entity` and every descendant, children before their parents.
    /// - Throws: ``ECSError/Code-swift.enum/staleEntity`` for an entity that is not alive,
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a loop.
    public func destroyRecursively(_ entity: Entity) throws(ECSError) {
        try checkStructuralChange()
        _ = try location(of: entity)
        try destroySubtrees([entity])
    }

    // MARK: Bookkeeping

    /// Destroys the live entities of `roots` and their descendants, children first.
    func destroySubtrees(_ roots: [Entity]) throws(ECSError) {
        var order: [Entity] = []
        var stack = roots.filter(isAlive)
        while let entity = stack.popLast() {
            order.append(entity)
            stack.append(contentsOf: try children(of: entity).filter(isAlive))
        }
        for entity in order.reversed() where isAlive(entity) { try destroy(entity) }
    }

    /// Takes `child` off `parent`'s ``Children`` list; a parent left with none loses the
    /// component (at once, or through `commands` inside a callback).
    func detach(_ child: Entity, from parent: Entity, commands: Commands? = nil) {
        guard isAlive(parent), has(Children.self, parent) else { return }
        hierarchyVersion &+= 1
        // SAFETY: the parent is alive and has a `Children` value, written at once; only the
        // list changes, so no row moves.
        guard let list = try? unsafe pointer(to: Children.self, of: parent, writing: true) else { return }
        unsafe list.pointee.entities.removeAll { $0 == child }
        guard unsafe list.pointee.entities.isEmpty else { return }
        guard let commands else {
            // Cannot throw: the parent is alive, has the component, and no loop runs (the
            // caller checked).
            try? remove(Children.self, from: parent)
            return
        }
        commands.run { world throws(ECSError) in
            if world.isAlive(parent), world.has(Children.self, parent), try world.get(Children.self, of: parent).entities.isEmpty {
                try world.remove(Children.self, from: parent)
            }
        }
    }

    /// Registers the hooks that keep ``Children`` lists right, once.
    private func enableHierarchy() throws(ECSError) {
        guard unsafe !storage.pointee.isHierarchyEnabled else { return }
        // A child losing its parent link (removed, or destroyed) leaves its parent's list.
        try setHook(.remove, for: ChildOf.self) { trigger in
            trigger.world.detach(trigger.entity, from: trigger.value.parent, commands: trigger.commands)
        }
        // A parent losing its list: destroyed, its children go too; otherwise they are orphaned.
        try setHook(.remove, for: Children.self) { trigger in
            let parent = trigger.entity
            let children = trigger.value.entities
            guard !children.isEmpty else { return }
            trigger.world.hierarchyVersion &+= 1
            trigger.commands.run { world throws(ECSError) in
                if world.isAlive(parent) {
                    for child in children where world.isAlive(child) {
                        if try world.parent(of: child) == parent { try world.remove(ChildOf.self, from: child) }
                    }
                } else {
                    try world.destroySubtrees(children)
                }
            }
        }
        unsafe storage.pointee.isHierarchyEnabled = true
    }
}

extension World {
    /// Bumped by every change to a parent or a children list, so that a cached walk
    /// (``ParentFirstPropagation``) knows to rebuild.
    var hierarchyVersion: UInt64 {
        // SAFETY: `storage` is valid for the world's lifetime; only the thread holding the
        // world exclusively changes the hierarchy.
        get { unsafe storage.pointee.hierarchyVersion }
        set { unsafe storage.pointee.hierarchyVersion = newValue }
    }
}
