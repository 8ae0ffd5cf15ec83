// The callables suite's SchemaOnlyCallables group: the requests of the seven callables that have a
// JSON Schema and no server-side op (appended in 3.6.0). Normative: specs/callables.md §"The
// other callables" (D-CONTRACTS-16, D-CONTRACTS-17).

import CloserHarness
import CloserRules
import CloserVectorModel
import CloserWire

extension CallablesSuite {
    static let schemaOnly = VectorFlag(
        "SchemaOnlyCallable", .basic, .contract,
        "A schema-only callable's request: required members present, typed and in range (D-CONTRACTS-16).")
    static let outOfRange = VectorFlag(
        "InvalidValue", .edgeCase, .contract, "An empty string, or a dayKey outside day_0/30/60/90 (D-CONTRACTS-17).")

    static func schemaOnlyCases() -> [VectorCase] {
        let ok = accepted()
        let missing = refused(.callableMissingMember, "invalid-argument")
        let type = refused(.callableInvalidMemberType, "invalid-argument")
        let value = refused(.callableInvalidValue, "invalid-argument")
        let notObject = refused(.callableNotAnObject, "invalid-argument")
        let answers: JSONValue = .object(["q1": .string("enc:v1:AAAA")])
        func c(
            _ comment: String, _ flags: [VectorFlag], _ callable: Callable, _ payload: JSONValue,
            _ answer: (output: [(String, JSONValue)], intermediates: [(String, JSONValue)]), accept: Bool
        ) -> VectorCase {
            validate(comment, [schemaOnly] + flags, callable.rawValue, payload, answer)
                .citing(VectorPin("D-CONTRACTS-16", accept ? .accept : .refuse))
        }
        let order = VectorPin("D-CONTRACTS-17", .accept)
        return [
            c(
                "submitOutcomeCallable day_30 with answers", [], .submitOutcome,
                .object(["dayKey": .string("day_30"), "answers": answers]), ok, accept: true),
            c(
                "submitOutcomeCallable day_0, empty answers, an extra member ignored", [], .submitOutcome,
                .object(["dayKey": .string("day_0"), "answers": .object([:]), "note": .string("x")]), ok, accept: true),
            c(
                "submitOutcomeCallable without dayKey", [missingMember], .submitOutcome,
                .object(["answers": answers]), missing, accept: false),
            c(
                "submitOutcomeCallable dayKey null", [missingMember], .submitOutcome,
                .object(["dayKey": .null, "answers": answers]), missing, accept: false),
            c(
                "submitOutcomeCallable day_45", [outOfRange], .submitOutcome,
                .object(["dayKey": .string("day_45"), "answers": answers]), value, accept: false),
            c(
                "submitOutcomeCallable DAY_30 (day keys are exact text)", [outOfRange], .submitOutcome,
                .object(["dayKey": .string("DAY_30"), "answers": answers]), value, accept: false),
            c(
                "submitOutcomeCallable dayKey the number 30", [wrongType], .submitOutcome,
                .object(["dayKey": V.int(30), "answers": answers]), type, accept: false),
            c(
                "submitOutcomeCallable answers an array", [wrongType], .submitOutcome,
                .object(["dayKey": .string("day_60"), "answers": .array([])]), type, accept: false),
            c(
                "submitOutcomeCallable without answers", [missingMember], .submitOutcome,
                .object(["dayKey": .string("day_90")]), missing, accept: false),
            c(
                "submitOutcomeCallable day_45 and no answers: dayKey first", [checkOrder], .submitOutcome,
                .object(["dayKey": .string("day_45")]), value, accept: false
            ).citing(order),
            c(
                "sendDailyQuestionReminder with userId", [], .sendDailyQuestionReminder,
                .object(["userId": .string("alice")]), ok, accept: true),
            c(
                "sendDailyQuestionReminder userId empty", [outOfRange], .sendDailyQuestionReminder,
                .object(["userId": .string("")]), value, accept: false),
            c(
                "sendDailyQuestionReminder without userId", [missingMember], .sendDailyQuestionReminder,
                .object([:]), missing, accept: false),
            c(
                "assignDailyQuestionCallable with coupleId", [], .assignDailyQuestion,
                .object(["coupleId": .string("c1")]), ok, accept: true),
            c(
                "assignDailyQuestionCallable coupleId a number", [wrongType], .assignDailyQuestion,
                .object(["coupleId": V.int(1)]), type, accept: false),
            c(
                "checkDeviceIntegrity with a token", [], .checkDeviceIntegrity,
                .object(["token": .string("eyJhbGciOi")]), ok, accept: true),
            c(
                "checkDeviceIntegrity token empty", [outOfRange], .checkDeviceIntegrity,
                .object(["token": .string("")]), value, accept: false),
            c(
                "checkDeviceIntegrity without token", [missingMember], .checkDeviceIntegrity,
                .object(["integrityToken": .string("eyJ")]), missing, accept: false),
            c("syncEntitlement takes an empty object", [], .syncEntitlement, .object([:]), ok, accept: true),
            c("syncEntitlement with a string", [wrongType], .syncEntitlement, .string("{}"), notObject, accept: false),
            c(
                "sendGentleReminderCallable takes an empty object", [], .sendGentleReminder, .object([:]), ok,
                accept: true),
            c(
                "sendGentleReminderCallable with null", [wrongType], .sendGentleReminder, .null, notObject,
                accept: false),
            c(
                "sendPartnerAnsweredNotification with any members", [], .sendPartnerAnsweredNotification,
                .object(["questionId": .string("q1")]), ok, accept: true),
            c(
                "sendPartnerAnsweredNotification with an array", [wrongType], .sendPartnerAnsweredNotification,
                .array([]), notObject, accept: false),
        ]
    }
}
