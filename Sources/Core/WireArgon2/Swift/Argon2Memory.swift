// Argon2id's memory: H0, the first blocks of each lane, the passes over p lanes × 4 slices
// with Argon2id's addressing (data-independent in the first half of the first pass,
// data-dependent after), and the tag (RFC 9106 §3.2, §3.4). Version 0x13 only, type 2 only.
//
// All blocks live in one contiguous [UInt64] (plus four working blocks at its end), filled
// through a raw pointer; lanes are computed one after another inside each slice, which
// gives the same bytes as threads (lanes of a slice only read blocks of earlier slices).

package enum Argon2Memory {
    /// Argon2 type y for Argon2id.
    static let typeArgon2id: UInt32 = 2
    /// The Argon2 version this computes (0x13).
    static let version: UInt32 = 0x13
    /// Slices per pass (SL).
    static let syncPoints = 4

    /// Argon2id tag of `tagLength` bytes. The caller has checked the ranges
    /// (`Argon2idParameters`: p ≥ 1, m ≥ 8p, t ≥ 1, tag ≥ 4 bytes; every length ≤ 2^32 - 1).
    package static func argon2id(
        password: [UInt8], salt: [UInt8], secret: [UInt8], associatedData: [UInt8],
        memoryKiB: Int, iterations: Int, parallelism: Int, tagLength: Int
    ) -> [UInt8] {
        precondition(parallelism >= 1 && memoryKiB >= 8 * parallelism && iterations >= 1 && tagLength >= 4)

        // H0 = H^64(LE32(p) || LE32(T) || LE32(m) || LE32(t) || LE32(v) || LE32(y) || LE32(|P|) || P
        //          || LE32(|S|) || S || LE32(|K|) || K || LE32(|X|) || X), m as given (not rounded).
        var h = BLAKE2b(outputLength: 64)
        for value in [parallelism, tagLength, memoryKiB, iterations] { h.update(le32: UInt32(value)) }
        h.update(le32: version)
        h.update(le32: typeArgon2id)
        for part in [password, salt, secret, associatedData] {
            h.update(le32: UInt32(part.count))
            h.update(part)
        }
        var h0 = h.finalize()
        defer { for i in h0.indices { h0[i] = 0 } }

        // m' = 4p·floor(m / 4p) blocks; q = m'/p blocks per lane; q/4 per segment.
        let lanes = parallelism
        let segmentLength = memoryKiB / (syncPoints * lanes)
        let laneLength = segmentLength * syncPoints
        let blockCount = laneLength * lanes
        let w = Argon2Block.words

        // The blocks, then four working blocks: scratch, address, input, zero.
        var memory = [UInt64](repeating: 0, count: (blockCount + 4) * w)
        return memory.withUnsafeMutableBufferPointer { buffer -> [UInt8] in
            let base = buffer.baseAddress!
            defer { buffer.update(repeating: 0) }

            // B[i][0] = H'^1024(H0 || LE32(0) || LE32(i)), B[i][1] = H'^1024(H0 || LE32(1) || LE32(i)).
            var seed = h0 + [UInt8](repeating: 0, count: 8)
            defer { for i in seed.indices { seed[i] = 0 } }
            for lane in 0..<lanes {
                for column in 0..<2 {
                    withUnsafeBytes(of: UInt32(column).littleEndian) { seed.replaceSubrange(64..<68, with: $0) }
                    withUnsafeBytes(of: UInt32(lane).littleEndian) { seed.replaceSubrange(68..<72, with: $0) }
                    var block = Argon2VariableHash.hash(outputLength: Argon2Block.bytes, seed)
                    let target = base + (lane * laneLength + column) * w
                    block.withUnsafeBytes { bytes in
                        for k in 0..<w {
                            let word = bytes.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
                            target[k] = UInt64(littleEndian: word)
                        }
                    }
                    for k in block.indices { block[k] = 0 }
                }
            }

            let filler = Filler(
                memory: base, scratch: base + blockCount * w, address: base + (blockCount + 1) * w,
                input: base + (blockCount + 2) * w, zero: base + (blockCount + 3) * w,
                lanes: lanes, laneLength: laneLength, segmentLength: segmentLength,
                blockCount: blockCount, passes: iterations)
            for pass in 0..<iterations {
                for slice in 0..<syncPoints {
                    for lane in 0..<lanes {
                        filler.fillSegment(pass: pass, slice: slice, lane: lane)
                    }
                }
            }

            // C = B[0][q-1] ⊕ ... ⊕ B[p-1][q-1]; tag = H'^T(C).
            let last = base + (laneLength - 1) * w
            for lane in 1..<lanes {
                let other = base + (lane * laneLength + laneLength - 1) * w
                for k in 0..<w { last[k] ^= other[k] }
            }
            var final = [UInt8](repeating: 0, count: Argon2Block.bytes)
            defer { for i in final.indices { final[i] = 0 } }
            final.withUnsafeMutableBytes { bytes in
                for k in 0..<w { bytes.storeBytes(of: last[k].littleEndian, toByteOffset: 8 * k, as: UInt64.self) }
            }
            return Argon2VariableHash.hash(outputLength: tagLength, final)
        }
    }

    /// Fills segments (RFC 9106 §3.4): the pointers into the memory and its geometry.
    struct Filler {
        let memory: UnsafeMutablePointer<UInt64>
        let scratch: UnsafeMutablePointer<UInt64>
        let address: UnsafeMutablePointer<UInt64>
        let input: UnsafeMutablePointer<UInt64>
        let zero: UnsafeMutablePointer<UInt64>
        let lanes: Int
        let laneLength: Int
        let segmentLength: Int
        let blockCount: Int
        let passes: Int

        /// Fills segment `slice` of lane `lane` in pass `pass`.
        func fillSegment(pass: Int, slice: Int, lane: Int) {
            let w = Argon2Block.words
            // Argon2id: data-independent addressing (Argon2i) in slices 0 and 1 of pass 0.
            let independent = pass == 0 && slice < syncPoints / 2
            if independent {
                for k in 0..<w {
                    zero[k] = 0
                    input[k] = 0
                }
                input[0] = UInt64(pass)
                input[1] = UInt64(lane)
                input[2] = UInt64(slice)
                input[3] = UInt64(blockCount)
                input[4] = UInt64(passes)
                input[5] = UInt64(typeArgon2id)
            }
            var startIndex = 0
            if pass == 0 && slice == 0 {
                // Blocks 0 and 1 exist already; the first address block is made before them.
                startIndex = 2
                if independent { nextAddresses() }
            }

            let laneStart = lane * laneLength
            var current = laneStart + slice * segmentLength + startIndex
            var previous = current % laneLength == 0 ? current + laneLength - 1 : current - 1
            var index = startIndex
            while index < segmentLength {
                // J1 || J2: from the address block (data-independent) or the previous block.
                let pseudoRandom: UInt64
                if independent {
                    if index % w == 0 { nextAddresses() }
                    pseudoRandom = address[index % w]
                } else {
                    pseudoRandom = memory[previous * w]
                }
                // J2 picks the lane (never another lane in the first slice of the first pass).
                let refLane = pass == 0 && slice == 0 ? lane : Int((pseudoRandom &>> 32) % UInt64(lanes))
                let refIndex = referenceIndex(
                    pass: pass, slice: slice, index: index, j1: pseudoRandom & 0xFFFF_FFFF,
                    sameLane: refLane == lane)
                Argon2Block.fill(
                    prev: memory + previous * w, ref: memory + (refLane * laneLength + refIndex) * w,
                    next: memory + current * w, scratch: scratch, withXor: pass != 0)
                index += 1
                previous = current
                current += 1
            }
        }

        /// The index within the reference lane (RFC 9106 §3.4.1.2, libargon2's index_alpha).
        @inline(__always)
        func referenceIndex(pass: Int, slice: Int, index: Int, j1: UInt64, sameLane: Bool) -> Int {
            // The blocks that may be referenced: finished segments (in other lanes, not the
            // last block of the lane's previous segment if this is the segment's first block),
            // plus, in the same lane, the blocks of this segment before the previous one.
            let areaSize: Int
            if pass == 0 {
                if slice == 0 {
                    areaSize = index - 1
                } else if sameLane {
                    areaSize = slice * segmentLength + index - 1
                } else {
                    areaSize = slice * segmentLength + (index == 0 ? -1 : 0)
                }
            } else if sameLane {
                areaSize = laneLength - segmentLength + index - 1
            } else {
                areaSize = laneLength - segmentLength + (index == 0 ? -1 : 0)
            }
            // x = J1² / 2^32, y = |W|·x / 2^32, zz = |W| - 1 - y.
            let area = UInt64(areaSize)
            let x = (j1 &* j1) &>> 32
            let relative = area &- 1 &- ((area &* x) &>> 32)
            // The window starts after the current segment (a full lane back) in later passes.
            let start = pass == 0 || slice == syncPoints - 1 ? 0 : (slice + 1) * segmentLength
            return (start + Int(relative)) % laneLength
        }

        /// The next address block: input[6] += 1; address = G(zero, G(zero, input)).
        @inline(__always)
        func nextAddresses() {
            input[6] &+= 1
            Argon2Block.fill(prev: zero, ref: input, next: address, scratch: scratch, withXor: false)
            Argon2Block.fill(prev: zero, ref: address, next: address, scratch: scratch, withXor: false)
        }
    }
}
