#ifndef REPS3D_CHASH_H
#define REPS3D_CHASH_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has the x86 SHA extensions (and the SSSE3 and SSE4.1 they are used with), else 0.
int reps3d_sha256_hardware(void);

/// Runs SHA-256's compression function (FIPS 180-4, 6.2.2) over `blocks` 64-byte blocks at `data` with the
/// x86 SHA extensions, updating `state` (H0...H7). Call only when reps3d_sha256_hardware() is 1.
void reps3d_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
