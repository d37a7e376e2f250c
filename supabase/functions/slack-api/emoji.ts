// Slack names a reaction by its shortcode (`thumbsup`), Chorus stores the emoji people pick
// (👍): the common shortcodes are turned into their emoji, and back when a message's reactions
// are listed, so a bot's reaction looks like a person's. Any other shortcode is kept as
// `:name:`, which Chorus accepts as a reaction too.
const EMOJI: Record<string, string> = {
  '+1': '👍',
  thumbsup: '👍',
  '-1': '👎',
  thumbsdown: '👎',
  tada: '🎉',
  heart: '❤️',
  eyes: '👀',
  rocket: '🚀',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  warning: '⚠️',
  fire: '🔥',
  joy: '😂',
  smile: '😄',
  pray: '🙏',
  clap: '👏',
  raised_hands: '🙌',
  thinking_face: '🤔',
  hourglass: '⌛',
  100: '💯',
}

const NAMES = new Map<string, string>()
for (const [name, emoji] of Object.entries(EMOJI)) if (!NAMES.has(emoji)) NAMES.set(emoji, name)

/** What Chorus stores for Slack's reaction name (without colons). */
export function emojiOf(name: string): string {
  return Object.hasOwn(EMOJI, name) ? EMOJI[name]! : `:${name}:`
}

/** Slack's name for a stored reaction (a shortcode without colons, or the emoji itself). */
export function nameOf(emoji: string): string {
  return NAMES.get(emoji) ?? emoji.replace(/^:(.*):$/, '$1')
}
