/// Keeps freed large buffers in the process instead of returning them to the kernel.
///
/// glibc serves allocations above `M_MMAP_THRESHOLD` (128 KiB at first) with fresh `mmap`s and trims
/// freed memory back to the kernel, so each icon's frame buffers (a few hundred KiB each) were
/// page-faulted in anew: 180,000 minor faults and 0.5 s of system time for the 60-icon batch. With
/// both thresholds raised, buffers are reused: 5,500 faults, 0.01 s. Peak memory stays bounded (the
/// batch holds at most `jobs` icons' buffers at a time).
enum MemoryTuning {
    #if os(Linux)
    /// glibc's `mallopt(3)` (`<malloc.h>` is not in the Glibc module map).
    @_silgen_name("mallopt") private static func mallopt(_ param: Int32, _ value: Int32) -> Int32
    private static let mTrimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
    private static let mMmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
    #endif

    static func applyForBatch() {
        #if os(Linux)
        _ = mallopt(mMmapThreshold, 64 << 20)
        _ = mallopt(mTrimThreshold, 256 << 20)
        #endif
    }
}
