// OpenSSL's EVP digests, for SHAKE128 (swift-crypto does not expose it): the stream of
// `closer-spec accumulate` (specs/explore.md §"Accumulated mode").
#include <openssl/evp.h>
