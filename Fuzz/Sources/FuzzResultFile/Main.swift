import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzResultFile(_:_:)``.
@_cdecl("FuzzResultFile_main")
func fuzzResultFileMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzResultFile)
}
