// A message body as people read it, in one place for the app, the notification emails and the
// pushes (issue 70, item 3). A body stores a person's mention as <@user-id>, a mention of many as
// Slack does, <!channel>, <!here>, <!everyone>, and a user group's as <!subteam^group-id|@handle>
// (ids are UUIDs, 36 hex digits and dashes in any case, given back in lower case; the database
// checks that a mention names a member); a channel link is markdown, [#name](/w/<ws>/c/<id>).
//
// bodyAsText gives the tokens as names and keeps the markdown (the composer's text to edit, pins,
// Later, the screen reader's announcement); bodyAsLine (body-line.ts, a module of its own so that
// the app's first screen, which needs only this one, leaves it to the lazy chunks) makes one line
// of plain text of it (notifications of the browser, emails, pushes, Activity, search hits):
// links as their text, no markdown marks, runs of space as one. Every case both must meet is in
// body-text-cases.json, which the app's, the email's and the push's tests all run.
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

/** The body with its tokens as people read them: @name (nameOf gets the lower-case id),
 * @channel, @here, @everyone, @handle (a group without one: @group). Markdown stays. */
export function bodyAsText(body: string, nameOf: NameOf): string {
  return body
    .replace(PERSON, (_m, id: string) => `@${nameOf(id.toLowerCase())}`)
    .replace(BROADCAST, '@$1')
    .replace(GROUP, (_m, _id: string, handle?: string) => `@${handle?.trim() || 'group'}`)
}
