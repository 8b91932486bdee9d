/// The part of the strip drawn since the last present: the union of the frames' clips, or all
/// of it once a frame was drawn whole. A host that copies pixels elsewhere (a canvas) copies only
/// this; a frame drawn and not presented (a map that failed) still counts at the next present.
struct StripDamage {
  /// nil with `whole` false: nothing drawn.
  private var rect: PixelRect?
  private var whole = false

  /// Counts a frame drawn with `clip` (nil: drawn whole).
  mutating func add(_ clip: PixelRect?) {
    guard !whole else { return }
    guard let clip else {
      whole = true
      rect = nil
      return
    }
    guard let old = rect else {
      rect = clip
      return
    }
    let x0 = min(old.x, clip.x)
    let y0 = min(old.y, clip.y)
    let x1 = max(old.x + old.w, clip.x + clip.w)
    let y1 = max(old.y + old.h, clip.y + clip.h)
    rect = PixelRect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
  }

  /// What was drawn (nil: all of it), and starts again from nothing. Nothing drawn counts as
  /// all: a present with nothing new is one the host asked for (an expose), so it sends all.
  mutating func take() -> PixelRect? {
    defer { self = StripDamage() }
    return whole ? nil : rect
  }
}
