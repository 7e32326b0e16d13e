#ifndef MODELKIT_BENCHMARK_HEAP_STATISTICS_H
#define MODELKIT_BENCHMARK_HEAP_STATISTICS_H

#include <stddef.h>

/// The bytes that the process's allocator has handed out and not had back, or 0 where the
/// allocator does not say. Swift cannot call `mallinfo2`, which returns a C structure that
/// Glibc's module does not import, so the benchmark asks through this function.
size_t modelkit_heap_bytes_in_use(void);

#endif
