#!/usr/bin/python3
"""Drops files onto an X window the way a file manager does: an XDND source (protocol
version 5) that offers text/uri-list, sends XdndEnter, XdndPosition and XdndDrop to the target,
answers its selection request with the files' URIs and waits for XdndFinished.

usage: xdnd-drop.py WINDOW_ID PATH...   (exit 0 once the target said it finished)
"""
import sys
import time
import urllib.parse

from Xlib import X, Xatom, display, protocol

def main():
    target_id = int(sys.argv[1], 0)
    uris = "".join(
        "file://" + urllib.parse.quote(path) + "\r\n" for path in sys.argv[2:]).encode()
    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    root = d.screen().root
    source = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    target = d.create_resource_object("window", target_id)
    aware = target.get_full_property(atom("XdndAware"), Xatom.ATOM)
    if aware is None:
        sys.exit("the window is not XdndAware")
    version = min(5, aware.value[0])
    uri_list = atom("text/uri-list")
    source.set_selection_owner(atom("XdndSelection"), X.CurrentTime)

    def send(kind, data):
        event = protocol.event.ClientMessage(
            window=target, client_type=atom(kind), data=(32, data))
        target.send_event(event)
        d.flush()

    geometry = target.get_geometry()
    origin = target.translate_coords(root, 0, 0)
    x = -origin.x + geometry.width // 2
    y = -origin.y + geometry.height // 2
    send("XdndEnter", [source.id, version << 24, uri_list, 0, 0])
    send("XdndPosition", [source.id, 0, (x << 16) | y, X.CurrentTime, atom("XdndActionCopy")])
    deadline = time.time() + 10
    dropped = False
    while time.time() < deadline:
        if not d.pending_events():
            time.sleep(0.01)
            continue
        event = d.next_event()
        if event.type == X.ClientMessage:
            kind = d.get_atom_name(event.client_type)
            if kind == "XdndStatus" and not dropped:
                if not event.data[1][1] & 1:
                    sys.exit("the window does not accept the drop")
                send("XdndDrop", [source.id, 0, X.CurrentTime, 0, 0])
                dropped = True
            elif kind == "XdndFinished":
                return
        elif event.type == X.SelectionRequest:
            requestor = event.requestor
            requestor.change_property(event.property, event.target, 8, uris)
            notify = protocol.event.SelectionNotify(
                time=event.time, requestor=requestor, selection=event.selection,
                target=event.target, property=event.property)
            requestor.send_event(notify)
            d.flush()
    sys.exit("no XdndFinished within 10 s")

main()
