// Data the rules' helpers need but their source does not give. Normative: specs/rules.md
// §"Configuration". Vectors record the configuration they were generated with.

import CoreWire

/// What the source names without giving (a helper's whitelist or field list).
public struct RulesConfiguration: Hashable, Sendable {
    /// `isValidBucketListCategory(category)` — "whitelist of category strings". The source
    /// does not list them. Default: a placeholder list; set it from the real rules file.
    public var bucketListCategories: [String]
    /// `isDatePlanContentEncrypted(data)` — "date-plan content fields are enc:v1: or absent".
    /// The source does not list the fields. Default: `title` (the data model's only free-text field).
    public var datePlanContentFields: [String]
    /// Bucket-list fields that must be `enc:v1:` or absent for an encrypted couple
    /// ("Bucket items encrypt at rest (enc:v1:)"). Default: `title`.
    public var bucketListContentFields: [String]

    public init(
        bucketListCategories: [String], datePlanContentFields: [String],
        bucketListContentFields: [String]
    ) {
        self.bucketListCategories = bucketListCategories
        self.datePlanContentFields = datePlanContentFields
        self.bucketListContentFields = bucketListContentFields
    }

    /// The documented defaults (specs/rules.md §"Configuration").
    public static let defaults = RulesConfiguration(
        bucketListCategories: [
            "adventure", "travel", "food", "learning", "home", "romance", "wellness", "other",
        ],
        datePlanContentFields: ["title"],
        bucketListContentFields: ["title"])

    /// The JSON form recorded in vector files.
    public var json: JSONValue {
        .object([
            "bucketListCategories": .array(bucketListCategories.map(JSONValue.string)),
            "datePlanContentFields": .array(datePlanContentFields.map(JSONValue.string)),
            "bucketListContentFields": .array(bucketListContentFields.map(JSONValue.string)),
        ])
    }
}
