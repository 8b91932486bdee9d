#pragma once
#include <X11/Xlib.h>
