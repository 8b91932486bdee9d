import CommandLineOptions

extension WindowSetup.Unavailable: CustomStringConvertible {
  /// What went wrong and what to do instead: play without the windows.
  var description: String {
    switch self {
    case .noDisplay(let error):
      "\(error); run with \(Flag.noWindow) to show the lyrics in the terminal"
    case .noPlaceholderPicture(let error):
      "\(error); \(Flag.noWindow) plays without it, with the lyrics in the terminal"
    case .other(let error): "cannot open the windows (\(error)); try \(Flag.noWindow)"
    }
  }
}
