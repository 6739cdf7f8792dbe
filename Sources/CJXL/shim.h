#ifndef TRIPS_CJXL_SHIM_H
#define TRIPS_CJXL_SHIM_H
// libjxl (Debian's libjxl-dev): JPEG XL decoding, its thread pool runner,
// and the sRGB colour encoding (declared beside the encoder).
#include <jxl/decode.h>
#include <jxl/encode.h>
#include <jxl/thread_parallel_runner.h>
#include <sys/syscall.h>
#include <unistd.h>

// The CPUs this process may run on, from the sched_getaffinity system call
// (allowed in the decode sandbox; glibc's CPU count reads /sys, which is
// not, and its wrapper needs _GNU_SOURCE). 1 when unknown.
static inline int trips_usable_cpus(void) {
    unsigned long mask[16] = {0};
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    int count = 0;
    for (long i = 0; i < bytes / (long)sizeof mask[0]; i++) count += __builtin_popcountl(mask[i]);
    return count > 0 ? count : 1;
}
#endif
