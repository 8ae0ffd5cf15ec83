// The implementation's identity: `info` in the harness, `generatorVersion` in vector files,
// `closer-spec --version`.

/// Identity of this implementation.
package enum CloserSpecVersion {
    package static let implementation = "closer-spec"
    package static let version = "0.1.0"
}
