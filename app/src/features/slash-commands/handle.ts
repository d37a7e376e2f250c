// What the composer hands the slash commands' lazy chunk, and what it gets back (types only: the
// composer names nothing else of this feature, and loads the chunk once a text starts with /).
import type { KeyboardEvent, ReactNode, RefObject } from 'react'

export interface SlashHandle {
  /** Keys for the command list (arrows, Tab/Enter, Escape); true when it used the key. */
  keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean
  /** Runs the text as a command; resolves true when the composer should be emptied. */
  run(text: string): Promise<boolean>
}

export interface SlashProps {
  handle: RefObject<SlashHandle | null>
  text: string
  setText: (text: string) => void
  channelId: string
  channelName: string
  /** The channel's members, and everyone in the workspace (for /invite and /me). */
  members: { id: string; name: string }[]
  workspacePeople: { id: string; name: string }[]
  /** Sends a message as the composer does (null when queued, or why not). */
  send: (body: string) => string | null
  /** Shows a markdown body as messages show theirs (the composer's renderer). */
  renderBody: (body: string) => ReactNode
}
