import Foundation

/// The process's peak resident set (VmHWM in /proc/self/status), in KiB.
enum PeakMemory {
  static func kibibytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return -1
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
  }
}
