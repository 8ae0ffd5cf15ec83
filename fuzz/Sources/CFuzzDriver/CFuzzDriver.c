// Declarations only (CFuzzDriver.h); the driver itself is libFuzzer's.
