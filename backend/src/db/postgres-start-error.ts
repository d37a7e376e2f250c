// The error a start of the project's PostgreSQL fails with (one line for the user), and the
// one-line form of a program's output that such errors quote.
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError'
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim()
}
