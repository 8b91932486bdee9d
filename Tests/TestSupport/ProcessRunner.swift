import Foundation

/// Runs a program to completion and captures what it printed, for tests that act as a user would
/// (run `lyricpip`, `ffmpeg`, `xprop`, …). A time limit turns a hang into a test failure.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// True when the process ended by a signal (a crash), not by exiting.
  public var endedBySignal: Bool
}

public enum ProcessRunner {
  public struct TimedOut: Error, CustomStringConvertible {
    public var command: [String]
    public var description: String { "timed out: \(command.joined(separator: " "))" }
  }

  /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`.
  public static func run(
    _ executable: String, _ arguments: [String] = [], stdin: Data? = nil,
    environment: [String: String]? = nil, timeout: TimeInterval = 60
  ) throws -> ProcessResult {
    let process = Process()
    if executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    }
    // The online lookup of a program under test never reaches the internet: unless the test
    // names a server, it gets a local port where nothing listens.
    var merged = ProcessInfo.processInfo.environment.merging(environment ?? [:]) { $1 }
    for variable in [LRCLIBTestServer.urlVariable] + ProviderTestServer.urlVariables
    where merged[variable] == nil {
      merged[variable] = LRCLIBTestServer.nowhere
    }
    process.environment = merged
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    // Told by the process's own end, not by asking `isRunning` again and again.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    if let stdin { inPipe.fileHandleForWriting.write(stdin) }
    try? inPipe.fileHandleForWriting.close()
    // Read both pipes on their own threads so a full pipe cannot block the child.
    let outData = ReadAll(outPipe.fileHandleForReading)
    let errData = ReadAll(errPipe.fileHandleForReading)
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      process.waitUntilExit()
      throw TimedOut(command: [executable] + arguments)
    }
    process.waitUntilExit()
    return ProcessResult(
      status: process.terminationStatus,
      stdout: String(decoding: outData.wait(), as: UTF8.self),
      stderr: String(decoding: errData.wait(), as: UTF8.self),
      endedBySignal: process.terminationReason == .uncaughtSignal)
  }
}

/// Reads a file handle to its end on a background thread.
private final class ReadAll: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
