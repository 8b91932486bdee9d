extension ID3Tag {
  /// Walks the frames of a tag body (after the extended header) until padding, the end, or
  /// bytes that are not a frame header.
  struct FrameWalker {
    let body: [UInt8]
    let major: Int
    let tagUnsynchronised: Bool
    let ids: Set<String>?

    init(body: [UInt8], major: Int, tagUnsynchronised: Bool, ids: Set<String>?) {
      self.body = body
      self.major = major
      self.tagUnsynchronised = tagUnsynchronised
      self.ids = ids
    }

    private var idLength: Int { major == 2 ? 3 : 4 }
    private var headerLength: Int { major == 2 ? 6 : 10 }

    func walk(from start: Int, into tag: inout ID3Tag) {
      var offset = start
      while offset <= body.count - headerLength {
        // A zero byte where an id would start is padding: the frames are over.
        if body[offset] == 0 { return }
        guard let id = frameID(at: offset) else {
          tag.diagnostics.append(
            "bytes at tag offset \(offset + ID3Tag.headerSize) are not a frame; rest of tag skipped"
          )
          return
        }
        guard let size = frameSize(at: offset + idLength, dataStart: offset + headerLength)
        else {
          tag.diagnostics.append(
            "frame \(id) at tag offset \(offset + ID3Tag.headerSize) runs past the end of the tag; "
              + "rest of tag skipped")
          return
        }
        let dataStart = offset + headerLength
        let data = body[dataStart..<(dataStart + size)]
        offset = dataStart + size
        guard ids?.contains(id) ?? true else { continue }
        let flags = major == 2 ? 0 : Int(body[dataStart - 1])
        if let frame = readable(id: id, formatFlags: flags, data: data, into: &tag) {
          tag.frames.append(frame)
        }
      }
    }

    /// The frame id at `offset` when it is made of capital letters and digits, as every
    /// defined and experimental id is.
    private func frameID(at offset: Int) -> String? {
      let bytes = body[offset..<(offset + idLength)]
      guard
        bytes.allSatisfy({
          (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        })
      else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The frame's data size when it fits in the body. ID3v2.4 sizes are syncsafe; a 2.4 size
    /// that is not (a byte with its top bit set, as some old writers produced) is read as a
    /// plain big-endian number, and used only if it fits.
    private func frameSize(at offset: Int, dataStart: Int) -> Int? {
      let size: Int?
      switch major {
      case 2: size = ID3Bytes.bigEndian(body, at: offset, count: 3)
      case 3: size = ID3Bytes.bigEndian(body, at: offset, count: 4)
      default:
        size =
          ID3Bytes.syncsafe(body, at: offset) ?? ID3Bytes.bigEndian(body, at: offset, count: 4)
      }
      guard let size, size <= body.count - dataStart else { return nil }
      return size
    }

    /// The frame's body ready to read, or nil (with a diagnostic) when it is compressed,
    /// encrypted or too short for the extra bytes its flags announce.
    private func readable(
      id: String, formatFlags flags: Int, data: ArraySlice<UInt8>, into tag: inout ID3Tag
    ) -> ID3Frame? {
      let compressed = major == 3 ? 0x80 : 0x08
      let encrypted = major == 3 ? 0x40 : 0x04
      if major >= 3, flags & (compressed | encrypted) != 0 {
        let what = flags & compressed != 0 ? "compressed" : "encrypted"
        tag.diagnostics.append("frame \(id) is \(what); skipped")
        return nil
      }
      var bytes = data
      if major == 4, tagUnsynchronised || flags & 0x02 != 0 {
        bytes = ID3Bytes.removingUnsynchronisation(bytes)[...]
      }
      // Extra bytes before the data, in the order the flags' specification lists them:
      // a group id (2.3: 0x20, 2.4: 0x40), then 2.4's 4-byte data length indicator (0x01).
      var extra = 0
      if major >= 3, flags & (major == 3 ? 0x20 : 0x40) != 0 { extra += 1 }
      if major == 4, flags & 0x01 != 0 { extra += 4 }
      guard extra <= bytes.count else {
        tag.diagnostics.append("frame \(id) is shorter than its flags say; skipped")
        return nil
      }
      return ID3Frame(id: id, body: Array(bytes.dropFirst(extra)))
    }
  }
}
