import Glibc

/// Writes every byte of `bytes` to `descriptor`: a write may take only part, or be interrupted
/// by a signal, and is then retried from where it stopped. False on an error (`errno` says
/// which).
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
  var offset = 0
  while offset < bytes.count {
    let count = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return false }
    offset += count
  }
  return true
}
