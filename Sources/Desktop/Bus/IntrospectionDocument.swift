/// The introspection XML of one bus object: the document type, the two standard interfaces
/// every object here answers (`Introspectable`, `Properties`), then the object's own.
enum IntrospectionDocument {
  /// - Parameters:
  ///   - properties: more members of `org.freedesktop.DBus.Properties` (`Set`, the
  ///     `PropertiesChanged` signal), each line ending in a newline.
  ///   - interfaces: the object's own `<interface>` elements, ending in a newline.
  static func xml(properties: String = "", interfaces: String) -> String {
    """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
     <interface name="org.freedesktop.DBus.Introspectable">
      <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
     </interface>
     <interface name="org.freedesktop.DBus.Properties">
      <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/>\
    <arg type="v" direction="out"/></method>
      <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>

    """ + properties + " </interface>\n" + interfaces + "</node>"
  }
}
