// A row's height before it is measured (the virtualizer's estimate), by its kind.
import type { Row } from './rows.ts'

export function estimate(row: Row | undefined): number {
  if (!row) return 48
  switch (row.kind) {
    case 'day':
      return 40
    case 'divider':
      return 28
    case 'message':
      return (
        (row.grouped ? 28 : 56) +
        (row.message.attachments.length > 0 ? 220 : 0) +
        (row.message.reactions.length > 0 ? 30 : 0)
      )
    case 'pending':
      return row.grouped ? 48 : 76
  }
}
