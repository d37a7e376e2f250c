// Emoji shown as images of one set shipped with Chorus (Twemoji's SVGs, @twemoji/svg), so a
// device without a colour emoji font shows them too. The build copies the set's files, one per
// emoji, to EMOJI_DIR (app/scripts/emoji-files.ts, which fails when the version installed is not
// this one); an image loads when it is first shown (loading="lazy"), and its alt text is the
// character itself. No map of the set is bundled: a file's name is the emoji's code points.

/** Where the build puts the set: versioned, so its files are cached like the hashed assets. */
export const EMOJI_DIR = '/assets/twemoji-15.0.0/'

/** The file of an emoji: its code points in hex joined by '-', without U+FE0F (the emoji
 * presentation selector) unless the sequence is joined by U+200D, as Twemoji names its files;
 * the eye in a speech bubble, the one sequence of the set named otherwise, without it too. */
export function emojiFile(emoji: string): string {
  const sequence = /\u200d(?!\u{1f5e8})/u.test(emoji) ? emoji : emoji.replace(/\ufe0f/g, '')
  return `${[...sequence].map((c) => c.codePointAt(0)!.toString(16)).join('-')}.svg`
}
