import Desktop
import SystemSupport

/// Finding the running player on the session bus, for `ctl` and `status`: a `play` first, else
/// `lyricpip follow`; which one is said on stderr. No bus or neither running is one clear
/// message and exit 69.
public enum RunningPlayer {
  public struct Found {
    public var client: LyricsBusClient
    public var name: String
  }

  /// No player to talk to (exit 69); the message says why.
  public struct NotRunning: Error {
    public var message: String
  }

  public static let noneRunning = "no lyricpip player or follower is running"

  /// `followerName`: the bus name `lyricpip follow` takes.
  public static func find(followerName: String) -> Result<Found, NotRunning> {
    let client: LyricsBusClient
    do {
      client = try LyricsBusClient()
    } catch {
      return .failure(notRunning("there is no session bus (\(error))"))
    }
    do {
      guard let name = try client.findPlayer(orFollower: followerName) else {
        return .failure(notRunning(noneRunning))
      }
      let which = name == followerName ? "lyricpip follow" : "lyricpip play"
      printError("talking to \(which) (\(name))")
      return .success(Found(client: client, name: name))
    } catch {
      return .failure(notRunning("cannot ask the session bus for players (\(error))"))
    }
  }

  private static func notRunning(_ message: String) -> NotRunning {
    NotRunning(message: message)
  }
}
