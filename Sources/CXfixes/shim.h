#pragma once
// The XFixes extension: telling when a selection changes owner (a compositing manager starting
// or ending owns or lets go of _NET_WM_CM_Sn).
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>
