/// Keeps freed large buffers in the process instead of returning them to the kernel: the one binding of
/// glibc's `mallopt(3)` in the package, for the icon batch and the benchmarks.
///
/// glibc serves allocations above `M_MMAP_THRESHOLD` (128 KiB at first) with fresh `mmap`s and trims
/// freed memory back to the kernel, so each icon's frame buffers (a few hundred KiB each) were
/// page-faulted in anew: 180,000 minor faults and 0.5 s of system time for the 60-icon batch. With
/// both thresholds raised, buffers are reused: 5,500 faults, 0.01 s. Peak memory stays bounded (the
/// batch holds at most `jobs` icons' buffers at a time). `bench parse` applies the same values so its
/// repetitions time the loader, not page faults (about a third of a 0.5 MB file's load on this VM).
package enum MemoryTuning {
    /// Allocations up to this size come from the heap, not their own `mmap` (64 MiB: an icon's frame
    /// buffers and a large file's number arrays).
    package static let mmapThreshold: Int32 = 64 << 20
    /// Free memory at the top of the heap is kept up to this size (256 MiB) instead of trimmed.
    package static let trimThreshold: Int32 = 256 << 20

    #if os(Linux)
    /// glibc's `mallopt(3)` (`<malloc.h>` is not in the Glibc module map).
    @_silgen_name("mallopt") private static func mallopt(_ param: Int32, _ value: Int32) -> Int32
    private static let mTrimThreshold: Int32 = -1  // M_TRIM_THRESHOLD in <malloc.h>
    private static let mMmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
    #endif

    /// Raises both thresholds for the rest of the process (no effect off Linux).
    package static func keepFreedMemory() {
        #if os(Linux)
        _ = mallopt(mMmapThreshold, mmapThreshold)
        _ = mallopt(mTrimThreshold, trimThreshold)
        #endif
    }
}
