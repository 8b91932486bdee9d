import FuzzTargets
import SystemSupport

/// `lyricpip-fuzz TARGET FILE...`: runs each file through a target once, without libFuzzer:
/// how a crash input found by `make fuzz` is replayed in an ordinary (or debugger) build.
enum Replay {
  static func run() {
    let arguments = CommandLine.arguments.dropFirst()
    guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
      OutputFile.standardError.write(
        "usage: lyricpip-fuzz TARGET FILE...\ntargets: \(FuzzTarget.allNames)\n")
      SystemProcess.exit(64)
    }
    for path in arguments.dropFirst() {
      let bytes: [UInt8]
      do {
        bytes = try PosixFile(readingAt: path).read(upTo: .max)
      } catch {
        OutputFile.standardError.write("lyricpip-fuzz: \(error)\n")
        SystemProcess.exit(66)
      }
      target.run(bytes)
      print("\(name): \(path): read")
    }
  }
}

func getenvString(_ name: String) -> String? { SystemProcess.environment(name) }
