/// Answers one method call the bus delivered to an object of ours: the reply's values, or a
/// D-Bus error the caller hears about. Shared by every object the module registers.
enum BusMethodCall {
  /// A method call that failed in a way the caller should hear about.
  struct Refusal: Error {
    var name: String
    var message: String

    static func invalidArgs(_ message: String) -> Refusal {
      Refusal(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    static func unknownInterface(_ interface: String) -> Refusal {
      Refusal(
        name: "org.freedesktop.DBus.Error.UnknownInterface", message: "no interface \(interface)")
    }
  }

  /// Runs `answer` for `call` and sends its reply; false when `answer` says the call is not
  /// ours (nil), and sd-bus then answers "unknown method".
  static func handle(
    _ call: BusMessage, on connection: BusConnection,
    answer: (BusMessage) throws -> [DBusValue]?
  ) -> Bool {
    let outcome: Result<[DBusValue], Refusal>?
    do {
      outcome = try answer(call).map { .success($0) }
    } catch let refusal as Refusal {
      outcome = .failure(refusal)
    } catch {
      outcome = .failure(.invalidArgs("\(error)"))
    }
    guard let outcome else { return false }
    do {
      switch outcome {
      case .success(let values):
        let reply = try connection.newMethodReturn(to: call)
        for value in values { try reply.append(value) }
        try connection.send(reply)
      case .failure(let refusal):
        try connection.replyError(to: call, name: refusal.name, message: refusal.message)
      }
    } catch {
      // The caller's connection went away, or the bus refused the reply: nothing to tell.
    }
    return true
  }

  /// `org.freedesktop.DBus.Properties` Get and GetAll over `properties(interface)`; nil for
  /// another member (Set is the object's own business).
  static func properties(
    _ call: BusMessage, _ properties: (String) throws -> [DBusValue.Entry]
  ) throws -> [DBusValue]? {
    switch call.member {
    case "Get":
      let interface = try call.readString()
      let name = try call.readString()
      guard let entry = try properties(interface).first(where: { $0.key == name }) else {
        throw Refusal.invalidArgs("no property \(name) on \(interface)")
      }
      return [.wrapping(entry.value)]
    case "GetAll":
      return [.dictionary(try properties(try call.readString()))]
    default:
      return nil
    }
  }
}
