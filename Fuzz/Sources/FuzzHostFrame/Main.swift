import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzHostFrame(_:_:)``.
@_cdecl("FuzzHostFrame_main")
func fuzzHostFrameMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzHostFrame)
}
