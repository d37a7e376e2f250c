// Edits, deletes and reactions (message-edits.ts) are a chunk of their own: loaded on the first
// one, or after the first screen (use-live-channel), never part of it.
import { t } from '@lingui/core/macro'
import type { Result } from '../../../lib/result.ts'

/** Edits, deletes and reactions: not needed for the first screen (use-live-channel loads it after). */
export const loadEdits = () => import('./message-edits.ts')

export function withEdits(
  run: (edits: Awaited<ReturnType<typeof loadEdits>>) => Promise<Result<void>>
): Promise<Result<void>> {
  return loadEdits().then(run, () => ({
    ok: false,
    error: t`This could not be done now. Check your connection, or reload the page.`,
  }))
}
