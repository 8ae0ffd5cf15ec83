// Clearing scratch memory that held decoded bytes (keys and keysets may be secret,
// specs/threat-model.md). A plain store of zeros into memory about to be released is a dead
// store the optimizer removes, so the clearing goes through a C library call it must keep.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Overwrites `buffer` with zeros; kept even when the buffer is released right after.
func clearScratch(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    #if canImport(Darwin)
        _ = memset_s(base, buffer.count, 0, buffer.count)
    #else
        explicit_bzero(base, buffer.count)
    #endif
}
