import FoundationEssentials
import Session
import SessionWiring

/// What `lyricpip script FILE` runs: parses the script, then runs it in virtual time
/// (`ScriptRun`) or real time (`RealScriptRun`), both over the one session wiring.
public enum SyncScriptRun {
  public enum Failure: Error {
    /// The script does not parse: one line in `script:LINE: …` form (exit 64).
    case syntax(String)
    /// A file the script names could not be used, or no sound output (`clock real`).
    case load(ScriptRun.LoadError)
  }

  /// - Parameters:
  ///   - folder: where the script's relative paths start.
  ///   - media: the player and the items of its queue (`PlayerMedia` for `lyricpip script`).
  ///   - makeRealHost: the thread and windows of a `clock real` run, given the desktop the
  ///     script pretends; called once the files are read and the sound output is open.
  ///   - say: one line for the user (stderr).
  public static func execute(
    _ text: String, folder: URL, media: any MediaFactory,
    makeRealHost: (DesktopFacts) -> ScriptHost,
    say: @escaping @Sendable (String) -> Void
  ) throws(Failure) -> ScriptRun.Outcome {
    let script: SyncScript
    do {
      script = try SyncScriptParser.parse(text)
    } catch {
      throw .syntax(error.description)
    }
    do {
      switch script.clock {
      case .virtual:
        return try ScriptRun.execute(script, folder: folder, media: media, say: say)
      case .real:
        return try RealScriptRun.execute(script, folder: folder, media: media, say: say) {
          makeRealHost(script.desktop)
        }
      }
    } catch {
      throw .load(error)
    }
  }
}
