// Slack's incoming-webhook payload -> one Chorus message (pure; the function and its tests share
// it). Accepted as Slack accepts it: a JSON body, or a form with a `payload` field holding the
// JSON. What is read: `text` (mrkdwn unless `mrkdwn: false`), `username`, `icon_emoji`,
// `icon_url`, `attachments` (pretext, author_name, title/title_link, text, fields, fallback,
// color, footer) and `blocks` of the kinds header, section (text and fields), context, divider
// (image blocks become a link; other kinds are left out). Everything becomes the message's
// markdown, which the app renders safely: when blocks give something, they are the message (Slack
// uses `text` only for notifications then), otherwise `text`; attachments follow, each as a quote
// whose first line carries a coloured square for its `color`. Anything malformed is a
// PayloadError with Slack's error text.
import { jsonDepth } from '../json-depth.ts'
import { escapeMarkdown } from './mrkdwn-core.ts'
import { PayloadError, checkUrl, mrkdwnToMarkdown } from './mrkdwn-incoming.ts'

export { jsonDepth, PayloadError }

export const MAX_BODY_BYTES = 64 * 1024
export const MAX_DEPTH = 8
export const MAX_MESSAGE_LENGTH = 40000

export interface WebhookPost {
  body: string
  username: string | null
  iconEmoji: string | null
  iconUrl: string | null
}

type Json = Record<string, unknown>

const bad = (detail: string) => new PayloadError('invalid_payload', detail)
const badBlocks = (detail: string) => new PayloadError('invalid_blocks', detail)

function parseJson(text: string, what: string): unknown {
  if (jsonDepth(text) > MAX_DEPTH) throw bad(`${what} is nested deeper than ${MAX_DEPTH} levels.`)
  try {
    return JSON.parse(text)
  } catch {
    throw bad(`${what} is not valid JSON.`)
  }
}

