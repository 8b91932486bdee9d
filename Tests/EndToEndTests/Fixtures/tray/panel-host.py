#!/usr/bin/python3
"""A small panel for the tests: a StatusNotifierWatcher and host on the session bus.

It owns org.kde.StatusNotifierWatcher, waits for an item to register, reads the item's
properties and its dbusmenu layout, then clicks the menu entries named on the command line
(each a label prefix, such as "Lock" or "Pause"), reading the layout again after each click, as a
panel does. Each step is one JSON line on stdout. It exits after the last click, or with status
3 when no item registers within the time given by --wait (seconds).
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

WATCHER = "org.kde.StatusNotifierWatcher"
ITEM = "org.kde.StatusNotifierItem"
MENU = "com.canonical.dbusmenu"


def say(**fields):
    print(json.dumps(fields), flush=True)


def plain(value):
    """dbus-python values as JSON-friendly Python values."""
    if isinstance(value, (dbus.Array, list)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.Struct, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Int32, dbus.UInt32, dbus.Int64, dbus.Byte)):
        return int(value)
    if isinstance(value, (dbus.String, dbus.ObjectPath)):
        return str(value)
    return value


class Watcher(dbus.service.Object):
    def __init__(self, bus, on_item):
        super().__init__(bus, "/StatusNotifierWatcher")
        self.on_item = on_item

    @dbus.service.method(WATCHER, in_signature="s", out_signature="", sender_keyword="sender")
    def RegisterStatusNotifierItem(self, service, sender=None):
        say(step="registered", service=str(service), sender=str(sender))
        # Answer first, then talk to the item, as a panel does.
        GLib.idle_add(self.on_item, str(sender), str(service))

    @dbus.service.method(WATCHER, in_signature="s", out_signature="")
    def RegisterStatusNotifierHost(self, service):
        pass


def main():
    clicks = [a for a in sys.argv[1:] if not a.startswith("--")]
    wait = 40
    for a in sys.argv[1:]:
        if a.startswith("--wait="):
            wait = float(a.split("=", 1)[1])
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    loop = GLib.MainLoop()
    state = {"status": 0}

    def layout_of(menu):
        revision, layout = menu.GetLayout(0, -1, dbus.Array([], signature="s"),
                                          dbus_interface=MENU)
        items = []
        for child in layout[2]:
            props = plain(child[1])
            items.append({"id": int(child[0]), **props})
        return int(revision), items

    def on_item(sender, service):
        try:
            path = service if service.startswith("/") else "/StatusNotifierItem"
            item = bus.get_object(sender, path)
            props = plain(item.GetAll(ITEM, dbus_interface="org.freedesktop.DBus.Properties"))
            say(step="item", properties=props)
            menu = bus.get_object(sender, props["Menu"])
            menu_props = plain(menu.GetAll(MENU, dbus_interface="org.freedesktop.DBus.Properties"))
            say(step="menu", properties=menu_props)
            revision, items = layout_of(menu)
            say(step="layout", revision=revision, items=items)
            for prefix in clicks:
                target = next((i for i in items if str(i.get("label", "")).startswith(prefix)), None)
                if target is None:
                    say(step="missing", label=prefix)
                    state["status"] = 4
                    break
                # The player changes its menu once its state moved: read it again when told.
                # (Listening before the click, so the signal cannot come first.)
                changed = {"seen": False}

                def layout_updated(revision, parent):
                    changed["seen"] = True

                match = bus.add_signal_receiver(layout_updated, "LayoutUpdated", MENU,
                                                sender, props["Menu"])
                menu.AboutToShow(0, dbus_interface=MENU)
                menu.Event(target["id"], "clicked", dbus.Int32(0, variant_level=1), dbus.UInt32(0),
                           dbus_interface=MENU)
                say(step="clicked", id=target["id"], label=target["label"])
                context = loop.get_context()
                deadline = GLib.get_monotonic_time() + 10 * 1000000
                while not changed["seen"] and GLib.get_monotonic_time() < deadline:
                    context.iteration(True)
                match.remove()
                revision, items = layout_of(menu)
                say(step="layout", revision=revision, items=items, updated=changed["seen"])
        except dbus.DBusException as error:
            say(step="error", message=str(error))
            state["status"] = 5
        loop.quit()
        return False

    Watcher(bus, on_item)
    name = dbus.service.BusName(WATCHER, bus, do_not_queue=True)
    say(step="watching", name=WATCHER)

    def timeout():
        say(step="timeout")
        state["status"] = 3
        loop.quit()
        return False

    GLib.timeout_add(int(wait * 1000), timeout)
    loop.run()
    del name
    sys.exit(state["status"])


main()
