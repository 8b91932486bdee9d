import Desktop

/// Finding the running player on the session bus, for `ctl` and `status`: a `play` first, else
/// `lyricpip follow`; which one is said on stderr. No bus or neither running is one clear
/// message and exit 69.
enum RunningPlayer {
  struct Found {
    var client: LyricsBusClient
    var name: String
  }

  static let noneRunning = "no lyricpip player or follower is running"

  static func find() -> Result<Found, PlayCommand.Failure> {
    let client: LyricsBusClient
    do {
      client = try LyricsBusClient()
    } catch {
      return .failure(notRunning("there is no session bus (\(error))"))
    }
    do {
      guard let name = try client.findPlayer(orFollower: FollowCommand.busName) else {
        return .failure(notRunning(noneRunning))
      }
      let which = name == FollowCommand.busName ? "lyricpip follow" : "lyricpip play"
      printError("talking to \(which) (\(name))")
      return .success(Found(client: client, name: name))
    } catch {
      return .failure(notRunning("cannot ask the session bus for players (\(error))"))
    }
  }

  private static func notRunning(_ message: String) -> PlayCommand.Failure {
    PlayCommand.Failure(status: .serviceUnavailable, message: message)
  }
}
