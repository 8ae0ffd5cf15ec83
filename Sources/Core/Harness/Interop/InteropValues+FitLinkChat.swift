// FitLink chat material as the explore generators and interop's FitLink flow draw it: user ids
// of chat.md's alphabet and a chat's two key pairs and id, made by CloserSpec in process. In the
// core while interop's profile flows are (InteropFlows+Pairing.swift). Normative:
// specs/explore.md §"Generators", specs/interop.md §"Flows".

import CloserWire

extension ExploreRandom {
    /// A FitLink user id (1…128 of `[A-Za-z0-9-]`), or (`mutate`%) one chat.md refuses.
    package func fitlinkUser(mutate: Int = 5) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")
        let n = chance(70) ? 28 : pick([1, 2, 127, 128, 1 + below(40)])
        let id = String((0..<n).map { _ in pick(alphabet) })
        guard chance(mutate) else { return id }
        return pick(["", "a_b", "é", String(repeating: "a", count: 129), id + " ", "a.b", "ａ", id + "_"])
    }

    /// A chat's material: two users' private keys, public key texts and the chat id.
    package struct FitLinkChat {
        package var privateA: [UInt8], privateB: [UInt8], publicA: String, publicB: String, chatId: String
    }

    package func fitlinkChat(_ reference: ExploreReference) -> FitLinkChat {
        let (a, b) = (bytes(32), bytes(32))
        let pub = { (d: [UInt8]) in
            reference.output("fitlink.publicKey", ["privateKey": .hex(d)], "publicKey")?.stringValue ?? ""
        }
        var ua = fitlinkUser(mutate: 0)
        let ub = fitlinkUser(mutate: 0)
        if ua == ub { ua += "x" }
        let id = reference.output("fitlink.chatId", ["userA": .string(ua), "userB": .string(ub)], "chatId")?.stringValue
        return FitLinkChat(privateA: a, privateB: b, publicA: pub(a), publicB: pub(b), chatId: id ?? "chat_a_b")
    }
}
