// The tokens a message body stores, read one way everywhere: a person's mention <@user-id>, a
// mention of many <!channel>, <!here>, <!everyone>, and a user group's <!subteam^group-id|@handle>
// (as Slack stores them; ids are UUIDs, 36 hex digits and dashes in any case, given back in lower
// case; the database checks that a mention names a member). The
// markdown parser (features/messages/markdown/parse.ts) anchors these patterns for its tokenizer;
// the places that show a body as one line of text (pins, Later, search hits, notifications, the
// screen reader's announcement, the composer's text to edit) use bodyAsText.

export const PERSON = /<@([0-9a-f-]{36})>/gi
export const BROADCAST = /<!(channel|here|everyone)>/g
export const GROUP = /<!subteam\^([0-9a-f-]{36})(?:\|@?([^<>|]{1,40}))?>/gi

/** The people a body mentions, by id (lower case, each once). */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(PERSON)].map((m) => m[1]!.toLowerCase()))]
}

/** Whether a body mentions many: @channel, @here, @everyone or a group. */
export function mentionsMany(body: string): boolean {
  return body.search(BROADCAST) >= 0 || body.search(GROUP) >= 0
}

/** The body with its tokens as people read them: @name (nameOf gets the lower-case id),
 * @channel, @here, @everyone, @handle (a group without one: @group). */
export function bodyAsText(body: string, nameOf: (userId: string) => string): string {
  return body
    .replace(PERSON, (_m, id: string) => `@${nameOf(id.toLowerCase())}`)
    .replace(BROADCAST, '@$1')
    .replace(GROUP, (_m, _id: string, handle?: string) => `@${handle?.trim() || 'group'}`)
}
