// Slack's mrkdwn -> Chorus's markdown, for history (lenient: a message is never refused for its
// text; what cannot be a link or a mention stays as the text it shows). *bold* becomes **bold**,
// ~strike~ ~~strike~~; _italic_, `code`, ```pre``` and > quotes are markdown already. Slack's
// entities &amp; &lt; &gt; are decoded (< and > escaped so they stay text). Control sequences:
// <@U1> and <@U1|name> a Chorus mention <@profile-id> (or @name when the person is unknown),
// <#C1|name> and <#C1> a link to the Chorus channel (/w/<workspace>/c/<channel>, as the app's
// permalinks), <url|text> [text](url), <url>, <mailto:a@b|text>, <!here>, <!channel>,
// <!everyone> as Chorus writes them, <!subteam^S1|@handle> a Chorus group mention when a group
// with that handle exists (else the text), <!date^…|fallback> its fallback.

import { convertMrkdwn, escapeMarkdown, label, rawEntities, splitOnce } from './mrkdwn-core.ts'

export interface MrkdwnContext {
  workspaceId: string
  /** The Chorus profile id of a Slack user id, or null. */
  person(slackId: string): string | null
  /** A Slack user id's name, for a mention of someone who could not be imported. */
  personName(slackId: string): string | null
  /** The Chorus channel (id and name) of a Slack conversation id, or null. */
  channel(slackId: string): { id: string; name: string } | null
  /** The Chorus group id of a handle (without @), or null. */
  group(handle: string): string | null
}

const SCHEME = /^(https?|mailto):/i

function controlSequence(inner: string, context: MrkdwnContext): string {
  const [target = '', text] = splitOnce(inner, '|')
  if (target.startsWith('@')) {
    const id = target.slice(1)
    const person = context.person(id)
    if (person) return `<@${person}>`
    return `@${escapeMarkdown(rawEntities(text ?? context.personName(id) ?? id))}`
  }
  if (target.startsWith('#')) {
    const channel = context.channel(target.slice(1))
    const name = rawEntities(text ?? channel?.name ?? target.slice(1))
    if (!channel) return `#${escapeMarkdown(name)}`
    return `[#${label(name)}](/w/${context.workspaceId}/c/${channel.id})`
  }
  if (target.startsWith('!')) {
    const word = target.slice(1)
    if (['here', 'channel', 'everyone'].includes(word)) return `<!${word}>`
    if (word.startsWith('subteam^')) {
      const handle = rawEntities(text ?? '').replace(/^@/, '')
      const group = handle ? context.group(handle) : null
      if (group) return `<!subteam^${group}|@${handle.slice(0, 39)}>`
      return escapeMarkdown(handle ? `@${handle}` : '')
    }
    return escapeMarkdown(rawEntities(text ?? ''))
  }
  const url = rawEntities(target).trim()
  if (SCHEME.test(url) && !/[\s<>"`]/.test(url)) {
    return text === undefined ? `<${url}>` : `[${label(text)}](<${url}>)`
  }
  return escapeMarkdown(rawEntities(text ?? target))
}

/** Slack mrkdwn as Chorus markdown. */
export function mrkdwnToChorus(source: string, context: MrkdwnContext): string {
  // A quote's > (Slack writes it &gt;) at a line's start is kept as markdown's quote marker.
  const text = source.replace(/\uE000/g, '').replace(/^(?:&gt;|>)(?= |$)/gm, '\uE000')
  return convertMrkdwn(text, (inner) => controlSequence(inner, context))
    .replace(/\uE000/g, '>')
    .replace(/^\n+|\n+$/g, '')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Chorus's own markdown (a Chorus export): kept as written, with its mentions of people, channel
 * links and groups moved to the ids they have in the workspace it is imported into.
 */
export function chorusToChorus(
  text: string,
  context: MrkdwnContext,
  sourceWorkspace: string
): string {
  return text
    .replace(/<@([0-9a-fA-F-]{36})>/g, (whole, id: string) => {
      if (!UUID.test(id)) return whole
      const person = context.person(id.toLowerCase())
      return person ? `<@${person}>` : `@${escapeMarkdown(context.personName(id) ?? 'someone')}`
    })
    .replace(/\]\(\/w\/([0-9a-fA-F-]{36})\/c\/([0-9a-fA-F-]{36})\)/g, (whole, ws, channelId) => {
      if (String(ws).toLowerCase() !== sourceWorkspace.toLowerCase()) return whole
      const channel = context.channel(String(channelId).toLowerCase())
      return channel ? `](/w/${context.workspaceId}/c/${channel.id})` : whole
    })
    .replace(/<!subteam\^[0-9a-fA-F-]{36}\|@([^<>|]{1,40})>/g, (_whole, handle: string) => {
      const group = context.group(handle)
      return group ? `<!subteam^${group}|@${handle}>` : escapeMarkdown(`@${handle}`)
    })
}
