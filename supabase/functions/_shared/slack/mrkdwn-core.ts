// Slack's mrkdwn, the part every reader of it shares (pure): code is kept as written, prose has
// Slack's entities (&amp; &lt; &gt;) decoded with < and > escaped so they stay text, *bold*
// becomes **bold** and ~strike~ ~~strike~~ (_italic_, `code` and ```pre``` are markdown already),
// and each control sequence <…> is given to the reader's own `control`: the incoming webhooks'
// strict one (incoming.ts: what is not a link or a mention is refused) and the importer's lenient
// one (../archive/mrkdwn.ts: history is never refused, ids become the workspace's).

/** Plain text as markdown that shows exactly that text. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_~[\]<>#|]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+>]|\d+\.)(?=\s)/gm, '$1\\$2')
}

/** Slack's three entities as the characters they stand for. */
export function rawEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

/** A link's label from Slack's text: entities decoded, nothing that would end it early. */
export function label(text: string): string {
  return rawEntities(text).replace(/[[\]\\<>]/g, (c) => `\\${c}`)
}

/** `target|text` as its two parts (text undefined without a `|`). */
export function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}

/** Prose: the entities decoded, < and > kept as text (escaped) rather than markup. */
function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, '\\<').replace(/&gt;/g, '\\>').replace(/&amp;/g, '&')
}

/** A < or > that opens or closes nothing: text, as its entity (decoded and escaped later). */
function loneAngles(text: string): string {
  return text.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
}

function styled(text: string): string {
  return text
    .replace(/(^|[\s(])\*(?=\S)([^*\n]*?\S)\*(?=$|[\s.,;:!?)'"])/g, '$1**$2**')
    .replace(/(^|[\s(])~(?=\S)([^~\n]*?\S)~(?=$|[\s.,;:!?)'"])/g, '$1~~$2~~')
}

function convertProse(text: string, control: (inner: string) => string): string {
  let out = ''
  let last = 0
  for (const match of text.matchAll(/<([^<>\n]*)>/g)) {
    out += styled(decodeEntities(loneAngles(text.slice(last, match.index))))
    out += control(match[1]!)
    last = match.index + match[0].length
  }
  return out + styled(decodeEntities(loneAngles(text.slice(last))))
}

/** Slack mrkdwn as Chorus markdown, each control sequence's inside given to `control`. */
export function convertMrkdwn(text: string, control: (inner: string) => string): string {
  let out = ''
  let last = 0
  // Code is kept as written (its entities decoded): ```blocks``` first, then `spans`.
  for (const match of text.matchAll(/```([\s\S]*?)```|`([^`\n]+)`/g)) {
    out += convertProse(text.slice(last, match.index), control)
    const code = rawEntities(match[1] ?? match[2] ?? '')
    out +=
      match[1] !== undefined ? `\n\`\`\`\n${code.replace(/^\n|\n$/g, '')}\n\`\`\`\n` : `\`${code}\``
    last = match.index + match[0].length
  }
  return out + convertProse(text.slice(last), control)
}
