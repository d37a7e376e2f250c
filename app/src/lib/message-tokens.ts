// The tokens a message body stores and the body as people read it have one home, shared with the
// notification emails and the pushes: supabase/functions/_shared/body-text.ts (its cases:
// body-text-cases.json beside it, run by this folder's message-tokens.test.ts). The markdown
// parser (features/messages/markdown/parse.ts) anchors these patterns for its tokenizer; the
// places that show a body as text use bodyAsText (markdown kept: pins, Later, the screen
// reader's announcement, the composer's text to edit) or bodyAsLine (one line of plain text: the
// browser's notifications, Activity, search hits, the message menu's heading), imported from
// _shared/body-line.ts itself so that the first screen, where this module is, leaves it to the
// lazy chunks.
export {
  BROADCAST,
  GROUP,
  PERSON,
  bodyAsText,
  mentionedIds,
  mentionsMany,
} from '../../../supabase/functions/_shared/body-text.ts'
export type { NameOf } from '../../../supabase/functions/_shared/body-text.ts'
