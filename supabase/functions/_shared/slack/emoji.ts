// Slack names a reaction by its shortcode (`thumbsup`), Chorus stores the emoji people pick
// (👍): the common shortcodes of an imported export are turned into their emoji, so an imported
// reaction looks like a person's. Any other shortcode is kept as `:name:`, which Chorus accepts
// as a reaction too. (The Web API and events name reactions in SQL: private.slack_emoji_of and
// the table of *_chorus_slack_emoji.sql.)
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

/** What Chorus stores for Slack's reaction name (without colons). */
export function emojiOf(name: string): string {
  return Object.hasOwn(EMOJI, name) ? EMOJI[name]! : `:${name}:`
}
