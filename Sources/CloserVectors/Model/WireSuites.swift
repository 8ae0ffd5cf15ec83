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
        WireSuiteBuilder(name: FitLinkChatSuite.name, build: FitLinkChatSuite.build),
        WireSuiteBuilder(name: FitLinkRulesSuite.name, build: FitLinkRulesSuite.build),
        WireSuiteBuilder(name: RewardERulesSuite.name, build: RewardERulesSuite.build),
    ]
}
