// What the Slack import's audit entries say (pure; describe.ts calls it for `import.*`): the
// target is the archive's file name, the details its counts or its error; a claim's target is the
// imported person (a placeholder) the actor took over, with how many messages became theirs.

const count = (value: unknown, one: string, many: string): string =>
  typeof value === 'number' ? `${value} ${value === 1 ? one : many}` : `? ${many}`

/** The entry in words, or the action's name when this code does not know it. */
export function describeImport(action: string, target: string, d: Record<string, unknown>): string {
  switch (action) {
    case 'import.started':
      return `started importing ${target}`
    case 'import.finished': {
      const skipped = typeof d.skipped === 'number' && d.skipped > 0
      return (
        `imported ${target}: ${count(d.people, 'person', 'people')}, ` +
        `${count(d.channels, 'conversation', 'conversations')}, ` +
        `${count(d.messages, 'message', 'messages')}, ${count(d.files, 'file', 'files')}` +
        (skipped ? ` (${count(d.skipped, 'item', 'items')} skipped)` : '')
      )
    }
    case 'import.failed':
      return typeof d.error === 'string'
        ? `could not import ${target}: ${d.error}`
        : `could not import ${target}`
    case 'import.cancelled':
      return `cancelled the import of ${target}`
    case 'import.claimed':
      return `took over the imported history of ${target} (${count(d.messages, 'message', 'messages')})`
    default:
      return action
  }
}
