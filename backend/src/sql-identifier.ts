// Identifiers in SQL text are quoted in this one place. It imports nothing, so REST's pure
// stages quote names without importing db/ (db/scope.ts re-exports it for the services).

/** Quotes an identifier for SQL text: the one place identifiers are quoted. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
