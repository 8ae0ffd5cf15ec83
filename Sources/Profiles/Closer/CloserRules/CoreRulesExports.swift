// CloserRules is Closer's firestore.rules (its paths, invariants, wire probe and callables) on the
// generic rules engine. It re-exports CoreRules so an app that imports CloserRules keeps every
// name it used (RuleSet, RulesRequest, FirestoreValue, …) without importing the core itself.
// Layout: docs/adding-a-profile.md §"Where things live".

@_exported import CoreRules
