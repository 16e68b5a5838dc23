import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzPNGDecode(_:_:)``.
@_cdecl("FuzzPNGDecode_main")
func fuzzPNGDecodeMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzPNGDecode)
}
