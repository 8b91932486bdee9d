internal import CPNG
internal import CSDL2

/// Every libpng call of the module (its "simplified" API): loading the strip's placeholder
/// picture and writing screenshots. libpng is already loaded for FreeType; reading and writing
/// through it directly instead of SDL_image keeps SDL_image, libtiff and their libraries out of
/// the process. Errors carry libpng's own message.
@WindowLoop enum PNG {
  /// The picture at `path` as a new ARGB8888 surface (the caller frees it).
  static func load(_ path: String) throws(SDLError) -> SDL.Surface {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_file(&image, path) != 0 else {
      throw failure("png_image_begin_read_from_file(\(path))", image)
    }
    image.format = lyricpip_png_format_bgra
    let surface: SDL.Surface
    do {
      surface = try SDL.createSurface(width: Int32(image.width), height: Int32(image.height))
    } catch {
      png_image_free(&image)
      throw error
    }
    guard
      png_image_finish_read(&image, nil, surface.pointee.pixels, surface.pointee.pitch, nil) != 0
    else {
      let error = failure("png_image_finish_read(\(path))", image)
      SDL.freeSurface(surface)
      throw error
    }
    return surface
  }

  /// The PNG file in `bytes` as BGRA pixels (a cover). Any thread: it touches no SDL object.
  nonisolated static func decode(_ bytes: [UInt8]) throws(SDLError) -> CoverImage {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    let begun = bytes.withUnsafeBytes {
      png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
    }
    guard begun != 0 else { throw failure("png_image_begin_read_from_memory", image) }
    image.format = lyricpip_png_format_bgra
    let width = Int(image.width)
    let height = Int(image.height)
    // 64 Mpixel, 256 MB decoded: past that a "cover" is not worth the memory.
    guard width * height <= 1 << 26 else {
      png_image_free(&image)
      throw SDLError(operation: "decode cover", message: "\(width)×\(height) is too large")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let finished = pixels.withUnsafeMutableBytes {
      png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
    }
    guard finished != 0 else {
      let error = failure("png_image_finish_read", image)
      png_image_free(&image)
      throw error
    }
    return CoverImage(width: width, height: height, bgra: pixels)
  }

  /// Writes an ARGB8888 `surface` as an 8-bit RGBA PNG.
  static func save(_ surface: SDL.Surface, to path: String) throws(SDLError) {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(surface.pointee.w)
    image.height = png_uint_32(surface.pointee.h)
    image.format = lyricpip_png_format_bgra
    guard
      png_image_write_to_file(&image, path, 0, surface.pointee.pixels, surface.pointee.pitch, nil)
        != 0
    else { throw failure("png_image_write_to_file(\(path))", image) }
  }

  nonisolated private static func failure(_ operation: String, _ image: png_image) -> SDLError {
    var message = image.message
    let text = withUnsafeBytes(of: &message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return SDLError(operation: operation, message: text)
  }
}
