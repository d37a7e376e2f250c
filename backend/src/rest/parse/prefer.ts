// The Prefer header (PostgREST Preferences.hs): comma-separated `key=value` tokens, possibly spread
// over several headers; the first token of each kind wins, unknown tokens are remembered so that
// `handling=strict` can refuse them.

export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  tx?: 'commit' | 'rollback'
  timezone?: string
  maxAffected?: number
  /** Tokens that are not preferences PostgREST knows. */
  invalid: string[]
}

const CHOICES = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
} as const

type ChoiceKey = keyof typeof CHOICES

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { invalid: [] }
  if (header === undefined) return prefs
  const text = Array.isArray(header) ? header.join(',') : header
  for (const raw of text.split(',')) {
    const token = raw.trim()
    if (token === '') continue
    const eq = token.indexOf('=')
    const key = eq === -1 ? token : token.slice(0, eq).trim()
    const value = eq === -1 ? '' : token.slice(eq + 1).trim()
    if (key in CHOICES) {
      const choices = CHOICES[key as ChoiceKey] as readonly string[]
      if (!choices.includes(value)) {
        prefs.invalid.push(token)
        continue
      }
      const record = prefs as unknown as Record<string, unknown>
      if (record[key] === undefined) record[key] = value
    } else if (key === 'timezone' && value !== '') {
      prefs.timezone ??= value
    } else if (key === 'max-affected' && /^\d{1,15}$/.test(value)) {
      prefs.maxAffected ??= Number(value)
    } else {
      prefs.invalid.push(token)
    }
  }
  return prefs
}

/** The `Preference-Applied` value for the preferences that took effect, in PostgREST's order. */
export function appliedPreferences(
  prefs: Preferences,
  applied: Partial<
    Record<
      | 'resolution'
      | 'missing'
      | 'return'
      | 'count'
      | 'tx'
      | 'handling'
      | 'timezone'
      | 'maxAffected',
      boolean
    >
  >
): string | null {
  const parts: string[] = []
  if (applied.resolution && prefs.resolution) parts.push(`resolution=${prefs.resolution}`)
  if (applied.missing && prefs.missing) parts.push(`missing=${prefs.missing}`)
  if (applied.return && prefs.return) parts.push(`return=${prefs.return}`)
  if (applied.count && prefs.count) parts.push(`count=${prefs.count}`)
  if (applied.tx && prefs.tx) parts.push(`tx=${prefs.tx}`)
  if (applied.handling && prefs.handling) parts.push(`handling=${prefs.handling}`)
  if (applied.timezone && prefs.timezone) parts.push(`timezone=${prefs.timezone}`)
  if (applied.maxAffected && prefs.maxAffected !== undefined)
    parts.push(`max-affected=${prefs.maxAffected}`)
  return parts.length === 0 ? null : parts.join(', ')
}
