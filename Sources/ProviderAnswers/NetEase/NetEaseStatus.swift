/// The `code` every NetEase answer carries: 200 is an answer; `-460`, `405` and `-462` are
/// refusals for now (`ProviderRefusal`); any other code is a failure of its own. An answer
/// without a code is read as 200 (the lyrics answer has been seen without one).
enum NetEaseStatus {
  static func check(code: Int?, message: String?) throws(ProviderAnswerError) {
    switch code ?? 200 {
    case 200: return
    case -460: throw .unavailable(.suspectedAbuse)
    case 405: throw .unavailable(.rateLimited)
    case -462: throw .unavailable(.verificationRequired)
    case let other: throw .failed(code: other, message: message)
    }
  }
}
