// Guided explore's coverage counting and libFuzzer's driver (specs/explore.md §"Guided").
// This C target is not instrumented: only the reference's libraries are (Package.swift,
// CLOSER_GUIDED=1), so these edges are theirs alone.
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver entry point (compiler-rt, linked by -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// The number of edges instrumented (inline 8-bit counters, one per edge); 0 when the binary has none.
size_t guided_edges_total(void);
/// Sets seen[i] to 1 for every counter i that is non-zero now; returns how many were newly set.
size_t guided_edges_collect(uint8_t *seen);
/// Copies the counters to `buffer` (guided_edges_total bytes), and back.
void guided_edges_save(uint8_t *buffer);
void guided_edges_restore(const uint8_t *buffer);
/// Zeroes every counter (after the baseline, so that the fuzzer starts from nothing).
void guided_edges_clear(void);
