// glibc's heap tuning (mallopt), which Swift's Glibc module does not include.
#include <malloc.h>
