#pragma once
// The X Damage extension, for the display tests only: what the X server was asked to draw on a
// window (the strip presents only what changed), seen from a connection of the test's own.
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>

// Whether `event` is a damage notice (the extension's first event is `eventBase`); its area.
static inline int lyricpip_damage_area(const XEvent *event, int eventBase, XRectangle *area) {
  if (event->type != eventBase + XDamageNotify) return 0;
  *area = ((const XDamageNotifyEvent *)event)->area;
  return 1;
}
