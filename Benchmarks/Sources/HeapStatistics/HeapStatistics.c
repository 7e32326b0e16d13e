#include "HeapStatistics.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
#elif defined(__linux__)
#include <malloc.h>
#endif

#if defined(__APPLE__)
size_t modelkit_heap_bytes_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t modelkit_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    // Small blocks in the arenas, and the large ones mapped on their own.
    return info.uordblks + info.hblkhd;
}
#else
size_t modelkit_heap_bytes_in_use(void) {
    return 0;
}
#endif
