import Foundation
import TestSupport

/// The scripted MPRIS player of the follow tests (`Fixtures/follow/scripted-mpris-player`), on
/// a test's private bus: commands go to its stdin; after each one that moves its position it
/// prints where it is and at which CLOCK_MONOTONIC instant (`at POS_MS MONO_S`).
final class ScriptedMPRISPlayer {
  let process = Process()
  private let input = Pipe()
  let outputPath: String
  let busName: String

  /// A place the player said it was at, at a CLOCK_MONOTONIC instant.
  struct Report: Equatable {
    var positionMs: Int
    var mono: Double

    /// When the position `ms` plays, going on from here at rate 1.
    func mono(ofMs ms: Int) -> Double { mono + Double(ms - positionMs) / 1000 }
  }

  init(name: String, arguments: [String], bus: PrivateBus, folder: URL) throws {
    busName = "org.mpris.MediaPlayer2.\(name)"
    outputPath = folder.appendingPathComponent("\(name).out").path
    guard FileManager.default.createFile(atPath: outputPath, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    process.executableURL = Paths.fixtures.appendingPathComponent(
      "follow/scripted-mpris-player")
    process.arguments = ["--name", name] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
    process.standardInput = input
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  deinit { PrivateDesktop.kill(process) }

  /// Sends one command; returns the report it made (nil if none came within 5 s).
  @discardableResult
  func send(_ command: String) -> Report? {
    let before = reports().count
    input.fileHandleForWriting.write(Data((command + "\n").utf8))
    var report: Report?
    _ = poll(timeout: 5) {
      let all = reports()
      report = all.count > before ? all.last : nil
      return report != nil || !process.isRunning
    }
    return report
  }

  func quit() {
    input.fileHandleForWriting.write(Data("quit\n".utf8))
    _ = poll(timeout: 5) { !process.isRunning }
  }

  func reports() -> [Report] {
    let text = PrivateBus.text(of: outputPath)
    return text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard words.count == 3, words[0] == "at", let ms = Int(words[1]),
        let mono = Double(words[2])
      else { return nil }
      return Report(positionMs: ms, mono: mono)
    }
  }

  var isReady: Bool { PrivateBus.text(of: outputPath).hasPrefix("ready") }
}
