// The layouts `EciesP256Template.validate` accepts without parsing must be exactly ones the
// full check accepts (specs/tink-hybrid.md §"Key protos"), and changing any byte of them must
// send the input through the full check.
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("ECIES template params shortcut")
struct EciesTemplateParamsTests {
    @Test("every written layout passes the full check")
    func writtenLayoutsAreValid() throws {
        #expect(EciesP256Template.writtenParams.count == 5)
        for params in EciesP256Template.writtenParams {
            try EciesP256Template.validateFully(params: params[...])
        }
    }

    @Test("a layout one byte away is judged by the full check, like the full check judges it")
    func nearLayoutsTakeTheFullCheck() {
        let written = EciesP256Template.serializedParams
        for index in written.indices {
            var changed = written
            changed[index] ^= 0x01
            let shortcut = Result { () throws(CloserError) in try EciesP256Template.validate(params: changed[...]) }
            let full = Result { () throws(CloserError) in try EciesP256Template.validateFully(params: changed[...]) }
            switch (shortcut, full) {
            case (.success, .success): break
            case (.failure(let a), .failure(let b)): #expect(a.code == b.code, "byte \(index)")
            default: Issue.record("byte \(index): shortcut and full check disagree")
            }
        }
    }
}
