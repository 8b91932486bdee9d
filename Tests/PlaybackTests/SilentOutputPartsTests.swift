import Locking
import Playback
import Testing

/// A silent output (the null one) is written what the decoder thread decoded in one part; an
/// audible one in parts of 2048 frames, so that a volume change is heard within one.
@Suite struct SilentOutputPartsTests {
  /// The null output, silent or not as asked, noting the frames of each write.
  final class NotingOutput: AudioOutput, Sendable {
    private let inner = NullOutput()
    let isSilent: Bool
    let writes = Mutex<[Int]>([])

    init(isSilent: Bool) { self.isSilent = isSilent }

    var name: String { inner.name }
    var format: AudioFormat { inner.format }
    func open() throws { try inner.open() }
    func close() { inner.close() }
    func write(_ samples: [Float], epoch: Int) -> Bool {
      writes.withLock { $0.append(samples.count / format.channels) }
      return inner.write(samples, epoch: epoch)
    }
    func drain(epoch: Int) -> Bool { inner.drain(epoch: epoch) }
    func flush(epoch: Int, startingAt frame: Int64) { inner.flush(epoch: epoch, startingAt: frame) }
    func setPaused(_ paused: Bool) { inner.setPaused(paused) }
    func heardFrame() -> (frame: Int64, isAdvancing: Bool) { inner.heardFrame() }
    func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
      inner.setEventHandler(handler)
    }
  }

  @Test(arguments: [true, false])
  func theDecodedBurstGoesOutWholeOnlyWhenNothingIsHeard(silent: Bool) throws {
    #expect(NullOutput().isSilent)
    let file = try AudioFixtures.sine("parts.wav", seconds: 1)
    let output = NotingOutput(isSilent: silent)
    let (player, log) = try startPlaying([file], on: output)
    defer { player.shutdown() }
    #expect(log.waitForEnd(seconds: 10))
    let writes = output.writes.withLock { $0 }
    let frames = writes.reduce(0, +)
    #expect(frames >= 44_100, "the whole second was written: \(writes)")
    if silent {
      // The epoch's first 8192 frames in small reads (the prebuffer), then whole bursts.
      #expect(writes.prefix(4) == [2048, 2048, 2048, 2048], "\(writes)")
      #expect(writes.dropFirst(4).dropLast().allSatisfy { $0 == 8192 }, "\(writes)")
      #expect(writes.count <= 4 + (frames - 8192 + 8191) / 8192, "\(writes)")
    } else {
      #expect(writes.allSatisfy { $0 <= 2048 }, "\(writes)")
      #expect(writes.count >= frames / 2048, "\(writes)")
    }
  }
}
