import Glibc

/// printf-style formatting through the C library (what Foundation's `String(format:)` does for
/// numbers), without loading libFoundation.
public enum CFormat {
  /// `format` filled with `arguments`, e.g. `CFormat.string("%.6f", seconds)`.
  public static func string(_ format: String, _ arguments: CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    while true {
      let needed = buffer.withUnsafeMutableBufferPointer { out in
        format.withCString { format in
          withVaList(arguments) { vsnprintf(out.baseAddress, out.count, format, $0) }
        }
      }
      guard needed >= 0 else { return "" }
      if Int(needed) < buffer.count {
        return String(
          decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      buffer = [CChar](repeating: 0, count: Int(needed) + 1)
    }
  }
}
