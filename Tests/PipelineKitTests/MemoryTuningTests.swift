#if canImport(Glibc)
import Glibc
#endif
import PipelineKit
import Testing

/// The allocator settings go through the C shim and take effect where the C library is glibc's own allocator.
@Suite struct MemoryTuningTests {
    /// AddressSanitizer replaces the allocator, and its `mallopt` accepts nothing (it returns 0).
    static var underAddressSanitizer: Bool {
        #if canImport(Glibc)
        return dlsym(nil, "__asan_init") != nil
        #else
        return false
        #endif
    }

    @Test func keepFreedMemoryTakesEffectOnGlibc() {
        let tookEffect = MemoryTuning.keepFreedMemory()
        #if canImport(Glibc)
        // Under ASan the call only has to return (its allocator has no such thresholds); elsewhere both must take.
        if !Self.underAddressSanitizer {
            #expect(tookEffect, "mallopt refused M_MMAP_THRESHOLD or M_TRIM_THRESHOLD")
        }
        #else
        #expect(!tookEffect)
        #endif
    }
}
