/// Which settings keys differ between two readings of the settings file, by the names the file
/// uses (docs/settings.md), in the table's order (`SettingKey.all`), each once. The look's five
/// colour and outline keys are one entry, `look`, since they change the look together.
public enum SettingsChange {
  /// `among`: the keys to compare (a reload leaves out those a flag decides, which may share
  /// their change name with keys it compares: `--look` and the colour keys).
  public static func keys(
    from old: AppConfig, to new: AppConfig, among settings: [SettingKey] = SettingKey.all
  ) -> [String] {
    var keys: [String] = []
    for setting in settings
    where setting.differs(from: old, to: new) && !keys.contains(setting.changeName) {
      keys.append(setting.changeName)
    }
    return keys
  }
}
