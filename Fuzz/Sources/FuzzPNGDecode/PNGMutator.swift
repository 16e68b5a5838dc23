import FuzzerDriver

/// libFuzzer's custom mutator for PNG streams: libFuzzer's own mutation, followed on every
/// other call (chosen by `seed`) by ``PNGChunkRepair/repair(_:)``, so that both the chunk
/// parsers and the checksum checks keep being reached.
@_cdecl("LLVMFuzzerCustomMutator")
public func mutatePNG(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    let mutatedSize = LLVMFuzzerMutate(data, size, maxSize)
    guard seed & 1 == 0, let data, mutatedSize > 0 else { return mutatedSize }
    let buffer = UnsafeMutableBufferPointer(start: data, count: mutatedSize)
    var bytes = Array(buffer)
    PNGChunkRepair.repair(&bytes)
    _ = buffer.update(fromContentsOf: bytes)
    return mutatedSize
}
