import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzWorldSnapshot(_:_:)``.
@_cdecl("FuzzWorldSnapshot_main")
func fuzzWorldSnapshotMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzWorldSnapshot)
}
