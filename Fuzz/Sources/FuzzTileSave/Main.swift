import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzTileSave(_:_:)``.
@_cdecl("FuzzTileSave_main")
func fuzzTileSaveMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzTileSave)
}
