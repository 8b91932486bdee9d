import TestSupport
import Testing

@testable import ID3
@testable import LyricsCore

@Suite("ID3v2 tag")
struct ID3TagTests {
  typealias B = ID3TestBytes

  /// A frame body long enough that its size needs a byte of 0x80 or more: 200 bytes is
  /// `00 00 00 C8` as a plain number and `00 00 01 48` syncsafe, so mixing them up fails.
  let long = [UInt8](repeating: 0x41, count: 200)

  @Test("v2.4 frame sizes are syncsafe")
  func v24SyncsafeSizes() throws {
    let bytes = B.tag(major: 4, B.frame24("TXXX", long) + B.frame24("SYLT", [1, 2, 3]))
    let tag = try #require(ID3Tag.parse(bytes))
    #expect(tag.majorVersion == 4)
    #expect(
      tag.frames == [ID3Frame(id: "TXXX", body: long), ID3Frame(id: "SYLT", body: [1, 2, 3])])
    #expect(tag.diagnostics.isEmpty)
  }

  @Test("v2.3 frame sizes are plain big-endian")
  func v23PlainSizes() throws {
    let bytes = B.tag(major: 3, B.frame23("TXXX", long) + B.frame23("SYLT", [1, 2, 3]))
    let tag = try #require(ID3Tag.parse(bytes))
    #expect(tag.frames.map(\.id) == ["TXXX", "SYLT"])
    #expect(tag.frames.last?.body == [1, 2, 3])
  }

  @Test("v2.2 has 3-letter ids and 3-byte sizes")
  func v22Frames() throws {
    let bytes = B.tag(major: 2, B.frame22("TT2", long) + B.frame22("SLT", [9, 8]))
    let tag = try #require(ID3Tag.parse(bytes, keeping: ["SLT"]))
    #expect(tag.frames == [ID3Frame(id: "SLT", body: [9, 8])])
  }

  @Test("a compressed v2.2 tag is not read")
  func v22Compressed() throws {
    let tag = try #require(ID3Tag.parse(B.tag(major: 2, flags: 0x40, B.frame22("SLT", [1]))))
    #expect(tag.frames.isEmpty)
    #expect(tag.diagnostics.count == 1)
  }

  @Test("only the frames asked for are kept")
  func keepsOnlyWantedFrames() throws {
    let bytes = B.tag(major: 4, B.frame24("APIC", long) + B.frame24("SYLT", [7]))
    let tag = try #require(ID3Tag.parse(bytes, keeping: ["SYLT"]))
    #expect(tag.frames == [ID3Frame(id: "SYLT", body: [7])])
  }

  @Test("padding ends the frames")
  func paddingEndsFrames() throws {
    let bytes = B.tag(major: 3, B.frame23("SYLT", [1]) + [UInt8](repeating: 0, count: 30))
    let tag = try #require(ID3Tag.parse(bytes))
    #expect(tag.frames.count == 1)
    #expect(tag.diagnostics.isEmpty)
  }

  @Test("v2.3 tag-level unsynchronisation is undone before the frames are read")
  func v23TagUnsynchronisation() throws {
    // The frame's size counts the bytes after unsynchronisation is undone.
    let data: [UInt8] = [0xFF, 0xE0, 0x01, 0xFF, 0x00, 0xFF]
    let frames = B.frame23("SYLT", data) + B.frame23("TXXX", [5])
    let bytes = B.tag(major: 3, flags: 0x80, B.unsynchronised(frames))
    #expect(bytes.count > 10 + frames.count)  // the writer did add bytes
    let tag = try #require(ID3Tag.parse(bytes))
    #expect(tag.frames == [ID3Frame(id: "SYLT", body: data), ID3Frame(id: "TXXX", body: [5])])
  }

  @Test("v2.4 unsynchronisation is undone frame by frame")
  func v24FrameUnsynchronisation() throws {
    let data: [UInt8] = [0xFF, 0xF0, 0x00, 0xFF]
    let stored = B.unsynchronised(data)
    // The frame flag alone, and the tag flag meaning "every frame".
    let byFrame = B.tag(major: 4, B.frame24("SYLT", formatFlags: 0x02, stored))
    let byTag = B.tag(major: 4, flags: 0x80, B.frame24("SYLT", stored))
    #expect(try #require(ID3Tag.parse(byFrame)).frames.first?.body == data)
    #expect(try #require(ID3Tag.parse(byTag)).frames.first?.body == data)
  }

  @Test("v2.4 data length indicator and group byte are taken off the body")
  func v24ExtraBytes() throws {
    let data: [UInt8] = [1, 2, 3]
    let bytes = B.tag(
      major: 4, B.frame24("SYLT", formatFlags: 0x41, [0x07] + B.syncsafe(3) + data))
    #expect(try #require(ID3Tag.parse(bytes)).frames.first?.body == data)
  }

  @Test("v2.3 group byte is taken off the body")
  func v23GroupByte() throws {
    let bytes = B.tag(major: 3, B.frame23("SYLT", formatFlags: 0x20, [0x07, 1, 2]))
    #expect(try #require(ID3Tag.parse(bytes)).frames.first?.body == [1, 2])
  }

  @Test("extended headers are skipped in v2.3 and v2.4")
  func extendedHeaders() throws {
    // v2.3: plain size without its own 4 bytes (6: flags and padding size).
    let v23 = B.tag(
      major: 3, flags: 0x40, B.bigEndian(6, count: 4) + [0, 0, 0, 0, 0, 0] + B.frame23("SYLT", [1])
    )
    // v2.4: syncsafe size of the whole extended header, itself included.
    let v24 = B.tag(major: 4, flags: 0x40, B.syncsafe(6) + [1, 0] + B.frame24("SYLT", [2]))
    #expect(try #require(ID3Tag.parse(v23)).frames == [ID3Frame(id: "SYLT", body: [1])])
    #expect(try #require(ID3Tag.parse(v24)).frames == [ID3Frame(id: "SYLT", body: [2])])
  }

  @Test("an extended header larger than the tag stops with a diagnostic")
  func extendedHeaderTooLarge() throws {
    let tag = try #require(ID3Tag.parse(B.tag(major: 4, flags: 0x40, B.syncsafe(500) + [0, 0])))
    #expect(tag.frames.isEmpty)
    #expect(tag.diagnostics.count == 1)
  }

  @Test("compressed and encrypted frames are skipped with a diagnostic")
  func compressedAndEncryptedSkipped() throws {
    let v23 = B.tag(
      major: 3,
      B.frame23("SYLT", formatFlags: 0x80, [0, 0, 0, 9, 1]) + B.frame23("SYLT", [4])
        + B.frame23("SYLT", formatFlags: 0x40, [1, 2]))
    let tag23 = try #require(ID3Tag.parse(v23))
    #expect(tag23.frames == [ID3Frame(id: "SYLT", body: [4])])
    #expect(tag23.diagnostics.count == 2)
    #expect(tag23.diagnostics.first?.contains("compressed") == true)
    #expect(tag23.diagnostics.last?.contains("encrypted") == true)
    let v24 = B.tag(major: 4, B.frame24("SYLT", formatFlags: 0x09, B.syncsafe(9) + [1]))
    let tag24 = try #require(ID3Tag.parse(v24))
    #expect(tag24.frames.isEmpty)
    #expect(tag24.diagnostics == ["frame SYLT is compressed; skipped"])
  }

  @Test("a frame size past the end keeps the frames before it")
  func frameSizePastTheEnd() throws {
    let bytes = B.tag(major: 4, B.frame24("SYLT", [1]) + B.frame24("SYLT", [2], size: 5000))
    let tag = try #require(ID3Tag.parse(bytes))
    #expect(tag.frames == [ID3Frame(id: "SYLT", body: [1])])
    #expect(tag.diagnostics.count == 1)
    #expect(tag.diagnostics.first?.contains("past the end") == true)
  }

  @Test("a tag cut short reads the frames that fit")
  func truncatedTag() throws {
    let whole = B.tag(major: 3, B.frame23("SYLT", [1, 2]) + B.frame23("SYLT", long))
    let tag = try #require(ID3Tag.parse(Array(whole.prefix(whole.count - 50))))
    #expect(tag.frames == [ID3Frame(id: "SYLT", body: [1, 2])])
    #expect(tag.diagnostics.count == 2)  // the short read, then the frame past the end
  }

  @Test("bytes that are not a frame header end the walk")
  func garbageFrameID() throws {
    let bytes = B.tag(
      major: 3, B.frame23("SYLT", [1]) + Array("sy#t".utf8) + [0, 0, 0, 1, 0, 0, 9])
    let tag = try #require(ID3Tag.parse(bytes))
    #expect(tag.frames.count == 1)
    #expect(tag.diagnostics.first?.contains("not a frame") == true)
  }

  @Test("a v2.4 size that is not syncsafe is read as a plain number when it fits")
  func v24PlainSizeFallback() throws {
    let frame = Array("SYLT".utf8) + B.bigEndian(200, count: 4) + [0, 0] + long
    let tag = try #require(ID3Tag.parse(B.tag(major: 4, frame)))
    #expect(tag.frames == [ID3Frame(id: "SYLT", body: long)])
  }

  @Test("not a tag, a short header, a bad size or an unknown version")
  func notATag() throws {
    #expect(ID3Tag.parse([]) == nil)
    #expect(ID3Tag.parse(Array("ID3".utf8) + [4, 0]) == nil)
    #expect(ID3Tag.parse(Array("fLaC".utf8) + [UInt8](repeating: 0, count: 20)) == nil)
    // A size byte with its top bit set is not syncsafe.
    #expect(ID3Tag.parse(Array("ID3".utf8) + [4, 0, 0, 0, 0, 0x80, 0]) == nil)
    let future = try #require(ID3Tag.parse(B.tag(major: 5, B.frame24("SYLT", [1]))))
    #expect(future.frames.isEmpty)
    #expect(future.diagnostics.count == 1)
  }

  @Test("every prefix and random damage of a tag parses without trapping")
  func damageNeverTraps() {
    let whole = B.tag(
      major: 3, flags: 0xC0,
      B.bigEndian(6, count: 4) + [0, 0, 0, 0, 0, 0] + B.frame23("SYLT", long)
        + B.frame23("SYLT", formatFlags: 0x20, [1, 0xFF, 0]))
    for length in 0...whole.count {
      _ = ID3Tag.parse(Array(whole.prefix(length)))
    }
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<2000 {
      var bytes = whole
      for _ in 0..<4 {
        let index = Int.random(in: 3..<bytes.count, using: &generator)
        bytes[index] = UInt8.random(in: 0...255, using: &generator)
      }
      for major: UInt8 in [2, 3, 4] {
        bytes[3] = major
        if let tag = ID3Tag.parse(bytes) {
          #expect(tag.frames.allSatisfy { $0.body.count <= bytes.count })
        }
      }
    }
  }
}
