// What search and the quick switcher know of the workspace they open in: what the channel header
// gives its parts (slots/header.ts), less the open channel. A module of its own, so the launcher
// and the dialogs it loads lazily share it without importing one another.
import type { HeaderPartProps } from '../../slots/header.ts'

export type SearchContext = Omit<HeaderPartProps, 'channelId'>
