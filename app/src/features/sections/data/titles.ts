// A section's name as shown: a built-in's in my language, mine as I wrote it.
import { t } from '@lingui/core/macro'
import type { SectionKind } from './layout.ts'

export function sectionTitle(s: { kind: SectionKind; name?: string | null }): string {
  if (s.kind === 'starred') return t`Starred`
  if (s.kind === 'channels') return t`Channels`
  if (s.kind === 'dms') return t`Direct messages`
  return s.name ?? ''
}
