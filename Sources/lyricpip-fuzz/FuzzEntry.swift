import FuzzTargets
import SystemSupport

// libFuzzer's entry point: the target named by LYRICPIP_FUZZ_TARGET (scripts/fuzz sets it),
// read once. In the plain build it is only linked, never called.

private let chosenTarget: FuzzTarget? = getenvString("LYRICPIP_FUZZ_TARGET").flatMap {
  FuzzTarget(rawValue: $0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let target = chosenTarget else {
    fatalError("LYRICPIP_FUZZ_TARGET must name one of: \(FuzzTarget.allNames)")
  }
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  target.run(bytes)
  return 0
}

/// The plain build replays files (Replay.swift); the fuzzer build (`-DLYRICPIP_FUZZ`) hands over
/// to libFuzzer. Here, beside the `@_cdecl` function it passes, since a reference to that
/// function from another file makes the compiler emit its C symbol there a second time.
@main
enum FuzzMain {
  static func main() {
    #if LYRICPIP_FUZZ
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      SystemProcess.exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    #else
      Replay.run()
    #endif
  }
}

#if LYRICPIP_FUZZ
  /// libFuzzer's own driver (flags, corpus, limits), which `main` hands over to: SwiftPM names
  /// the executable's entry point itself, so libFuzzer's `main` cannot be the one linked.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif
