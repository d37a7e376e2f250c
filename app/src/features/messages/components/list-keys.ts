// Moving focus message by message in the list with keys: the arrows go to the message above or
// below (skipping days and dividers), Home to the first, End to the last row.
import type { KeyboardEvent } from 'react'
import type { Row } from './rows.ts'

/**
 * The row a key moves the focus to (a negative index or null: none), from the row focused, if
 * the key was pressed on the list or on a message.
 */
export function rowForKey(
  event: KeyboardEvent<HTMLDivElement>,
  rows: readonly Row[]
): number | null {
  const focused = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
  const current = focused ? Number(focused.dataset.index) : null
  const isMessage = (i: number) => rows[i]?.kind === 'message' || rows[i]?.kind === 'pending'
  if (event.target !== event.currentTarget && !(event.target as HTMLElement).matches('article'))
    return null
  let next: number | null = null
  if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.altKey) {
    const step = event.key === 'ArrowUp' ? -1 : 1
    let i = current ?? (step < 0 ? rows.length : -1)
    do i += step
    while (i >= 0 && i < rows.length && !isMessage(i))
    if (i >= 0 && i < rows.length) next = i
  } else if (event.key === 'Home') next = rows.findIndex((_, i) => isMessage(i))
  else if (event.key === 'End') next = rows.length - 1
  return next
}
