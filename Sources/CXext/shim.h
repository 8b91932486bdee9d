#pragma once
// The X Shape extension: a window's input region (click-through) and bounding region.
#include <X11/Xlib.h>
#include <X11/extensions/shape.h>
