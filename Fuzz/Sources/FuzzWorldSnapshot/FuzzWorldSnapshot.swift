import ECS

/// The schema of the seeds: `Place` (binary fields), `Tag` (JSON text) and the sparse `Dose`.
/// `SnapshotFixtures.swift` is the tests' own file, linked here.
let schema = try! SnapshotFixtures.schema()
/// A valid snapshot that a world a load refused must still take.
let good = try! schema.save(try! SnapshotFixtures.busyWorld().world)

/// libFuzzer entry point: the input is a world snapshot, read as binary, as binary with its
/// checksum repaired (so that the fuzzer reaches the parser behind the checksum) and as JSON.
/// Each load either throws `corrupt_snapshot` and leaves the world without entities (it then
/// still loads a good snapshot), or loads a world whose entity count matches its live slots
/// and which saves to a snapshot that loads back and saves to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorldSnapshot(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    check(bytes, as: .binary)
    if bytes.count >= 8 {
        let body = Array(bytes.dropLast(8))
        check(body + withUnsafeBytes(of: SnapshotChecksum.of(body).littleEndian, Array.init), as: .binary)
    }
    check(bytes, as: .json)
    return 0
}

/// Loads `bytes` as `encoding` and checks the outcome (see ``fuzzWorldSnapshot(_:_:)``).
func check(_ bytes: [UInt8], as encoding: SnapshotEncoding) {
    let world = World()
    do {
        try schema.load(bytes, as: encoding, into: world)
    } catch {
        precondition(error.code == .corruptSnapshot, "load threw \(error)")
        precondition(world.entityCount == 0, "a refused load left \(world.entityCount) entities")
        precondition((try? schema.load(good, into: world)) != nil, "a refused load left a world that cannot load")
        return
    }
    let saved: [UInt8]
    do {
        saved = try schema.save(world)
    } catch {
        preconditionFailure("a loaded world does not save: \(error)")
    }
    let again = World()
    precondition((try? schema.load(saved, into: again)) != nil, "a loaded world's snapshot does not load")
    precondition(again.entityCount == world.entityCount, "entity count changed in a round trip")
    precondition((try? schema.save(again)) == saved, "save -> load -> save changed the snapshot")
}
