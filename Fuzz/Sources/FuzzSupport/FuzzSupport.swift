/// What every fuzz target shares: libFuzzer's driver, started from the target's own entry point.

/// One input for a target: its bytes and their count; returns 0.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: FuzzTestOneInput) -> CInt

/// Runs libFuzzer's driver with the command line's arguments over `test`.
///
/// SwiftPM names an executable's entry point after its module
/// (`FuzzFITReader_main`); each target defines it with `@_cdecl` and calls this.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: FuzzTestOneInput) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, test)
}
