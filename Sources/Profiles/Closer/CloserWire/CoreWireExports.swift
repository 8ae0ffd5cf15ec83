// CloserWire is Closer's wire values (specs/enc-v1.md … specs/invite-phrase.md) on the generic
// wire core. It re-exports CoreWire so an app that imports CloserWire keeps every name it used
// (JSONValue, CloserError, the Tink keysets, Base64, …) without importing the core itself.
// Layout: docs/adding-a-profile.md §"Where things live".

@_exported import CoreWire
