import Foundation

/// The file each input is written to: `bench history` and `bench compare` read result files
/// by path, so the input goes through the very same loading, file read included.
private let inputPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-result-file-\(ProcessInfo.processInfo.processIdentifier).json").path

/// libFuzzer entry point: the input is a result file given to `bench history` (and so to
/// `bench compare`, whose check it shares). Loading must either return runs or throw
/// `BenchError.unreadableResult` naming the file; a run that loads must be written and read
/// back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? Data() : Data(bytes: data!, count: size)
    let runs: [RunResult]
    do {
        try bytes.write(to: URL(fileURLWithPath: inputPath))
        runs = try HistoryInput.load([inputPath])
    } catch BenchError.unreadableResult(let path, let reason) {
        precondition(path == inputPath && !reason.isEmpty, "the error names \(path): '\(reason)'")
        return 0
    } catch {
        preconditionFailure("loading threw \(error), not BenchError.unreadableResult")
    }
    precondition(runs.count == 1, "one file loaded as \(runs.count) runs")
    do {
        try ResultCoding.encode(runs[0]).write(to: URL(fileURLWithPath: inputPath))
        let again = try HistoryInput.load([inputPath])
        precondition(again == runs, "a loaded run changed when written and read back")
    } catch {
        preconditionFailure("a loaded run cannot be written and read back: \(error)")
    }
    return 0
}
