// Slack's mrkdwn -> Chorus's markdown (pure; the `webhooks` function and its tests share it).
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

/** Plain text as markdown that shows exactly that text. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_~[\]<>#|]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+>]|\d+\.)(?=\s)/gm, '$1\\$2')
}

/** A link's label from Slack's text: entities decoded, nothing that would end it early. */
function label(text: string): string {
  return rawEntities(text).replace(/[[\]\\<>]/g, (c) => `\\${c}`)
}

/** Slack's three entities as the characters they stand for. */
function rawEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

/** Prose: the entities decoded, < and > kept as text (escaped) rather than markup. */
function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, '\\<').replace(/&gt;/g, '\\>').replace(/&amp;/g, '&')
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
    const url = checkUrl(decodeAmp(target), where)
    return `[${label(text ?? url)}](<${url}>)`
  }
  throw new PayloadError(
    'invalid_payload',
    `${where}: <${inner.slice(0, 40)}> is neither a link nor a mention. HTML is not allowed; ` +
      'write < > & as &lt; &gt; &amp;.'
  )
}

function decodeAmp(text: string): string {
  return text.replace(/&amp;/g, '&')
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}

/** Formatting outside code: *bold*, ~strike~, entities and control sequences. */
function convertProse(text: string, where: string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(/<([^<>\n]*)>/g)) {
    out += styled(decodeEntities(loneAngles(text.slice(last, match.index))))
    out += controlSequence(match[1]!, where)
    last = match.index + match[0].length
  }
  return out + styled(decodeEntities(loneAngles(text.slice(last))))
}

/** A < or > that opens or closes nothing: text, as its entity (decoded and escaped later). */
function loneAngles(text: string): string {
  return text.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
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

function styled(text: string): string {
  return text
    .replace(/(^|[\s(])\*(?=\S)([^*\n]*?\S)\*(?=$|[\s.,;:!?)'"])/g, '$1**$2**')
    .replace(/(^|[\s(])~(?=\S)([^~\n]*?\S)~(?=$|[\s.,;:!?)'"])/g, '$1~~$2~~')
}

/** Slack mrkdwn (or plain text when `mrkdwn` is false) as Chorus markdown. */
export function mrkdwnToMarkdown(text: string, where: string, mrkdwn = true): string {
  if (!mrkdwn) return escapeMarkdown(rawEntities(text))
  const source = markQuotes(text)
  let out = ''
  let last = 0
  // Code is kept as written (its entities decoded): ```blocks``` first, then `spans`.
  for (const match of source.matchAll(/```([\s\S]*?)```|`([^`\n]+)`/g)) {
    out += convertProse(source.slice(last, match.index), where)
    const code = rawEntities(match[1] ?? match[2] ?? '')
    out +=
      match[1] !== undefined ? `\n\`\`\`\n${code.replace(/^\n|\n$/g, '')}\n\`\`\`\n` : `\`${code}\``
    last = match.index + match[0].length
  }
  return quoteMarkers(out + convertProse(source.slice(last), where))
}
