// Walks the loader's list of loaded objects for their never-writable segments (CLoader.h).
#define _GNU_SOURCE 1
#include "CLoader.h"

#include <elf.h>
#include <link.h>
#include <string.h>

typedef struct {
  lyricpip_address_range *ranges;
  size_t capacity;
  size_t count;
} lyricpip_range_list;

/// Whether an object's dynamic section asks for text relocations (its read-only segments were
/// written by the loader).
static int lyricpip_has_text_relocations(const struct dl_phdr_info *info) {
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type != PT_DYNAMIC) continue;
    const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
    for (; entry->d_tag != DT_NULL; entry++) {
      if (entry->d_tag == DT_TEXTREL) return 1;
      if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 1;
    }
  }
  return 0;
}

static int lyricpip_collect_read_only_segments(
    struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  lyricpip_range_list *list = data;
  // The vDSO is the kernel's, not a file's.
  if (info->dlpi_name && strncmp(info->dlpi_name, "linux-vdso", 10) == 0) return 0;
  if (lyricpip_has_text_relocations(info)) return 0;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    // Writable segments hold relocated data (RELRO included: it is made read-only only
    // after the loader wrote it); only segments never writable are the file's own bytes.
    if (header->p_type != PT_LOAD || (header->p_flags & PF_W)) continue;
    if (list->count == list->capacity) return 1;
    list->ranges[list->count].start = info->dlpi_addr + header->p_vaddr;
    list->ranges[list->count].end = info->dlpi_addr + header->p_vaddr + header->p_memsz;
    list->count++;
  }
  return 0;
}

size_t lyricpip_read_only_segments(
    lyricpip_address_range *ranges, size_t capacity) {
  lyricpip_range_list list = {ranges, capacity, 0};
  dl_iterate_phdr(lyricpip_collect_read_only_segments, &list);
  return list.count;
}
