// Reward-E contracts at their boundaries (specs/profiles/reward-e/balance.md, version.md,
// quotas.md, deep-link.md, invite-code.md): the numbers the architecture document states, and the
// decided edges, each asserted as written on the page.

import CoreWire
import RewardE
import Testing

@Suite("Reward-E contracts")
struct RewardEContractTests {
    @Test("quota limits are the document's 5 / 100 / 20 / 50")
    func limits() {
        #expect(RewardEQuota.allCases.map(\.limit) == [5, 100, 20, 50])
        #expect(RewardEQuota.familiesPerUserPerDay.breachAction == "delete_created")
    }

    /// The error code `body` throws, or nil.
    func code(_ body: () throws -> some Any) -> CloserError.Code? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? CloserError)?.code
        }
    }

    @Test("an earn saturates at Int32.max; a spend above the balance is refused; amounts are checked first")
    func balance() throws {
        #expect(try RewardEBalance.apply([(.earn, 10)], to: 2_147_483_640) == 2_147_483_647)
        #expect(code { try RewardEBalance.apply([(.spend, 2)], to: 1) } == .rewardEInsufficientBalance)
        #expect(code { try RewardEBalance.apply([(.spend, 4_294_967_296)], to: 2_147_483_647) } == .rewardEOutOfRange)
        #expect(code { try RewardEBalance.apply([(.spend, 8), (.earn, 0)], to: 7) } == .rewardEOutOfRange)
    }

    @Test("a stale version is refused, the current one increments")
    func version() throws {
        let stored = RewardEFamilyVersion(version: 3, lastModifiedBy: "a")
        #expect(try stored.write(baseVersion: 3, by: "b") == RewardEFamilyVersion(version: 4, lastModifiedBy: "b"))
        #expect(code { try stored.write(baseVersion: 2, by: "b") } == .rewardEStaleVersion)
    }

    @Test("a platform spelled IOS cannot skip the iOS product check")
    func premiumPlatform() {
        let record = RewardEPremium.Record(
            active: true, platform: "IOS", productID: "free_forever", expiresAt: nil, ownerID: "u1")
        #expect(code { try RewardEPremium.grantingOwner([record], at: 0) } == .rewardEUnknownEnumValue)
    }

    @Test("deep links round-trip; invite alphabet has 32 unambiguous symbols")
    func linksAndCodes() throws {
        let url = try RewardEDeepLink.format(childID: "aZ3kP9qR2sT8uV1wX4yB")
        #expect(url == "reward-e://child/aZ3kP9qR2sT8uV1wX4yB")
        #expect(try RewardEDeepLink.parse(url) == "aZ3kP9qR2sT8uV1wX4yB")
        #expect(Set(RewardEInviteCode.alphabet).count == 32)
        #expect(!RewardEInviteCode.alphabet.contains { "01IO".utf8.contains($0) })
    }
}

@Suite("Reward-E and FitLink errors quote input")
struct ProfileErrorQuotingTests {
    /// An unknown member of 1 000 characters with a terminal escape: the reason carries at most 64
    /// scalars of it, escaped (CloserError.quoted, as the core's messages do).
    @Test("an unknown member name is truncated and escaped in the reason")
    func unknownMemberQuoted() {
        let name = "\u{1B}[2J" + String(repeating: "x", count: 1000)
        do {
            _ = try RewardEDocument.validate("goal", .object([name: .bool(true)]))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .rewardEUnknownField)
            #expect(!error.reason.unicodeScalars.contains("\u{1B}"))
            #expect(error.reason.count < 120)
        }
    }
}
