// Slack's mrkdwn -> Chorus's markdown as Slack apps send it (pure): the incoming webhooks, the bots'
// Web API (slack-api) and the slash commands' answers (core.ts has what the importer shares).
//
// Slack escapes &, < and > in text as &amp; &lt; &gt; and uses <...> for links, mentions and
// special words: <https://x|label>, <mailto:a@b|label>, <@U123>, <#C123|name>, <!here>,
// <!channel>, <!everyone>, <!subteam^ID|@team>, <!date^...|fallback>. Anything else between
// < and > is HTML (or a link to another scheme) and is refused: the caller learns why, nothing is
// stored. A lone < or > is text, as Slack shows it ("CPU > 90%"). *bold* becomes **bold**,
// ~strike~ ~~strike~~; _italic_, `code` and ```pre``` are markdown already. A quote is Slack's:
// > (or &gt;, as Slack escapes it) and a space at a line's start quotes that line, >>> quotes the
// rest of the message. A Chorus mention <@user-uuid> stays a mention (the database refuses one
// of someone not in the channel); Slack's own ids become plain @text.

import { convertMrkdwn, escapeMarkdown, label, rawEntities, splitOnce } from './mrkdwn-core.ts'

export class PayloadError extends Error {
  constructor(
    /** Slack's error text (the response body). */
    readonly code: string,
    /** What exactly was wrong, for a person (the X-Chorus-Error header). */
    readonly detail: string
  ) {
    super(detail)
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A link Slack may send: http(s) or mailto only (never javascript:, data:, file:, …). */
export function checkUrl(raw: string, where: string): string {
  const value = raw.trim()
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new PayloadError('invalid_payload', `${where}: "${value.slice(0, 80)}" is not a URL.`)
  }
  if (!['http:', 'https:', 'mailto:'].includes(url.protocol) || /[\s<>"`]/.test(value)) {
    throw new PayloadError(
      'invalid_payload',
      `${where}: only http, https and mailto links are allowed (got "${url.protocol}").`
    )
  }
  return value
}

function controlSequence(inner: string, where: string): string {
  const [target = '', text] = splitOnce(inner, '|')
  if (target.startsWith('@')) {
    const id = target.slice(1)
    if (UUID.test(id)) return `<@${id.toLowerCase()}>`
    return `@${escapeMarkdown(text ?? id)}`
  }
  if (target.startsWith('#')) return `#${escapeMarkdown(text ?? target.slice(1))}`
  if (target.startsWith('!')) {
    const word = target.slice(1)
    if (['here', 'channel', 'everyone'].includes(word)) return `@${word}`
    if (word.startsWith('subteam^') || word.startsWith('date^')) return escapeMarkdown(text ?? '')
    throw new PayloadError('invalid_payload', `${where}: unknown special word <${inner}>.`)
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    const url = checkUrl(target.replace(/&amp;/g, '&'), where)
    return `[${label(text ?? url)}](<${url}>)`
  }
  throw new PayloadError(
    'invalid_payload',
    `${where}: <${inner.slice(0, 40)}> is neither a link nor a mention. HTML is not allowed; ` +
      'write < > & as &lt; &gt; &amp;.'
  )
}

const QUOTE = '\uE000'

/**
 * Slack's quote markers as QUOTE and a space at the start of each quoted line (a private-use
 * character no conversion touches; the space lets *bold* start the line): `>>>` quotes the rest
 * of the message, `>` the line; raw or as &gt;. A line inside a ``` block is code, never a quote.
 */
function markQuotes(text: string): string {
  const lines = text.replace(/\uE000/g, '').split('\n')
  let rest = false
  let inCode = false
  return lines
    .map((line) => {
      const code = inCode
      inCode = (line.split('```').length - 1) % 2 === 1 ? !inCode : inCode
      if (rest) return `${QUOTE} ${line}`
      if (code) return line
      const block = /^(?:>>>|&gt;&gt;&gt;) ?/.exec(line)
      if (block) {
        rest = true
        return `${QUOTE} ${line.slice(block[0].length)}`
      }
      const one = /^(?:>|&gt;)(?: |$)/.exec(line)
      return one ? `${QUOTE} ${line.slice(one[0].length)}` : line
    })
    .join('\n')
}

/**
 * The markers as markdown's quote: "> " before the line's text, ">" alone on an empty one; a
 * blank line ends the quote before an unquoted line (markdown would go on quoting it).
 */
function quoteMarkers(markdown: string): string {
  const lines = markdown.split('\n')
  return lines
    .map((line, i) => {
      if (!line.startsWith(QUOTE)) return line
      const text = line.slice(1).replace(/^ /, '')
      const next = lines[i + 1]
      const end = next !== undefined && next !== '' && !next.startsWith(QUOTE) ? '\n' : ''
      return (text ? `> ${text}` : '>') + end
    })
    .join('\n')
}

/** Slack mrkdwn (or plain text when `mrkdwn` is false) as Chorus markdown. */
export function mrkdwnToMarkdown(text: string, where: string, mrkdwn = true): string {
  if (!mrkdwn) return escapeMarkdown(rawEntities(text))
  return quoteMarkers(convertMrkdwn(markQuotes(text), (inner) => controlSequence(inner, where)))
}