/** The payload object from the body as sent (JSON, or a form's `payload` field). */
export function readPayload(text: string, contentType: string | null): Json {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  let payload: unknown
  if (type === 'application/x-www-form-urlencoded') {
    const field = new URLSearchParams(text).get('payload')
    if (field === null) throw bad('A form post needs a `payload` field holding the JSON.')
    payload = parseJson(field, 'The payload field')
  } else if (type === 'application/json' || type === '' || type === 'text/plain') {
    payload = parseJson(text, 'The body')
  } else {
    throw bad(`Send JSON (application/json) or a form with a payload field, not ${type}.`)
  }
  if (!isObject(payload)) throw bad('The payload must be a JSON object.')
  return payload
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function optionalString(o: Json, key: string, where: string, max = 40000): string | null {
  const value = o[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw bad(`${where}.${key} must be a string.`)
  if (value.length > max) throw bad(`${where}.${key} is longer than ${max} characters.`)
  return value
}

/** An array field, also as Slack's form posts send it: a JSON string. */
function optionalArray(o: Json, key: string, max: number, error = bad): Json[] | null {
  let value = o[key]
  if (value === undefined || value === null) return null
  if (typeof value === 'string') value = parseJson(value, `The ${key} field`)
  if (!Array.isArray(value)) throw error(`${key} must be an array.`)
  if (value.length > max) {
    throw key === 'attachments'
      ? new PayloadError('too_many_attachments', `At most ${max} attachments.`)
      : error(`At most ${max} ${key}.`)
  }
  value.forEach((item, i) => {
    if (!isObject(item)) throw error(`${key}[${i}] must be an object.`)
  })
  return value as Json[]
}

const COLOR_NAMES: Record<string, string> = { good: '🟩', warning: '🟨', danger: '🟥' }

/** Slack's attachment colour as the nearest coloured square (the app shows no colour bars). */
export function colorSquare(color: string | null): string {
  if (!color) return ''
  const named = COLOR_NAMES[color.toLowerCase()]
  if (named) return named
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim())?.[1]
  if (!hex)
    throw bad(`attachments color "${color.slice(0, 20)}" is not good, warning, danger or #rrggbb.`)
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  if (max - min < 0.15) return max > 0.8 ? '⬜' : '⬛'
  const d = max - min
  let hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  hue = (hue * 60 + 360) % 360
  if (hue < 15 || hue >= 330) return '🟥'
  if (hue < 45) return max < 0.6 ? '🟫' : '🟧'
  if (hue < 70) return '🟨'
  if (hue < 170) return '🟩'
  if (hue < 260) return '🟦'
  return '🟪'
}

function quote(lines: string[]): string {
  return lines
    .join('\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')
}

function attachmentToMarkdown(a: Json, i: number): string {
  const where = `attachments[${i}]`
  const md = (key: string) => {
    const value = optionalString(a, key, where)
    return value === null ? null : mrkdwnToMarkdown(value, `${where}.${key}`)
  }
  const pretext = md('pretext')
  const author = optionalString(a, 'author_name', where, 256)
  const title = optionalString(a, 'title', where, 1000)
  const titleLink = optionalString(a, 'title_link', where, 2000)
  const text = md('text')
  const fallback = optionalString(a, 'fallback', where)
  const footer = optionalString(a, 'footer', where, 300)
  const square = colorSquare(optionalString(a, 'color', where, 20))
  const fields = optionalArray(a, 'fields', 100) ?? []
  const lines: string[] = []
  if (author) lines.push(`_${escapeMarkdown(author)}_`)
  if (title) {
    const heading = escapeMarkdown(title)
    lines.push(
      titleLink
        ? `**[${heading}](<${checkUrl(titleLink, `${where}.title_link`)}>)**`
        : `**${heading}**`
    )
  }
  if (text) lines.push(text)
  fields.forEach((f, j) => {
    const at = `${where}.fields[${j}]`
    const fieldTitle = optionalString(f, 'title', at, 300)
    const value = optionalString(f, 'value', at, 2000)
    if (f.short !== undefined && typeof f.short !== 'boolean')
      throw bad(`${at}.short must be true or false.`)
    if (fieldTitle) lines.push(`**${escapeMarkdown(fieldTitle)}**`)
    if (value) lines.push(mrkdwnToMarkdown(value, `${at}.value`))
  })
  if (footer) lines.push(`_${escapeMarkdown(footer)}_`)
  if (lines.length === 0 && fallback) lines.push(escapeMarkdown(fallback))
  if (square && lines.length > 0) lines[0] = `${square} ${lines[0]}`
  const body = lines.length > 0 ? quote(lines) : ''
  return [pretext, body].filter(Boolean).join('\n\n')
}

function textObject(value: unknown, where: string): string {
  if (!isObject(value)) throw badBlocks(`${where} must be a text object.`)
  const { type, text } = value
  if (typeof text !== 'string' || text.length > 3000)
    throw badBlocks(`${where}.text must be a string of at most 3000 characters.`)
  if (type === 'mrkdwn') return mrkdwnToMarkdown(text, where)
  if (type === 'plain_text') return escapeMarkdown(text)
  throw badBlocks(`${where}.type must be mrkdwn or plain_text.`)
}

function blockToMarkdown(block: Json, i: number): string {
  const where = `blocks[${i}]`
  switch (block.type) {
    case 'header':
      return `**${textObject(block.text, `${where}.text`)}**`
    case 'divider':
      return '---'
    case 'section': {
      const parts: string[] = []
      if (block.text !== undefined) parts.push(textObject(block.text, `${where}.text`))
      if (block.fields !== undefined) {
        if (!Array.isArray(block.fields) || block.fields.length > 10) {
          throw badBlocks(`${where}.fields must be an array of at most 10 text objects.`)
        }
        block.fields.forEach((f, j) => parts.push(textObject(f, `${where}.fields[${j}]`)))
      }
      if (parts.length === 0) throw badBlocks(`${where} needs text or fields.`)
      return parts.join('\n\n')
    }
    case 'context': {
      if (
        !Array.isArray(block.elements) ||
        block.elements.length === 0 ||
        block.elements.length > 10
      ) {
        throw badBlocks(`${where}.elements must be an array of 1 to 10 elements.`)
      }
      const parts = block.elements.map((e: unknown, j: number) => {
        const at = `${where}.elements[${j}]`
        if (isObject(e) && e.type === 'image') {
          const alt = typeof e.alt_text === 'string' ? e.alt_text : ''
          return alt ? escapeMarkdown(alt) : ''
        }
        return textObject(e, at)
      })
      return `_${parts.filter(Boolean).join(' · ')}_`
    }
    case 'image': {
      const url =
        typeof block.image_url === 'string' ? checkUrl(block.image_url, `${where}.image_url`) : null
      if (!url) throw badBlocks(`${where}.image_url must be a URL.`)
      const alt = typeof block.alt_text === 'string' ? block.alt_text : 'image'
      return `[${escapeMarkdown(alt)}](<${url}>)`
    }
    default:
      if (typeof block.type !== 'string') throw badBlocks(`${where}.type must be a string.`)
      return ''
  }
}

/** The message a payload makes, or a PayloadError saying why not. */
export function toWebhookPost(payload: Json): WebhookPost {
  // Past the message's limit is msg_too_long (below), as Slack answers; only a text no request
  // could carry is a malformed payload.
  const text = optionalString(payload, 'text', 'payload', MAX_BODY_BYTES)
  if (payload.mrkdwn !== undefined && typeof payload.mrkdwn !== 'boolean')
    throw bad('mrkdwn must be true or false.')
  const username = optionalString(payload, 'username', 'payload', 80)
  const iconEmoji = optionalString(payload, 'icon_emoji', 'payload', 66)
  const iconUrl = optionalString(payload, 'icon_url', 'payload', 2000)
  if (iconEmoji !== null && !/^:[a-z0-9_+-]{1,64}:$/.test(iconEmoji))
    throw bad('icon_emoji must be a shortcode like :ghost:.')
  if (iconUrl !== null && !checkUrl(iconUrl, 'icon_url').startsWith('https://'))
    throw bad('icon_url must be an https:// address.')
  const blocks = optionalArray(payload, 'blocks', 50, badBlocks)
  const attachments = optionalArray(payload, 'attachments', 100)
  const fromBlocks = (blocks ?? []).map(blockToMarkdown).filter(Boolean).join('\n\n')
  const main = fromBlocks || (text ? mrkdwnToMarkdown(text, 'text', payload.mrkdwn !== false) : '')
  const parts = [main, ...(attachments ?? []).map(attachmentToMarkdown)].filter((p) => p.trim())
  if (parts.length === 0) {
    throw new PayloadError('no_text', 'Nothing to show: send text, blocks or attachments.')
  }
  const body = parts.join('\n\n')
  if (body.length > MAX_MESSAGE_LENGTH) {
    throw new PayloadError(
      'msg_too_long',
      `The message would have ${body.length} characters; the limit is ${MAX_MESSAGE_LENGTH}.`
    )
  }
  return { body, username: username?.trim() || null, iconEmoji, iconUrl }
}
