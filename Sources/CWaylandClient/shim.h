#pragma once
#include <wayland-client.h>

// The strip's shared-memory buffers live in a memfd (anonymous, no name in any folder). glibc
// declares memfd_create only under _GNU_SOURCE, which Swift's Glibc module is not built with;
// the function itself is in every glibc since 2.27. Declared here as glibc's <bits/mman-shared.h>
// has it, and called only from Sources/WaylandStrip/WaylandCalls.swift.
int memfd_create(const char *name, unsigned int flags);
#define LYRICPIP_MFD_CLOEXEC 0x0001U

// The interfaces the strip binds, by their real addresses: libwayland keeps the pointer a bind
// is given and compares it later, and Swift can take no lasting address of an imported C
// constant (`withUnsafePointer(to:)` may hand out a temporary copy, which in a release build is
// gone, and `Bindable`'s name check then read freed stack: a crash at the first global). The
// layer-shell interface is declared inside its function, so that no second declaration of the
// generated glue's variable reaches Swift.
static inline const struct wl_interface *lyricpip_compositor_interface(void) {
  return &wl_compositor_interface;
}
static inline const struct wl_interface *lyricpip_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *lyricpip_seat_interface(void) {
  return &wl_seat_interface;
}
static inline const struct wl_interface *lyricpip_output_interface(void) {
  return &wl_output_interface;
}
static inline const struct wl_interface *lyricpip_layer_shell_interface(void) {
  extern const struct wl_interface zwlr_layer_shell_v1_interface;
  return &zwlr_layer_shell_v1_interface;
}
static inline const struct wl_interface *lyricpip_foreign_toplevel_manager_interface(void) {
  extern const struct wl_interface zwlr_foreign_toplevel_manager_v1_interface;
  return &zwlr_foreign_toplevel_manager_v1_interface;
}
// The optional globals of outputs and scale: an output's logical place and size (xdg-output),
// and the fractional scale a surface should be drawn at, with the viewport that shows a buffer
// of that many pixels at the surface's logical size.
static inline const struct wl_interface *lyricpip_xdg_output_manager_interface(void) {
  extern const struct wl_interface zxdg_output_manager_v1_interface;
  return &zxdg_output_manager_v1_interface;
}
static inline const struct wl_interface *lyricpip_viewporter_interface(void) {
  extern const struct wl_interface wp_viewporter_interface;
  return &wp_viewporter_interface;
}
static inline const struct wl_interface *lyricpip_fractional_scale_manager_interface(void) {
  extern const struct wl_interface wp_fractional_scale_manager_v1_interface;
  return &wp_fractional_scale_manager_v1_interface;
}
