// The emoji's slot, filled (slots/emoji.ts): the workspace's custom emoji, loaded when a `:name:`
// or the emoji picker first needs them, never with the first screen. One feature fills it, so
// it is named here (a glob's lookup cost the first screen bytes it does not have).
import type { EmojiPart } from '../slots/emoji.ts'

export const loadEmojiPart = (): Promise<EmojiPart> => import('./custom-emoji/emoji-part.tsx')
