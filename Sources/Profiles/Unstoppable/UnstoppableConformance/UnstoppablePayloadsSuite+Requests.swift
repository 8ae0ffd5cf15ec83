// The request-body cases of unstoppable_payloads (specs/profiles/unstoppable/payloads.md).

import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    static let profile = "POST /v1/user/profile"
    static let routine = "PUT /v1/routines/current"
    static let progress = "POST /v1/progress/daily"
    static let snapshot = "POST /v1/payments/subscription/snapshot"
    static let webhook = "POST /v1/payments/revenuecat/webhook"
    static let tasks =
        #"[{"id":"t1","title":"Cold shower","isCompleted":true},{"id":"t2","title":"Read 10 pages 📖","isCompleted":false}]"#

    static func requestCases() throws(CloserError) -> [VectorCase] {
        try profileCases() + routineCases() + progressCases() + snapshotCases()
    }

    static func profileCases() throws(CloserError) -> [VectorCase] {
        var c: [VectorCase] = []
        func ok(_ comment: String, _ body: String) throws(CloserError) {
            c.append(try validate(comment, [partial], profile, .request, body))
        }
        func bad(_ comment: String, _ flag: VectorFlag, _ body: String, _ code: CloserError.Code) throws(CloserError) {
            c.append(try validate(comment, [flag], profile, .request, body, code))
        }
        try ok("nickname alone (NicknameView)", #"{"nickname":"Luis"}"#)
        try ok("ageGroup alone", #"{"ageGroup":"25-34"}"#)
        try ok("gender alone", #"{"gender":"female"}"#)
        try ok("notificationsEnabled alone", #"{"notificationsEnabled":false}"#)
        try ok(
            "the three terms flags (TermsSheetView)",
            #"{"termsAccepted":true,"termsOver16Accepted":true,"termsMarketingAccepted":false}"#)
        for option in UnstoppableEndpoints.paymentOptions {
            try ok("paymentOption \(option) (PaywallView)", #"{"paymentOption":"\#(option)"}"#)
        }
        try ok(
            "every member at once",
            #"{"nickname":"Ana","ageGroup":"18-24","gender":"other","notificationsEnabled":true,"termsAccepted":true,"termsOver16Accepted":true,"termsMarketingAccepted":true,"paymentOption":"annual"}"#
        )
        try ok(
            "a 64-character nickname (emoji are one character each)",
            #"{"nickname":"\#(String(repeating: "💪", count: 64))"}"#)
        try bad("an empty update sets nothing", partial, "{}", .unstoppableEmptyUpdate)
        try bad(
            "paymentOption weekly is not in the list", enumValue, #"{"paymentOption":"weekly"}"#,
            .unstoppableUnknownEnumValue)
        try bad(
            "paymentOption Annual: enum values are case-sensitive", enumValue, #"{"paymentOption":"Annual"}"#,
            .unstoppableUnknownEnumValue)
        try bad("paymentOption empty", enumValue, #"{"paymentOption":""}"#, .unstoppableUnknownEnumValue)
        try bad(
            "paymentOption null: a partial update has no null (absent = unchanged)", wrongType,
            #"{"paymentOption":null}"#, .unstoppableWrongType)
        try bad(
            "notificationsEnabled as the string \"true\"", wrongType, #"{"notificationsEnabled":"true"}"#,
            .unstoppableWrongType)
        try bad("notificationsEnabled as 1", wrongType, #"{"notificationsEnabled":1}"#, .unstoppableWrongType)
        try bad("nickname as a number", wrongType, #"{"nickname":42}"#, .unstoppableWrongType)
        try bad("an empty nickname", shape, #"{"nickname":""}"#, .unstoppableOutOfRange)
        try bad(
            "a 65-character nickname", shape, #"{"nickname":"\#(String(repeating: "a", count: 65))"}"#,
            .unstoppableOutOfRange)
        try bad("nickName (case) is not a member", shape, #"{"nickName":"Luis"}"#, .unstoppableUnknownField)
        try bad(
            "userId is not writable: the user is the token's", shape, #"{"userId":"someone-else","nickname":"x"}"#,
            .unstoppableUnknownField)
        try bad("the body is an array", shape, #"[{"nickname":"Luis"}]"#, .unstoppableNotAnObject)
        try bad("the body is null", shape, "null", .unstoppableNotAnObject)
        return c
    }

    static func routineCases() throws(CloserError) -> [VectorCase] {
        var c: [VectorCase] = []
        func time(_ t: String) -> String { #"{"routineTime":"\#(t)","tasks":\#(tasks)}"# }
        c.append(try validate("routine at 07:05 with two tasks", [valid], routine, .request, time("07:05")))
        c.append(try validate("routine at 00:00", [valid, routineTime], routine, .request, time("00:00")))
        c.append(try validate("routine at 23:59", [valid, routineTime], routine, .request, time("23:59")))
        c.append(
            try validate("an empty task snapshot", [valid], routine, .request, #"{"routineTime":"06:30","tasks":[]}"#))
        for (t, why) in [
            ("7:05", "one hour digit"), ("24:00", "hour 24"), ("07:60", "minute 60"), ("07:05:00", "seconds"),
            ("7:5", "one digit each"), ("07.05", "a dot"), (" 07:05", "a leading space"), ("07:05 AM", "12-hour form"),
            ("", "empty"), ("０７:05", "full-width digits"),
        ] {
            c.append(
                try validate(
                    "routineTime \"\(t)\": \(why)", [routineTime], routine, .request, time(t),
                    .unstoppableInvalidRoutineTime))
        }
        c.append(
            try validate(
                "routineTime as a number", [wrongType], routine, .request, #"{"routineTime":705,"tasks":[]}"#,
                .unstoppableWrongType))
        c.append(
            try validate(
                "no tasks member: the snapshot is full", [shape], routine, .request, #"{"routineTime":"07:05"}"#,
                .unstoppableMissingField))
        c.append(try validate("no routineTime", [shape], routine, .request, #"{"tasks":[]}"#, .unstoppableMissingField))
        c.append(
            try validate(
                "a task without isCompleted", [shape], routine, .request,
                #"{"routineTime":"07:05","tasks":[{"id":"t1","title":"Run"}]}"#, .unstoppableMissingField))
        c.append(
            try validate(
                "a task's isCompleted as \"yes\"", [wrongType], routine, .request,
                #"{"routineTime":"07:05","tasks":[{"id":"t1","title":"Run","isCompleted":"yes"}]}"#,
                .unstoppableWrongType))
        c.append(
            try validate(
                "a task with an unknown member", [shape], routine, .request,
                #"{"routineTime":"07:05","tasks":[{"id":"t1","title":"Run","isCompleted":true,"done":true}]}"#,
                .unstoppableUnknownField))
        let many = (0...UnstoppableEndpoints.maximumTasks).map { #"{"id":"t\#($0)","title":"x","isCompleted":false}"# }
        c.append(
            try validate(
                "101 tasks", [shape], routine, .request,
                #"{"routineTime":"07:05","tasks":[\#(many.joined(separator: ","))]}"#, .unstoppableOutOfRange))
        return c
    }

    static func progressCases() throws(CloserError) -> [VectorCase] {
        var c: [VectorCase] = []
        func day(_ d: String) -> String { #"{"date":"\#(d)","completed":1,"total":2,"completedTaskIds":["t1"]}"# }
        c.append(try validate("today's progress", [valid], progress, .request, day("2026-03-01")))
        c.append(try validate("leap day", [valid, date], progress, .request, day("2028-02-29")))
        c.append(
            try validate(
                "nothing done of nothing", [valid], progress, .request,
                #"{"date":"2026-12-31","completed":0,"total":0,"completedTaskIds":[]}"#))
        for (d, why) in [
            ("2026-3-1", "no zero padding"), ("2026-02-30", "February 30"), ("2027-02-29", "not a leap year"),
            ("2026-13-01", "month 13"), ("2026-00-10", "month 0"), ("2026/03/01", "slashes"),
            ("20260301", "no separators"),
            ("2026-03-01T00:00:00Z", "a timestamp"), ("0000-01-01", "year 0"), ("01-03-2026", "day first"),
        ] {
            c.append(try validate("date \"\(d)\": \(why)", [date], progress, .request, day(d), .unstoppableInvalidDate))
        }
        c.append(
            try validate(
                "date as a number", [wrongType], progress, .request,
                #"{"date":20260301,"completed":1,"total":2,"completedTaskIds":[]}"#, .unstoppableWrongType))
        c.append(
            try validate(
                "completed 1.5", [wrongType], progress, .request,
                #"{"date":"2026-03-01","completed":1.5,"total":2,"completedTaskIds":[]}"#, .unstoppableWrongType))
        c.append(
            try validate(
                "completed as \"1\"", [wrongType], progress, .request,
                #"{"date":"2026-03-01","completed":"1","total":2,"completedTaskIds":[]}"#, .unstoppableWrongType))
        c.append(
            try validate(
                "completed -1", [shape], progress, .request,
                #"{"date":"2026-03-01","completed":-1,"total":2,"completedTaskIds":[]}"#, .unstoppableOutOfRange))
        c.append(
            try validate(
                "no total", [shape], progress, .request, #"{"date":"2026-03-01","completed":1,"completedTaskIds":[]}"#,
                .unstoppableMissingField))
        c.append(
            try validate(
                "completedTaskIds a string", [wrongType], progress, .request,
                #"{"date":"2026-03-01","completed":1,"total":2,"completedTaskIds":"t1"}"#, .unstoppableWrongType))
        return c
    }

    static func snapshotCases() throws(CloserError) -> [VectorCase] {
        var c: [VectorCase] = []
        let active =
            #"{"state":"active","isActive":true,"willRenew":true,"productId":"unstoppable_annual","entitlementIds":["pro"],"expiresAtMs":1803945600000}"#
        c.append(try validate("an active annual subscription", [valid], snapshot, .request, active))
        c.append(
            try validate(
                "no subscription", [valid], snapshot, .request,
                #"{"state":"none","isActive":false,"willRenew":false,"productId":null,"entitlementIds":[],"expiresAtMs":null}"#
            ))
        c.append(
            try validate(
                "state trial is not in the list", [enumValue], snapshot, .request,
                #"{"state":"trial","isActive":true,"willRenew":true,"productId":null,"entitlementIds":[],"expiresAtMs":null}"#,
                .unstoppableUnknownEnumValue))
        c.append(
            try validate(
                "no isActive", [shape], snapshot, .request,
                #"{"state":"none","willRenew":false,"productId":null,"entitlementIds":[],"expiresAtMs":null}"#,
                .unstoppableMissingField))
        c.append(
            try validate(
                "expiresAtMs -1", [shape], snapshot, .request,
                #"{"state":"none","isActive":false,"willRenew":false,"productId":null,"entitlementIds":[],"expiresAtMs":-1}"#,
                .unstoppableOutOfRange))
        c.append(
            try validate(
                "productId a number", [wrongType], snapshot, .request,
                #"{"state":"none","isActive":false,"willRenew":false,"productId":5,"entitlementIds":[],"expiresAtMs":null}"#,
                .unstoppableWrongType))
        c.append(
            try validate(
                "source is the backend's, not the app's", [shape], snapshot, .request,
                #"{"state":"none","isActive":false,"willRenew":false,"productId":null,"entitlementIds":[],"expiresAtMs":null,"source":"app"}"#,
                .unstoppableUnknownField))
        let event =
            #"{"api_version":"1.0","event":{"id":"evt-1","type":"INITIAL_PURCHASE","event_timestamp_ms":1772323200000,"app_user_id":"uid-1","product_id":"unstoppable_annual","entitlement_ids":["pro"],"expiration_at_ms":1803859200000,"store":"APP_STORE","environment":"PRODUCTION"}}"#
        c.append(
            try validate(
                "a RevenueCat webhook body with members the backend does not read", [valid], webhook, .request, event))
        c.append(
            try validate(
                "a webhook event without id", [shape], webhook, .request,
                #"{"api_version":"1.0","event":{"type":"RENEWAL","event_timestamp_ms":1,"app_user_id":"u"}}"#,
                .unstoppableMissingField))
        c.append(
            try validate(
                "a webhook body without event", [shape], webhook, .request, #"{"api_version":"1.0"}"#,
                .unstoppableMissingField))
        c.append(
            try validate(
                "DELETE /v1/user/profile is no endpoint", [shape], "DELETE /v1/user/profile", .request, "{}",
                .unstoppableUnknownEndpoint))
        c.append(
            try validate(
                "GET /v1/bootstrap has no request body", [shape], "GET /v1/bootstrap", .request, "{}",
                .unstoppableUnknownEndpoint))
        return c
    }
}
