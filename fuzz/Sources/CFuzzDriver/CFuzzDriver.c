// Declarations (CFuzzDriver.h); the driver itself is libFuzzer's.
#include "CFuzzDriver.h"

// A debug link (fuzz/run.sh's FUZZ_BUILD=quick) pulls libFuzzer's own main from its archive
// (SwiftPM's debug link names the Swift entry point with --defsym, after the archives are
// searched), and that main refers to this function. closer-fuzz's main runs (the --defsym wins)
// and drives libFuzzer through LLVMFuzzerRunDriver with its callback: this one is never called.
// A release link never pulls that main; the definition is then unused.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data;
    (void)size;
    return 0;
}
