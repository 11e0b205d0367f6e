// SHA-256's compression function on the x86 SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2), written here
// from the instructions' definitions (Intel SDM, "Intel SHA Extensions"): two rounds per SHA256RNDS2 on the
// state held as ABEF and CDGH, the message schedule four words at a time.
#include "CHash.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int reps3d_sha256_hardware(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    int sha = (b >> 29) & 1;
    return ssse3 && sse41 && sha;
}

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

__attribute__((target("sha,sse4.1,ssse3")))
void reps3d_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // H0..H3 = A B C D and H4..H7 = E F G H (lane 0 first) into ABEF = (F E B A) and CDGH = (H G D C).
    __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i badc = _mm_shuffle_epi32(abcd, 0xB1);
    __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1B);
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);
    // The message is big-endian words.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);

    for (size_t n = 0; n < blocks; n++, data += 64) {
        const __m128i abef0 = abef, cdgh0 = cdgh;
        __m128i w[4];
        for (int g = 0; g < 16; g++) {
            __m128i m;
            if (g < 4) {
                m = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), swap);
            } else {
                // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], four at a time: w[g & 3] holds words
                // 4(g-4)..., w[(g+1)&3] the next four, w[(g+2)&3] and w[(g+3)&3] the last eight.
                __m128i t = _mm_sha256msg1_epu32(w[g & 3], w[(g + 1) & 3]);
                t = _mm_add_epi32(t, _mm_alignr_epi8(w[(g + 3) & 3], w[(g + 2) & 3], 4));
                m = _mm_sha256msg2_epu32(t, w[(g + 3) & 3]);
            }
            w[g & 3] = m;
            __m128i wk = _mm_add_epi32(m, _mm_loadu_si128((const __m128i *)&K[4 * g]));
            // Two rounds on the low two words, then two on the high two; the roles of the halves alternate.
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);   // lanes: A B E F
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);   // lanes: G H C D
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else
int reps3d_sha256_hardware(void) { return 0; }
void reps3d_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) { (void)state; (void)data; (void)blocks; }
#endif
