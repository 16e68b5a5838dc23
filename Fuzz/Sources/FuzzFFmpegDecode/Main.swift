import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzFFmpegDecode(_:_:)``.
@_cdecl("FuzzFFmpegDecode_main")
func fuzzFFmpegDecodeMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzFFmpegDecode)
}
