// The one call into the C allocator's settings: <malloc.h> is not in Swift's Glibc module, and binding
// mallopt by symbol name from Swift would skip the header's declaration.
#include <stdlib.h>
#include "CMemory.h"

#if defined(__GLIBC__)
#include <malloc.h>

int reps3d_keep_freed_memory(int mmap_threshold, int trim_threshold) {
    int mmap_ok = mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    int trim_ok = mallopt(M_TRIM_THRESHOLD, trim_threshold);
    return mmap_ok == 1 && trim_ok == 1;
}
#else
int reps3d_keep_freed_memory(int mmap_threshold, int trim_threshold) {
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
}
#endif
