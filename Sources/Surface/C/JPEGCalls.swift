internal import CTurboJPEG

/// TurboJPEG's function table, opened once, on the first cover decoded (see
/// Sources/CTurboJPEG/shim.h: linked, the library would be mapped in every run).
final class TurboJPEGLibrary: @unchecked Sendable {
  // @unchecked: the table is written once, before `shared` is published, and only read after;
  // TurboJPEG's functions may be called from any thread (each handle stays on one).
  let api: lyricpip_turbojpeg_api

  private init(api: lyricpip_turbojpeg_api) { self.api = api }

  /// The library, or why it cannot be had. A Swift global: initialised once, thread-safely.
  static let shared: Result<TurboJPEGLibrary, SDLError> = load(file: "libturbojpeg.so.0")

  static func load(file: String) -> Result<TurboJPEGLibrary, SDLError> {
    var api = lyricpip_turbojpeg_api()
    var error = [CChar](repeating: 0, count: 512)
    guard lyricpip_turbojpeg_load(&api, file, &error, error.count) == 0 else {
      let text = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(SDLError(operation: "dlopen(\(file))", message: text))
    }
    return .success(TurboJPEGLibrary(api: api))
  }
}

/// Every libjpeg-turbo call of the module, through its TurboJPEG API: the main window's cover.
/// That API reports errors by return value (libjpeg's own jumps out of its error handler with
/// `longjmp`, which Swift code cannot take part in). Not bound to the window thread: covers are
/// decoded on a thread of their own. Errors carry the library's message.
enum JPEG {
  /// The picture in `bytes`, decoded at the smallest of libjpeg-turbo's scales (1/8, 1/4, …, 1)
  /// that keeps both sides at least `atLeast` pixels (or at full size), as BGRA bytes: the
  /// layout of SDL's ARGB8888 surfaces on a little-endian machine.
  static func decode(_ bytes: [UInt8], atLeast side: Int) throws(SDLError) -> CoverImage {
    let api = try TurboJPEGLibrary.shared.get().api
    guard let handle = lyricpip_tj_init_decompress(api) else {
      throw SDLError(operation: "tjInitDecompress", message: message(nil, api))
    }
    defer { _ = lyricpip_tj_destroy(api, handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let header = bytes.withUnsafeBufferPointer {
      lyricpip_tj_decompress_header3(
        api, handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    guard header == 0, width > 0, height > 0 else {
      throw SDLError(operation: "tjDecompressHeader3", message: message(handle, api))
    }
    let (scaledWidth, scaledHeight) = scaled(
      width: width, height: height, atLeast: Int32(side), api)
    var pixels = [UInt8](repeating: 0, count: Int(scaledWidth) * Int(scaledHeight) * 4)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        lyricpip_tj_decompress2(
          api, handle, source.baseAddress, UInt(bytes.count), target.baseAddress, scaledWidth,
          scaledWidth * 4, scaledHeight, Int32(TJPF_BGRA.rawValue), 0)
      }
    }
    guard status == 0 else {
      throw SDLError(operation: "tjDecompress2", message: message(handle, api))
    }
    return CoverImage(width: Int(scaledWidth), height: Int(scaledHeight), bgra: pixels)
  }

  /// The smallest scaled size the library offers with both sides at least `side`.
  private static func scaled(
    width: Int32, height: Int32, atLeast side: Int32, _ api: lyricpip_turbojpeg_api
  ) -> (Int32, Int32) {
    var count: Int32 = 0
    guard let factors = lyricpip_tj_get_scaling_factors(api, &count) else { return (width, height) }
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

  private static func message(_ handle: tjhandle?, _ api: lyricpip_turbojpeg_api) -> String {
    guard let text = lyricpip_tj_get_error_str2(api, handle) else { return "unknown error" }
    return String(cString: text)
  }
}
