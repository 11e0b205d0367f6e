#ifndef REPS3D_CMEMORY_H
#define REPS3D_CMEMORY_H

/// Raises the C library's thresholds for serving allocations with their own mmap and for trimming free
/// memory back to the kernel (glibc's mallopt(3), M_MMAP_THRESHOLD and M_TRIM_THRESHOLD), in bytes.
///
/// Returns 1 when both took effect, 0 when the C library has no such setting (not glibc) or refused one.
int reps3d_keep_freed_memory(int mmap_threshold, int trim_threshold);

#endif
