import { t } from '@lingui/core/macro'
import type { Tables } from '../../../lib/database.types.ts'
import { isLanguage } from '../../../lib/i18n.ts'
import type { Language } from '../../../lib/i18n.ts'

export interface Profile {
  id: string
  displayName: string
  avatarPath: string | null
  /** The language this person reads Chorus in; null follows their browser's (issue 53). */
  language: Language | null
  /** Their IANA time zone (issue 68), set from their browser on first sign-in; null: not yet. */
  timeZone: string | null
}

export type ProfileRow = Pick<
  Tables<'profiles'>,
  'id' | 'display_name' | 'avatar_path' | 'language' | 'time_zone'
>

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    displayName: row.display_name?.trim() || t`Unnamed`,
    avatarPath: row.avatar_path,
    language: isLanguage(row.language) ? row.language : null,
    timeZone: row.time_zone,
  }
}
