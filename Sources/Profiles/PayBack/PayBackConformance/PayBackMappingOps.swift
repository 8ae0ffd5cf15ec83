// Harness ops of PayBack's JSON mapping between the Convex backend and the iOS app: declarations
// (rows of the op table in specs/profiles/payback/README.md §"Harness ops") and handlers.
// Normative: specs/profiles/payback/mapping.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackDecodeAccountFriend = Self(
        "payback.decodeAccountFriend", family: "payback", fields: [.required("row", "an `account_friends` document")],
        output: [.required("friend", "`AccountFriend` (camelCase, absent = null)")], layer: .contract)
    static let payBackEncodeAccountFriend = Self(
        "payback.encodeAccountFriend", family: "payback", fields: [.required("friend", "`AccountFriend`")],
        output: [.required("row", "the `account_friends` document sent (absent keys left out)")], layer: .contract)
    static let payBackLinkAccountFriend = Self(
        "payback.linkAccountFriend", family: "payback",
        fields: [.required("row", "`account_friends` document"), .required("account", "`accounts` document")],
        output: [.required("row", "the linked row")], layer: .contract)
    static let payBackDecodeUserAccount = Self(
        "payback.decodeUserAccount", family: "payback", fields: [.required("document", "an `accounts` document")],
        output: [.required("account", "`UserAccount` `{id, email, linkedMemberId, equivalentMemberIds}`")],
        layer: .contract)
}

extension PayBackOps {
    static let mapping: [HarnessOp] = [
        HarnessOp(.payBackDecodeAccountFriend) { r throws(CloserError) in
            ["friend": PayBackMapping.clientJSON(try PayBackMapping.friend(fromRow: try r.json("row")))]
        },
        HarnessOp(.payBackEncodeAccountFriend) { r throws(CloserError) in
            ["row": PayBackMapping.row(of: try PayBackMapping.friend(fromClient: try r.json("friend")))]
        },
        HarnessOp(.payBackLinkAccountFriend) { r throws(CloserError) in
            let row = try r.json("row")
            return ["row": try PayBackMapping.link(row: row, account: try r.json("account"))]
        },
        HarnessOp(.payBackDecodeUserAccount) { r throws(CloserError) in
            ["account": try PayBackMapping.userAccount(fromDocument: try r.json("document"))]
        },
    ]
}
