/// Which settings keys differ between two readings of the settings file, by the names the file
/// uses (docs/settings.md), in the table's order (`SettingKey.all`), each once. The look's five
/// colour and outline keys are one entry, `look`, since they change the look together.
public enum SettingsChange {
  public static func keys(from old: AppConfig, to new: AppConfig) -> [String] {
    var keys: [String] = []
    for setting in SettingKey.all
    where setting.differs(from: old, to: new) && !keys.contains(setting.changeName) {
      keys.append(setting.changeName)
    }
    return keys
  }
}
