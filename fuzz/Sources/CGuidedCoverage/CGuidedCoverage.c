// SanitizerCoverage's inline 8-bit counters, read through the linker's bounds of their section
// (__sancov_cntrs: one counter per edge of every module built with -sanitize=fuzzer). libFuzzer
// reads and clears the same counters after each input; guided explore reads them first, at the
// end of its callback, to keep the run's union of edges. specs/explore.md §"Guided".
#include "CGuidedCoverage.h"
#include <string.h>

extern uint8_t __start___sancov_cntrs[] __attribute__((weak));
extern uint8_t __stop___sancov_cntrs[] __attribute__((weak));

size_t guided_edges_total(void) {
    if (!__start___sancov_cntrs || !__stop___sancov_cntrs) return 0;
    return (size_t)(__stop___sancov_cntrs - __start___sancov_cntrs);
}

size_t guided_edges_collect(uint8_t *seen) {
    size_t n = guided_edges_total(), added = 0;
    for (size_t i = 0; i < n; i++) {
        if (__start___sancov_cntrs[i] && !seen[i]) {
            seen[i] = 1;
            added++;
        }
    }
    return added;
}

void guided_edges_clear(void) {
    size_t n = guided_edges_total();
    if (n) memset(__start___sancov_cntrs, 0, n);
}

void guided_edges_save(uint8_t *buffer) {
    size_t n = guided_edges_total();
    if (n) memcpy(buffer, __start___sancov_cntrs, n);
}

void guided_edges_restore(const uint8_t *buffer) {
    size_t n = guided_edges_total();
    if (n) memcpy(__start___sancov_cntrs, buffer, n);
}

// libFuzzer's archive brings its own main (SwiftPM's debug link names the Swift entry point with
// --defsym, after the archives are searched), and that main refers to this function. The guided
// executable's own main runs (the --defsym wins) and drives libFuzzer through
// LLVMFuzzerRunDriver with its callback: this one is never called.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    return 0;
}
