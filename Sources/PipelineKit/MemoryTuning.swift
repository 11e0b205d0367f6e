import CMemory

/// Keeps freed large buffers in the process instead of returning them to the kernel: the one binding of
/// glibc's `mallopt(3)` in the package (through the C target `CMemory`, which includes `<malloc.h>`), for the icon batch and the benchmarks.
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

    /// Raises both thresholds for the rest of the process.
    ///
    /// - Returns: whether both took effect (false off glibc, where the allocator has no such settings).
    @discardableResult
    package static func keepFreedMemory() -> Bool {
        reps3d_keep_freed_memory(mmapThreshold, trimThreshold) == 1
    }
}
