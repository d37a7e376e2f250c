// A message body as people read it, in one place for the app, the notification emails and the
// pushes (issue 70, item 3). A body stores a person's mention as <@user-id>, a mention of many as
// Slack does, <!channel>, <!here>, <!everyone>, and a user group's as <!subteam^group-id|@handle>
// (ids are UUIDs, 36 hex digits and dashes in any case, given back in lower case; the database
// checks that a mention names a member); a channel link is markdown, [#name](/w/<ws>/c/<id>).
//
// bodyAsText gives the tokens as names and keeps the markdown (the composer's text to edit, pins,
// Later, search hits, the screen reader's announcement); bodyAsLine makes one line of plain text
// of it (notifications of the browser, emails, pushes): links as their text, no markdown marks,
// runs of space as one. Every case both must meet is in body-text-cases.json, which the app's,
// the email's and the push's tests all run.
//
// Pure and without imports: the app (Vite) imports this file as the Edge Functions (Deno) do.

export const PERSON = /<@([0-9a-f-]{36})>/gi
export const BROADCAST = /<!(channel|here|everyone)>/g
export const GROUP = /<!subteam\^([0-9a-f-]{36})(?:\|@?([^<>|]{1,40}))?>/gi

/** The name of a mentioned person by their lower-case id; the caller's fallback for an unknown. */
export type NameOf = (userId: string) => string

/** The people a body mentions, by id (lower case, each once). */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(PERSON)].map((m) => m[1]!.toLowerCase()))]
}

/** Whether a body mentions many: @channel, @here, @everyone or a group. */
export function mentionsMany(body: string): boolean {
  return body.search(BROADCAST) >= 0 || body.search(GROUP) >= 0
}

/** A name lookup from a map of lower-case ids, `fallback` for anyone not in it. */
export function namesFrom(
  names: ReadonlyMap<string, string> | Readonly<Record<string, string>> | undefined,
  fallback: string
): NameOf {
  if (!names) return () => fallback
  if (names instanceof Map) return (id) => names.get(id) ?? fallback
  const record = names as Readonly<Record<string, string>>
  return (id) => (Object.hasOwn(record, id) ? record[id]! : fallback)
}

/** The body with its tokens as people read them: @name (nameOf gets the lower-case id),
 * @channel, @here, @everyone, @handle (a group without one: @group). Markdown stays. */
export function bodyAsText(body: string, nameOf: NameOf): string {
  return body
    .replace(PERSON, (_m, id: string) => `@${nameOf(id.toLowerCase())}`)
    .replace(BROADCAST, '@$1')
    .replace(GROUP, (_m, _id: string, handle?: string) => `@${handle?.trim() || 'group'}`)
}

// Private-use characters hold what markdown must not touch (a mention's name, code, an escaped
// mark) while the marks around it are taken away; a body's own are dropped first.
const HOLE = /\uE000(\d+)\uE001/g
/** A fenced code block: its fence line, its lines, its closing fence (or the body's end). */
const FENCED =
  /^ {0,3}(`{3,}|~{3,})[^\n]*(?:\n([\s\S]*?))?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * The body as one line of plain text, at most `max` characters (cut with "…"): tokens as
 * bodyAsText gives them, a link as its text ([#general](/w/…) is "#general", <https://x> its
 * address), code as its text, emphasis, strike, quotes, headings and bullets without their
 * marks, escapes as the character, runs of space as one.
 */
export function bodyAsLine(body: string, nameOf: NameOf, max = Infinity): string {
  const held: string[] = []
  const hold = (text: string) => `\uE000${held.push(text) - 1}\uE001`
  let text = body
    .replace(/[\uE000\uE001]/g, '')
    // Code first: nothing inside it is markup or a token.
    .replace(FENCED, (_m, _fence, code?: string) => ` ${hold(code ?? '')} `)
    .replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_m, _f, code: string) => hold(code.trim() || code))
    .replace(/\\([!-/:-@[-`{-~])/g, (_m, mark: string) => hold(mark))
    .replace(PERSON, (_m, id: string) => hold(`@${nameOf(id.toLowerCase())}`))
    .replace(BROADCAST, (_m, word: string) => hold(`@${word}`))
    .replace(GROUP, (_m, _id: string, handle?: string) => hold(`@${handle?.trim() || 'group'}`))
    // Links: an image or a link as its text, an autolink as its address.
    .replace(
      /!?\[([^\]\n]*)\]\((?:<[^>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"\n]*")?\)/g,
      '$1'
    )
    .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, (_m, url: string) => hold(url))
    .replace(/<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>/g, (_m, address: string) => hold(address))
    // Line marks: quotes, headings, bullets and task boxes, rules.
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^ {0,3}#{1,6}(?:[ \t]+|$)/gm, '')
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
    .replace(/^[ \t]*[-*+][ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    // Emphasis and strike, the strong marks before the single ones.
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\*(?=[^\s*])([^*]*?[^\s*])\*/g, '$1')
    .replace(/\*(?=[^\s*])([^*\s])\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*?[^\s_]|[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim()
  // A held part may hold another (a name inside code does not happen; code inside a link does).
  while (text.search(HOLE) >= 0) text = text.replace(HOLE, (_m, i: string) => held[Number(i)]!)
  text = text.replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
