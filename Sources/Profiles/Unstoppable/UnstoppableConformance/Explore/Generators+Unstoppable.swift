// Generators of the Unstoppable profile's time ops (specs/profiles/unstoppable/payloads.md):
// `unstoppable.routineTime` (hours and minutes at and past the day's edges, fractions) and
// `unstoppable.dayKey` (instants as `datekey.compute`'s, offsets at ±840 and one past, the odd
// half- and quarter-hour ones). Normative: specs/explore.md §"Generators".

import CloserHarness
import CoreWire

extension ExploreGenerator {
    /// Unstoppable's generators (UnstoppableConformance.profile's explore group).
    package static var unstoppable: [ExploreGenerator] {
        [
            ExploreGenerator(.unstoppableRoutineTime, byteExact: false) { r, _ in
                let hour = r.chance(85) ? Double(r.below(24)) : r.pick([24, -1, 7.5, 100, -0.0])
                let minute = r.chance(85) ? Double(r.below(60)) : r.pick([60, -1, 59.5, 1440])
                return GeneratedInput(["hour": .number(hour), "minute": .number(minute)])
            },
            ExploreGenerator(.unstoppableDayKey, byteExact: false) { r, _ in
                let offset =
                    r.chance(60)
                    ? Double(r.pick([0, 60, -60, 330, 345, 525, 840, -840, -480, -420, -570, 765]))
                    : r.chance(80) ? Double(r.below(1681) - 840) : r.pick([841, -841, 1440, 30.5])
                return GeneratedInput(["instant": .string(r.instant()), "utcOffsetMinutes": .number(offset)])
            },
        ]
    }
}
