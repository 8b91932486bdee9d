import Desktop

/// Finding the running player on the session bus, for `ctl` and `status`: no bus or no player
/// is one clear message and exit 69.
enum RunningPlayer {
  struct Found {
    var client: LyricsBusClient
    var name: String
  }

  static func find() -> Result<Found, PlayCommand.Failure> {
    let client: LyricsBusClient
    do {
      client = try LyricsBusClient()
    } catch {
      return .failure(notRunning("there is no session bus (\(error))"))
    }
    do {
      guard let name = try client.findPlayer() else {
        return .failure(notRunning("no lyricpip player is running"))
      }
      return .success(Found(client: client, name: name))
    } catch {
      return .failure(notRunning("cannot ask the session bus for players (\(error))"))
    }
  }

  private static func notRunning(_ message: String) -> PlayCommand.Failure {
    PlayCommand.Failure(status: .serviceUnavailable, message: message)
  }
}
