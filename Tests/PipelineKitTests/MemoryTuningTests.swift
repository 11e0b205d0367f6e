import PipelineKit
import Testing

/// The allocator settings go through the C shim and take effect where the C library is glibc.
@Suite struct MemoryTuningTests {
    @Test func keepFreedMemoryTakesEffectOnGlibc() {
        #if canImport(Glibc)
        #expect(MemoryTuning.keepFreedMemory(), "mallopt refused M_MMAP_THRESHOLD or M_TRIM_THRESHOLD")
        #else
        #expect(!MemoryTuning.keepFreedMemory())
        #endif
    }
}
