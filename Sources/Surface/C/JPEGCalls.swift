internal import CTurboJPEG

/// Every libjpeg-turbo call of the module, through its TurboJPEG API: the main window's cover.
/// That API reports errors by return value (libjpeg's own jumps out of its error handler with
/// `longjmp`, which Swift code cannot take part in). Not bound to the window thread: covers are
/// decoded on a thread of their own. Errors carry the library's message.
enum JPEG {
  /// The picture in `bytes`, decoded at the smallest of libjpeg-turbo's scales (1/8, 1/4, …, 1)
  /// that keeps both sides at least `atLeast` pixels (or at full size), as BGRA bytes: the
  /// layout of SDL's ARGB8888 surfaces on a little-endian machine.
  static func decode(_ bytes: [UInt8], atLeast side: Int) throws(SDLError) -> CoverImage {
    guard let handle = tjInitDecompress() else {
      throw SDLError(operation: "tjInitDecompress", message: message(nil))
    }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let header = bytes.withUnsafeBufferPointer {
      tjDecompressHeader3(
        handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    guard header == 0, width > 0, height > 0 else {
      throw SDLError(operation: "tjDecompressHeader3", message: message(handle))
    }
    let (scaledWidth, scaledHeight) = scaled(width: width, height: height, atLeast: Int32(side))
    var pixels = [UInt8](repeating: 0, count: Int(scaledWidth) * Int(scaledHeight) * 4)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(bytes.count), target.baseAddress, scaledWidth,
          scaledWidth * 4, scaledHeight, Int32(TJPF_BGRA.rawValue), 0)
      }
    }
    guard status == 0 else {
      throw SDLError(operation: "tjDecompress2", message: message(handle))
    }
    return CoverImage(width: Int(scaledWidth), height: Int(scaledHeight), bgra: pixels)
  }

  /// The smallest scaled size the library offers with both sides at least `side`.
  private static func scaled(width: Int32, height: Int32, atLeast side: Int32)
    -> (Int32, Int32)
  {
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return (width, height) }
    var best = (width, height)
    for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
      // TJSCALED, a macro Swift does not import.
      let scaledWidth = (width * factor.num + factor.denom - 1) / factor.denom
      let scaledHeight = (height * factor.num + factor.denom - 1) / factor.denom
      let bigEnough = min(scaledWidth, scaledHeight) >= min(side, min(width, height))
      if bigEnough && scaledWidth * scaledHeight < best.0 * best.1 {
        best = (scaledWidth, scaledHeight)
      }
    }
    return best
  }

  private static func message(_ handle: tjhandle?) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
    return String(cString: text)
  }
}
