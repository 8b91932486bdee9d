#pragma once
#include <wayland-client.h>

// The strip's shared-memory buffers live in a memfd (anonymous, no name in any folder). glibc
// declares memfd_create only under _GNU_SOURCE, which Swift's Glibc module is not built with;
// the function itself is in every glibc since 2.27. Declared here as glibc's <bits/mman-shared.h>
// has it, and called only from Sources/WaylandStrip/WaylandCalls.swift.
int memfd_create(const char *name, unsigned int flags);
#define LYRICPIP_MFD_CLOEXEC 0x0001U
