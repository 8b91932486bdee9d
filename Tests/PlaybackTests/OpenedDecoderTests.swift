import Clocks
import Foundation
import Testing

@testable import Playback

/// A file's decoder opened before playing (the check of the file) is the one the player's first
/// open uses, so FFmpeg opens the file once.
@Suite struct OpenedDecoderTests {
  @Test func theFirstOpenTakesTheOpenDecoderAndLaterOnesOpenTheFile() throws {
    let path = try AudioFixtures.sine("tone.wav")
    let decoder = try AudioDecoder(path: path)
    let handed = ObjectIdentifier(decoder)
    let item = PlayerItem.file(path, opened: OpenedDecoder(decoder))
    let first = try item.open(.standard)
    let second = try item.open(.standard)
    #expect(ObjectIdentifier(first) == handed)
    #expect(ObjectIdentifier(second) != handed)
  }

  // The file is removed once its decoder is open: an open that does not use that decoder fails.

  @Test func aDecoderForAnotherFormatIsNotUsed() throws {
    let path = try AudioFixtures.sine("tone.wav")
    let decoder = try AudioDecoder(path: path, format: AudioFormat(sampleRate: 44_100))
    let item = PlayerItem.file(path, opened: OpenedDecoder(decoder))
    try FileManager.default.removeItem(atPath: path)
    #expect(throws: DecoderError.self) { try item.open(.standard) }
  }

  @Test func aReleasedDecoderIsNotUsed() throws {
    let path = try AudioFixtures.sine("tone.wav")
    let item = PlayerItem.file(path, opened: OpenedDecoder(try AudioDecoder(path: path)))
    item.releaseOpened()
    try FileManager.default.removeItem(atPath: path)
    #expect(throws: DecoderError.self) { try item.open(.standard) }
  }

  /// The file is removed once its decoder is open: the player plays it all the same (it never
  /// opens the file again); a second play of the entry has to, and reports the missing file.
  @Test func thePlayerPlaysTheOpenDecoderWithoutOpeningTheFile() throws {
    let path = try AudioFixtures.sine("tone.wav", seconds: 0.5)
    let item = PlayerItem.file(path, opened: OpenedDecoder(try AudioDecoder(path: path)))
    try FileManager.default.removeItem(atPath: path)
    let (clock, _, player, log) = VirtualPlayerRig([item]).parts
    player.play()
    clock.advance(by: 1_000_000_000)
    #expect(log.trackIndexes == [0])
    #expect(log.states.last == .ended)
    player.load([item])
    #expect(log.all.contains { if case .trackFailed = $0 { true } else { false } })
  }
}
