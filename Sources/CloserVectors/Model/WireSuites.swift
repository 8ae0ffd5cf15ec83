// Every wire and contract suite of the vector set, by file name. Normative: specs/vectors.md §"Suites".

import CloserWire

/// A suite builder: deterministic, from the suite's own DRBG.
package struct WireSuiteBuilder: Sendable {
    package let name: String
    package let build: @Sendable () throws(CloserError) -> WireSuite
}

package enum WireSuites {
    package static let all: [WireSuiteBuilder] = [
        WireSuiteBuilder(name: EncV1Suite.name, build: EncV1Suite.build),
        WireSuiteBuilder(name: CallablesSuite.name, build: CallablesSuite.build),
        WireSuiteBuilder(name: DateKeysSuite.name, build: DateKeysSuite.build),
        WireSuiteBuilder(name: PushRoutingSuite.name, build: PushRoutingSuite.build),
        WireSuiteBuilder(name: EncodingsSuite.name, build: EncodingsSuite.build),
        WireSuiteBuilder(name: TinkKeysetSuite.name, build: TinkKeysetSuite.build),
        WireSuiteBuilder(name: TinkAEADSuite.name, build: TinkAEADSuite.build),
        WireSuiteBuilder(name: TinkHybridSuite.name, build: TinkHybridSuite.build),
        WireSuiteBuilder(name: KeyboxV1Suite.name, build: KeyboxV1Suite.build),
        WireSuiteBuilder(name: Argon2idSuite.name, build: Argon2idSuite.build),
        WireSuiteBuilder(name: CoupleKeyWrapSuite.name, build: CoupleKeyWrapSuite.build),
        WireSuiteBuilder(name: RecoveryPhraseSuite.name, build: RecoveryPhraseSuite.build),
        WireSuiteBuilder(name: InvitePhraseSuite.name, build: InvitePhraseSuite.build),
        WireSuiteBuilder(name: PairingSuite.name, build: PairingSuite.build),
        WireSuiteBuilder(name: CanonicalJSONSuite.name, build: CanonicalJSONSuite.build),
        WireSuiteBuilder(name: CommitmentSuite.name, build: CommitmentSuite.build),
        WireSuiteBuilder(name: SealedV1Suite.name, build: SealedV1Suite.build),
        WireSuiteBuilder(name: PubV1Suite.name, build: PubV1Suite.build),
        WireSuiteBuilder(name: SealedRevealSuite.name, build: SealedRevealSuite.build),
        WireSuiteBuilder(name: FitLinkChatSuite.name, build: FitLinkChatSuite.build),
        WireSuiteBuilder(name: FitLinkRulesSuite.name, build: FitLinkRulesSuite.build),
        WireSuiteBuilder(name: RewardERulesSuite.name, build: RewardERulesSuite.build),
    ]
}
