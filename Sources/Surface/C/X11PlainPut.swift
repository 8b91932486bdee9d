internal import CX11

/// Sends a rectangle of a window's pixels to the X server with a plain XPutImage on SDL's
/// connection, and flushes: no reply is waited for.
///
/// Why not SDL's window-surface update: it sends with MIT-SHM and then waits for the server to
/// answer (XSync) at every present, so the server is done with the shared memory before it is
/// drawn into again. For a fill frame's band (a few kilobytes) that wait (a request, a reply
/// read back, the thread put to sleep and woken) cost the strip more than the band itself.
/// XPutImage copies the pixels into the request before it returns, so the surface may be drawn
/// into at once. A frame drawn whole still goes through SDL (one shared-memory put of the
/// whole strip beats copying it down the socket).
///
/// Like the owners of SDL objects (`SDLWindow`), its members are `@WindowLoop` and the class is
/// not, so its deinit can free the graphics context.
final class X11PlainPut {
  private let display: OpaquePointer
  private let window: UInt
  private let context: GC
  private let depth: Int32
  private let masks: (red: UInt, green: UInt, blue: UInt)

  /// For `window` on `display` (SDL's); nil when the window's attributes cannot be read.
  @WindowLoop init?(display: OpaquePointer, window: UInt) {
    var attributes = XWindowAttributes()
    guard XGetWindowAttributes(display, Window(window), &attributes) != 0,
      let visual = attributes.visual,
      let context = XCreateGC(display, Window(window), 0, nil)
    else { return nil }
    self.display = display
    self.window = window
    self.context = context
    depth = attributes.depth
    masks = (visual.pointee.red_mask, visual.pointee.green_mask, visual.pointee.blue_mask)
  }

  deinit { XFreeGC(display, context) }

  /// Sends `area` of `pixels` (32 bits a pixel in the window's visual's layout, `pitch` bytes
  /// a row, `width` × `height` in all) to the same place of the window. False when Xlib
  /// refuses the image's description (nothing was sent).
  @WindowLoop func put(
    _ pixels: UnsafeMutableRawPointer, width: Int32, height: Int32, pitch: Int32, area: PixelRect
  ) -> Bool {
    var image = XImage()
    image.width = width
    image.height = height
    image.format = ZPixmap
    image.data = pixels.assumingMemoryBound(to: CChar.self)
    image.byte_order = LSBFirst
    image.bitmap_unit = 32
    image.bitmap_bit_order = LSBFirst
    image.bitmap_pad = 32
    image.depth = depth
    image.bytes_per_line = pitch
    image.bits_per_pixel = 32
    image.red_mask = masks.red
    image.green_mask = masks.green
    image.blue_mask = masks.blue
    guard XInitImage(&image) != 0 else { return false }
    XPutImage(
      display, Window(window), context, &image, area.x, area.y, area.x, area.y, UInt32(area.w),
      UInt32(area.h))
    _ = XFlush(display)
    return true
  }
}
