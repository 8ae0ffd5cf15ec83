// The layer a refusal's category names when a port sends no `detail` (specs/harness.md §Driver
// item 5: the port's detail, else the test's layer). A key refused inside an app contract is the
// contract's fault, not the keyset layer's.

import Testing

@testable import CloserHarness

@Suite("a refusal's category without a detail")
struct RefusalCategoryLayerTests {
    @Test("invalid_key and unsupported name keyset for a Tink op, the op's own layer for a contract")
    func keyCategories() {
        for category in ["invalid_key", "unsupported"] {
            #expect(LayerDiagnosis.layer(category: category, op: .keysetValidate) == .keyset)
            #expect(LayerDiagnosis.layer(category: category, op: .quietHoursCheck) == .contract)
            #expect(LayerDiagnosis.layer(category: category, op: nil) == .keyset)
        }
        #expect(LayerDiagnosis.layer(category: "authentication_failure", op: .keysetValidate) == .aead)
    }
}
