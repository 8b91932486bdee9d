internal import SystemSupport

/// Two premultiplied ARGB8888 buffers in one shared-memory pool, for a surface that draws
/// while the compositor may still be reading the last frame.
///
/// The compositor owns a buffer from its attach until its `release`: only a released buffer
/// may be written. Each buffer remembers what it missed (`stale`: the union of every damage
/// presented through the other buffer since it was last written), so a partial update copies
/// the new damage plus what the buffer lags behind — with strict alternation that is the
/// union of the last two damages — and every buffer ends up with the whole current frame.
public final class ShmBufferPair {
  /// Bytes per pixel of ARGB8888.
  public static let bytesPerPixel = 4

  private struct Buffer {
    var proxy: OpaquePointer
    var offset: Int
    /// Attached and not yet released by the compositor.
    var busy = false
    /// What this buffer lacks of the latest frame, in its pixels; nil when nothing.
    var stale: BufferRect?
  }

  let connection: WaylandConnection
  public private(set) var width: Int
  public private(set) var height: Int
  private var pool: OpaquePointer?
  private var fd: Int32 = -1
  private var memory: UnsafeMutableRawPointer?
  private var size = 0
  private var buffers: [Buffer] = []

  /// Two `width` × `height` buffers (pixels, not logical points).
  public init(connection: WaylandConnection, width: Int, height: Int) throws(WaylandStripError) {
    self.connection = connection
    self.width = 0
    self.height = 0
    try resize(width: width, height: height)
  }

  deinit { destroy() }

  /// Bytes per row: the rows are packed, four bytes a pixel.
  public var stride: Int { width * Self.bytesPerPixel }

  /// Makes the buffers `width` × `height` again. Both start with no content (stale in full);
  /// a buffer the compositor still holds keeps its own mapping of the old memory.
  public func resize(width: Int, height: Int) throws(WaylandStripError) {
    guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
    guard let shm = connection.shm else { throw .missingGlobal(interface: "wl_shm") }
    destroy()
    let bufferBytes = width * height * Self.bytesPerPixel
    let total = bufferBytes * 2
    let shared = try WaylandCalls.sharedMemory(size: total)
    fd = shared.fd
    memory = shared.memory
    size = total
    self.width = width
    self.height = height
    guard let pool = WaylandCalls.createPool(shm, fd: fd, size: total) else {
      throw .sharedMemory(step: "wl_shm.create_pool", reason: Errno.current.description)
    }
    self.pool = pool
    for offset in [0, bufferBytes] {
      guard
        let proxy = WaylandCalls.createBuffer(
          pool, offset: offset, width: width, height: height, stride: stride, self)
      else {
        throw .sharedMemory(step: "wl_shm_pool.create_buffer", reason: Errno.current.description)
      }
      connection.pace(proxy)
      buffers.append(
        Buffer(proxy: proxy, offset: offset, stale: .whole(width: width, height: height)))
    }
  }

  /// A buffer the compositor does not hold, by index; nil while it holds both.
  public var releasedIndex: Int? { buffers.firstIndex { !$0.busy } }

  /// Whether the compositor holds buffer `index`.
  public func isBusy(_ index: Int) -> Bool { buffers[index].busy }

  /// What buffer `index` lacks of the latest frame (nil: nothing).
  public func stale(_ index: Int) -> BufferRect? { buffers[index].stale }

  /// Copies `damage` — and whatever the released buffer `index` still lacks — from `pixels`
  /// (the whole current frame, `width` × `height`, `sourceStride` bytes a row) into it, and
  /// notes `damage` as missing from the other buffer. Returns the rectangle copied.
  @discardableResult
  public func write(
    into index: Int, from pixels: UnsafeRawPointer, sourceStride: Int, damage: BufferRect
  ) -> BufferRect {
    precondition(!buffers[index].busy, "writing into a buffer the compositor holds")
    let whole = BufferRect.whole(width: width, height: height)
    let damage = damage.intersection(whole)
    let copy = buffers[index].stale.union(damage).intersection(whole)
    if let memory, !copy.isEmpty {
      let target = memory + buffers[index].offset
      let rowBytes = copy.width * Self.bytesPerPixel
      for row in copy.y..<(copy.y + copy.height) {
        let column = copy.x * Self.bytesPerPixel
        (target + row * stride + column).copyMemory(
          from: pixels + row * sourceStride + column, byteCount: rowBytes)
      }
    }
    buffers[index].stale = nil
    if !damage.isEmpty {
      for other in buffers.indices where other != index {
        buffers[other].stale = buffers[other].stale.union(damage)
      }
    }
    return copy
  }

  /// The buffer's bytes, for a test to read back what was written.
  public func withBytes<Result>(
    of index: Int, _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    let bytes = memory.map { $0 + buffers[index].offset }
    return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : stride * height))
  }

  /// Hands buffer `index` to the compositor (attached to `surface`): busy until released.
  func attach(_ index: Int, to surface: OpaquePointer) {
    WaylandCalls.attach(surface, buffers[index].proxy)
    buffers[index].busy = true
  }

  func bufferReleased(_ proxy: OpaquePointer) {
    guard let index = buffers.firstIndex(where: { $0.proxy == proxy }) else { return }
    buffers[index].busy = false
  }

  private func destroy() {
    for buffer in buffers { WaylandCalls.destroyBuffer(buffer.proxy) }
    buffers = []
    if let pool { WaylandCalls.destroyPool(pool) }
    pool = nil
    if let memory { WaylandCalls.releaseSharedMemory(fd: fd, memory: memory, size: size) }
    memory = nil
    fd = -1
  }
}
