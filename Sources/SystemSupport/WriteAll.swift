/// Writes every byte of `bytes` to `descriptor`: a write may take only part (and a signal is
/// retried by `SystemCalls`), so it goes on from where it stopped. The one write loop.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Result<Void, Errno> {
  var offset = 0
  while offset < bytes.count {
    let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
    switch SystemCalls.write(descriptor, rest) {
    case .success(0): return .failure(.ioError)  // a write of nothing would loop forever
    case .success(let count): offset += count
    case .failure(let error): return .failure(error)
    }
  }
  return .success(())
}
