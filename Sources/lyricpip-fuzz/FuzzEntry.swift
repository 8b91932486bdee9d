import FuzzTargets


// libFuzzer's entry point: the target named by LYRICPIP_FUZZ_TARGET (scripts/fuzz sets it),
// read once. Built only by `make fuzz` (`-sanitize=fuzzer,address -DLYRICPIP_FUZZ`), where
// libFuzzer brings `main`; the plain build gets the replay `main` in Replay.swift instead.

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
