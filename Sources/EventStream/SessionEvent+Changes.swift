extension SessionEvent {
  /// What the main window did, as a `main` event says it.
  public enum MainWindowChange: Sendable, Equatable {
    case focusLost
    case focusGained
    case minimized
    case unminimized
    /// It came back scrolled to this line (after a `pip` `restore`).
    case restored(line: Int)
    /// The desktop asked for it (MPRIS `Raise`, or a second launch that handed its files over).
    case raised
  }

  /// What the sound output did, as an `output` event says it.
  public enum OutputChange: Sendable, Equatable {
    /// No sound server answered at start; the player waits for one (`message`: why).
    case waiting(message: String)
    /// The sound server went away.
    case lost(message: String)
    /// A sound server is there (again): playing goes on from `posMs`.
    case reconnected(posMs: Int)
    /// The output ran out of audio while playing; `count` underruns since it opened.
    case underflow(count: Int)
  }

  /// What happened to the strip, as a `strip` event says it.
  public enum StripChange: Sendable, Equatable {
    case locked
    case unlocked
    /// It came on the screen; `reason` is why (a `pip` reason, or a show rule that let go).
    case shown(reason: String)
    /// It went off the screen; `reason` is why (a `pip` reason, or the show rule holding it).
    case hidden(reason: String)
  }

  /// What a SIGHUP's reading of the settings file did, as a `settings` event says it.
  public enum SettingsOutcome: Sendable, Equatable {
    /// `applied`: the keys changed at once; `restart`: those that differ from the file read at
    /// start and need a restart.
    case reloaded(applied: [String], restart: [String])
    /// The file had a mistake: nothing changed, `message` says why.
    case kept(message: String)
  }
}
