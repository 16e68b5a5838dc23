import FuzzerDriver

/// The entry point SwiftPM links as `main`: runs libFuzzer on ``fuzzEventPayload(_:_:)``.
@_cdecl("FuzzEventPayload_main")
func fuzzEventPayloadMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzer_driver_run(argc, argv, fuzzEventPayload)
}
