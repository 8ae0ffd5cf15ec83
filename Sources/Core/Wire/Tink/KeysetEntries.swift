// The usable keys of a validated keyset, in keyset order. Normative: specs/tink-keyset.md
// §"Validation".

/// Every ENABLED key of a keyset with its parsed material, in keyset order.
///
/// A one-key keyset (what apps hold and what `pub:v1:` carries) stores its entry inline and
/// no array: reading one costs no allocation.
package struct KeysetEntries<Key: Hashable & Sendable>: RandomAccessCollection, Hashable, Sendable {
    private let head: TinkKeysetEntry<Key>
    private let tail: [TinkKeysetEntry<Key>]

    /// The entries in keyset order; nil when there are none.
    init?(_ entries: [TinkKeysetEntry<Key>]) {
        guard let first = entries.first else { return nil }
        head = first
        tail = entries.count == 1 ? [] : Array(entries.dropFirst())
    }

    /// A keyset's only entry.
    init(only entry: consuming TinkKeysetEntry<Key>) {
        head = entry
        tail = []
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { 1 + tail.count }
    package subscript(position: Int) -> TinkKeysetEntry<Key> {
        position == 0 ? head : tail[position - 1]
    }
}
