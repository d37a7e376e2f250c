// What the composer hands the slash commands' lazy chunk, and what it gets back (types only: the
// composer names nothing else of this feature, and loads the chunk once a text starts with /).
import type { ComponentType, KeyboardEvent, RefObject } from 'react'

export interface SlashHandle {
  /** Keys for the command list (arrows, Tab/Enter, Escape); true when it used the key. */
  keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean
  /** Runs the text as a command (the composer is emptied once it is done with). */
  run(text: string): void
}

/** What the composer was given, as far as the commands need it. */
export interface ComposerScope {
  channelId: string
  channelName: string
  /** The channel's members, and everyone in the workspace (for /invite and /me). */
  members: { id: string; name: string }[]
  workspacePeople: { id: string; name: string }[]
  /** Sends a message as the composer does (null when queued, or why not). */
  onSend: (body: string, files: never[], messageId: string) => string | null
  onStopTyping: () => void
}

export interface SlashProps {
  handle: RefObject<SlashHandle | null>
  text: string
  setText: (text: string) => void
  composer: ComposerScope
  /** The messages' markdown renderer, for the notes. */
  Body: ComponentType<{ body: string; resolveMention: () => null }>
}
