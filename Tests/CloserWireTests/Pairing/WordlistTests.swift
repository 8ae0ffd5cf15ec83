// specs/recovery-phrase.md §"Wordlist": the rules of wordlist v1, checked on the file
// specs/wordlist-v1.txt and on the copy compiled into CloserWire. (The file's SHA-256,
// pinned in the spec, is checked by oracles/python/test_wordlist.py.)

import CloserWire
import Foundation
import Testing

@Suite("wordlist v1")
struct WordlistTests {
    static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/wordlist-v1.txt")

    let list = RecoveryPhrase.wordlist

    @Test("the compiled list is specs/wordlist-v1.txt: one word per line, LF, final newline")
    func matchesFile() throws {
        let text = try String(contentsOf: Self.fileURL, encoding: .utf8)
        #expect(text == list.joined(separator: "\n") + "\n")
    }

    @Test("256 distinct words")
    func count() {
        #expect(list.count == 256)
        #expect(Set(list).count == 256)
    }

    @Test("3 to 8 lowercase ASCII letters")
    func letters() {
        for w in list {
            #expect((3...8).contains(w.utf8.count), "\(w)")
            #expect(w.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }, "\(w)")
        }
    }

    @Test("the first four letters identify a word; no word's prefix is another's")
    func uniquePrefixes() {
        let prefixes = list.map { String($0.prefix(4)) }
        #expect(Set(prefixes).count == 256)
        for (i, a) in prefixes.enumerated() {
            for (j, b) in prefixes.enumerated() where i != j {
                #expect(!b.hasPrefix(a), "\(list[i]) / \(list[j])")
            }
        }
    }

    @Test("no two words at edit distance 1, swaps included (one typo never makes another list word)")
    func noNeighbours() {
        for i in 0..<list.count {
            for j in (i + 1)..<list.count {
                #expect(RecoveryPhrase.editDistance(list[i], list[j]) > 1, "\(list[i]) / \(list[j])")
            }
        }
    }

    @Test("the list is sorted (an order-independent review aid; the index is the contract)")
    func sorted() {
        #expect(list == list.sorted())
    }
}
