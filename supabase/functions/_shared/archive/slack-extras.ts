// What a Slack message carries besides its `text` (FORMAT.md, "Shared messages, apps' blocks"):
// a shared message (an `attachments` entry with `is_share` or `is_msg_unfurl`, as Slack's export
// keeps a forward), an app's Block Kit `blocks` (poll apps: Polly, Simple Poll, …) and an app's
// legacy attachments, read leniently: a field of an unexpected type is left out, never the
// message. The words come out as mrkdwn, converted with the message's own text.
import { tsTime } from './items.ts'

export interface SlackShare {
  /** The shared message's author (a user id), when the attachment names one. */
  authorId: string | null
  authorName: string | null
  /** Its conversation's id. */
  channelId: string | null
  /** Its ts (a valid one), or null. */
  ts: string | null
  /** Its text (mrkdwn; Chorus markdown in Chorus's exports). */
  text: string
}

type Loose = Record<string, unknown>

const isLoose = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (item: Loose, field: string): string | null => {
  const value = item[field]
  return typeof value === 'string' ? value : null
}
const list = (item: Loose, field: string): unknown[] => {
  const value = item[field]
  return Array.isArray(value) ? value : []
}

/** A valid Slack ts, or null. */
function validTs(value: string | null): string | null {
  if (value === null) return null
  try {
    tsTime(value)
    return value
  } catch {
    return null
  }
}

/** The shared messages among a message's `attachments`. */
export function sharesOf(item: Loose): SlackShare[] {
  return list(item, 'attachments')
    .filter(isLoose)
    .filter((a) => a.is_share === true || a.is_msg_unfurl === true)
    .map((a) => ({
      authorId: text(a, 'author_id'),
      authorName: text(a, 'author_name') || text(a, 'author_subname') || null,
      channelId: text(a, 'channel_id'),
      ts: validTs(text(a, 'ts')),
      text: text(a, 'text') ?? text(a, 'fallback') ?? '',
    }))
}

/** A Block Kit text object's words. */
function words(value: unknown): string {
  return isLoose(value) ? (text(value, 'text') ?? '').trim() : ''
}

/**
 * An app's blocks as lines of mrkdwn: headers, sections (their fields too), context and the
 * buttons of actions. `rich_text` blocks are a person's message, which `text` already says: they
 * give nothing here.
 */
export function blocksText(item: Loose): string {
  const lines: string[] = []
  for (const block of list(item, 'blocks').filter(isLoose)) {
    switch (block.type) {
      case 'header': {
        const said = words(block.text)
        if (said) lines.push(`*${said}*`)
        break
      }
      case 'section': {
        const said = words(block.text)
        if (said) lines.push(said)
        for (const field of list(block, 'fields')) {
          const value = words(field)
          if (value) lines.push(value)
        }
        break
      }
      case 'context': {
        const said = list(block, 'elements').map(words).filter(Boolean).join(' ')
        if (said) lines.push(said)
        break
      }
      case 'actions': {
        const said = list(block, 'elements')
          .filter(isLoose)
          .map((element) => words(element.text))
          .filter(Boolean)
          .map((label) => `[${label}]`)
          .join(' ')
        if (said) lines.push(said)
        break
      }
      default:
    }
  }
  return lines.join('\n')
}

/** An app's legacy attachments (not shared messages, not a link's preview) as mrkdwn lines. */
export function attachmentsText(item: Loose): string {
  const lines: string[] = []
  for (const a of list(item, 'attachments').filter(isLoose)) {
    if (a.is_share === true || a.is_msg_unfurl === true || text(a, 'from_url')) continue
    for (const field of ['pretext', 'title', 'text']) {
      const said = (text(a, field) ?? '').trim()
      if (said) lines.push(field === 'title' ? `*${said}*` : said)
    }
    for (const f of list(a, 'fields').filter(isLoose)) {
      const [title, value] = [(text(f, 'title') ?? '').trim(), (text(f, 'value') ?? '').trim()]
      if (title || value) lines.push(title && value ? `*${title}*: ${value}` : title || value)
    }
    const footer = (text(a, 'footer') ?? '').trim()
    if (footer) lines.push(footer)
  }
  return lines.join('\n')
}

/** Who may post in a channel (a Chorus export's `chorus.posting`), or null. */
export interface SlackPosting {
  who: 'admins' | 'listed'
  replies: boolean
  people: string[]
}

export function postingOf(item: Loose): SlackPosting | null {
  const chorus = item.chorus
  if (!isLoose(chorus) || !isLoose(chorus.posting)) return null
  const posting = chorus.posting
  if (posting.who !== 'admins' && posting.who !== 'listed') return null
  return {
    who: posting.who,
    replies: posting.replies !== false,
    people: list(posting, 'people').filter((p): p is string => typeof p === 'string'),
  }
}
