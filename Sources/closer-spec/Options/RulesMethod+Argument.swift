import ArgumentParser
import CloserRules

/// `check --method get|list|create|update|delete`.
extension RulesMethod: ExpressibleByArgument {}
