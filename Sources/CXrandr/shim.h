#pragma once
// RandR: the monitors of the X screen (RandR 1.5 monitors include those `xrandr --setmonitor`
// makes) and the events that say they changed.
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
