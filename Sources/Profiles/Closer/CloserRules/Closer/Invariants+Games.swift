// couples/{coupleId}/{this_or_that|desire_sync|how_well|wheel}/{sessionId}.
// Normative: specs/rules.md.

extension CloserInvariants {
    /// Session fields only the server's flag-claim trigger writes (inferred).
    static let gameServerClaims: Set<String> = ["notificationsSent", "partFinishNotifiedAt"]

    static let games: [Invariant] = {
        let P = CloserRulePaths.self
        let games = Manual.perCollection(
            "**`couples/{coupleId}/{this_or_that|desire_sync|how_well|wheel}/{sessionId}`** — `enc:v1:` ciphertext per user."
        )
        return [
            .closer(
                "games.members_only", [P.gameSession], [.get, .list, .create, .update], games,
                .inferred(
                    "\"not partner-proof (a modified client could read the partner's encrypted slot before the reveal)\" implies both members read the session."
                ),
                summary: "isCouplesMember(coupleId)."
            ) { ctx in ctx.requireMember() },
            .closer(
                "games.answers.ciphertext", [P.gameSession], [.create, .update], games,
                summary:
                    "answers is absent or a map; every changed answers.{uid} entry is isCiphertext. Wire finding: a match CloserWire cannot read."
            ) { ctx in
                guard let answers = ctx.incoming?["answers"] else { return .holds }
                guard let map = answers.mapValue else {
                    return .violated("answers must be a map of per-user ciphertext")
                }
                let changed = ctx.affectedEntries(ofMap: "answers").sorted().filter { map[$0] != nil }
                if changed.isEmpty { return .holds }
                return .all(
                    changed.map {
                        ctx.wireValue(map[$0], field: "answers.\($0)", helper: CloserRulesRegex.isCiphertext)
                    })
            },
            .closer(
                "games.answers.own_slot_only", [P.gameSession], [.create, .update],
                Manual.section(
                    "Known landmines › E-GAME-003",
                    "when `answers` has exactly 1 key, idempotently claims `partFinishNotifiedAt` on the session doc"
                ),
                .inferred("Per-user slots: a member writes only their own."),
                summary: "answers.diff().affectedKeys() within [request.auth.uid]."
            ) { ctx in
                let uid = ctx.uid.map { Set([$0]) } ?? []
                let others = ctx.affectedEntries(ofMap: "answers").subtracting(uid)
                return .require(
                    others.isEmpty,
                    "another player's slot changed: \(others.sorted().joined(separator: ", "))")
            },
            .closer(
                "games.notification_claims.server_only", [P.gameSession], [.create, .update],
                Manual.gamePush(
                    "a single `notificationsSent` map on the session doc records each notification type the moment it's dispatched. The trigger checks the flag, sends if absent, writes the flag."
                ),
                .inferred(
                    "The claims are the trigger's; a client writing them would suppress the partner's push."),
                summary: "notificationsSent and partFinishNotifiedAt are not among diff().affectedKeys()."
            ) { ctx in
                let touched = ctx.affectedKeys().intersection(CloserInvariants.gameServerClaims).sorted()
                return .require(
                    touched.isEmpty, "server-only claim fields written: \(touched.joined(separator: ", "))")
            },
            .denied(
                "games.delete.denied", [P.gameSession], [.delete], games,
                .inferred("No delete is described."),
                what: "not granted"),
        ]
    }()
}
