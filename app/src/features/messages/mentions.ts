// Mentions are stored as <@user-id> and written as @Display Name; @channel, @here and @everyone
// as Slack stores them, <!channel>, <!here>, <!everyone>, and a user group as
// <!subteam^group-id|@handle>. These convert between the two (the @word being typed, for the
// autocomplete, is found by completion-query.ts, a module of its lazy chunk).
import { bodyAsText } from '../../lib/message-tokens.ts'

export interface Mentionable {
  id: string
  name: string
}

/** Stored body -> what the composer shows. */
export function toEditable(body: string, nameOf: (id: string) => string): string {
  return bodyAsText(body, nameOf)
}

/** The words that mention many; a person of the same name is mentioned by their full name. */
export const BROADCASTS = ['channel', 'here', 'everyone'] as const

/**
 * Composer text -> stored body: `@Name` of a known person becomes <@id>, `@channel`, `@here` and
 * `@everyone` become <!channel>, <!here>, <!everyone>, and `@handle` of a group (in `groups`)
 * <!subteam^id|@handle>. Longer names win, so "@Ann Lee" is not read as "@Ann". Returns the names
 * typed after @ that matched nobody.
 */
export function toStorable(
  text: string,
  people: Mentionable[],
  groups: readonly Mentionable[] = []
): { body: string; unknown: string[] } {
  const sorted = [
    ...BROADCASTS.map((word) => ({ id: word, name: word, token: `<!${word}>` })),
    ...groups.map((g) => ({ id: g.id, name: g.name, token: `<!subteam^${g.id}|@${g.name}>` })),
    ...people.filter((p) => p.name).map((p) => ({ ...p, token: `<@${p.id}>` })),
  ].sort((a, b) => b.name.length - a.name.length)
  let body = ''
  let i = 0
  while (i < text.length) {
    const at = text.indexOf('@', i)
    if (at < 0) {
      body += text.slice(i)
      break
    }
    body += text.slice(i, at)
    const before = at === 0 ? ' ' : text[at - 1]!
    const rest = text.slice(at + 1)
    const match = /[\s([{"'>]/.test(before)
      ? sorted.find((p) => rest.startsWith(p.name) && !isNameChar(rest[p.name.length]))
      : undefined
    if (match) {
      body += match.token
      i = at + 1 + match.name.length
    } else {
      body += '@'
      i = at + 1
    }
  }
  return { body, unknown: unknownMentions(body) }
}

function isNameChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}_]/u.test(ch)
}

/** `@word` tokens left as text (no one matched), for a "not in this channel" hint. */
function unknownMentions(body: string): string[] {
  const out = new Set<string>()
  for (const m of body.matchAll(/(?:^|[\s([{"'>])@([\p{L}\p{N}_.-]{2,})/gu)) out.add(m[1]!)
  return [...out]
}
