// The composer's parts (issue 51, item 1): what features add to writing a message. A part can
// take over a text it claims (a slash command: its lazy panel lists the commands, Enter runs it,
// nothing is sent), offer names beside people to mention (a group's handle, stored as its token),
// and ask before a body goes out (a mention that notifies many people). A feature adds one in its
// composer-part.ts; features/composer-parts.ts finds them by import.meta.glob. The composer is on
// the first screen: a part is a few lines, and its code loads when first used. A button in the
// composer's bar (a tool: "Create a poll") is a feature's composer-tool.ts, found by
// features/composer-tools.ts for the tools' chunk, which loads after the first screen.
import type { ComponentType, KeyboardEvent, ReactNode, RefObject } from 'react'

/** Where the text goes (a thread's composer has its channel's). */
export interface ComposerScope {
  workspaceId: string
  channelId: string
}

/** A name the autocomplete offers beside people; `hint` is shown after it. */
export interface ComposerName {
  id: string
  name: string
  hint: string
}

/** What the composer hands a command's panel: its own doings, as far as a command needs them. */
export interface CommandComposer {
  /** The box's key: its channel's id, or "<channel>.thread.<parent>" in a thread. */
  channelId: string
  /** Where the text goes (the channel, for a thread's box too). */
  scope?: ComposerScope
  /** A thread's box: its parent, and whether a reply goes to the channel too. */
  threadId?: string
  alsoToChannel?: boolean
  channelName: string
  /** The channel's members, and everyone in the workspace. */
  members: { id: string; name: string }[]
  workspacePeople: { id: string; name: string }[]
  /** Sends a message as the composer does (null when queued, or why not). */
  onSend: (body: string, files: never[], messageId: string) => string | null
  onStopTyping: () => void
}

/** What reads a part's names (it renders nothing): it reports them whenever they change. */
export interface NamesProps {
  workspaceId: string
  /** Read only once it is true (the composer asks once an @ is typed). */
  enabled: boolean
  onNames: (names: ComposerName[]) => void
}

/** What a command's panel gives back to the composer. */
export interface CommandHandle {
  /** Keys for the panel (arrows, Tab/Enter, Escape); true when it used the key. */
  keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean
  /** Runs the text (the composer is emptied once the command is done with it). */
  run(text: string): void
}

export interface CommandProps {
  handle: RefObject<CommandHandle | null>
  text: string
  setText: (text: string) => void
  composer: CommandComposer
  /** The messages' markdown renderer, for what the panel shows. */
  Body: ComponentType<{ body: string; resolveMention: () => null }>
}

/** What a question before sending is given: where the message goes, and the two answers. */
export interface QuestionProps {
  /** "#general", "@Ann". */
  where: string
  /** Asked before scheduling it (send later), not sending it now. */
  scheduling?: boolean
  onSend: () => void
  onCancel: () => void
}

/** The answer of a check before sending. */
export type SendAnswer =
  | { kind: 'send' }
  | { kind: 'refused'; message: string }
  | { kind: 'ask'; question: (props: QuestionProps) => ReactNode }

/** A file attached to the message being written, uploaded into its folder. */
export interface SendMenuFile {
  path: string
  name: string
  width?: number | null
  height?: number | null
}

/** What a part beside Send (send later's menu; drafts' sync, which shows nothing) is given: the
 *  composer's own props (where it writes, its uploads, its box), its text, and the message as it
 *  would be sent now. */
export interface SendMenuProps {
  /** The box's key: its channel's id, or "<channel>.thread.<parent>" in a thread. */
  channelId: string
  scope?: ComposerScope
  /** The box's text as typed, and what replaces it (a draft from another device). */
  text: string
  setText: (text: string) => void
  inputRef: RefObject<HTMLTextAreaElement | null>
  /** The message's id (its files' folder holds it), its uploaded files, and whether some are
   *  still uploading. */
  uploads: { messageId: string; files: SendMenuFile[]; busy: boolean }
  /** A thread's composer: its parent, and whether a reply goes to the channel too. */
  threadId?: string
  alsoToChannel?: boolean
  /** The text as it would be sent (mentions stored as tokens). */
  body: () => string
  /** The message went elsewhere (scheduled): the composer empties. */
  onDone: () => void
}

/** What a gate of the composer is given: where it writes, and how to close the composer. */
export interface GateProps {
  /** Absent in a composer outside a workspace (the gate then has nothing to say). */
  scope?: ComposerScope
  /** "general", "@Ann" (as the composer has it). */
  channelName: string
  /** A thread's composer: its parent. */
  threadId?: string
  /** Closes the composer (the gate then shows, in its place, why) or opens it again. */
  onClosed: (closed: boolean) => void
  /** A thread's composer: told whether a reply may also go to the channel (I may post there). */
  onAlsoAllowed?: (allowed: boolean) => void
}

/** What a tool in the composer's bar is given: where the box writes, and the box. */
export interface ComposerToolProps {
  /** The box's key: its channel's id, or "<channel>.thread.<parent>" in a thread. */
  channelId: string
  /** Where the text goes (the channel, for a thread's box too). */
  scope?: ComposerScope
  /** "general", "@Ann" (as the composer has it). */
  channelName: string
  /** A thread's box: its parent, and whether a reply goes to the channel too. */
  threadId?: string
  alsoToChannel?: boolean
  inputRef: RefObject<HTMLTextAreaElement | null>
}

/** A feature's composer-tool.ts default export: a button in the composer's bar, beside the emoji
 *  button ("Create a poll"). Found by features/composer-tools.ts for the composer's tools, a
 *  chunk loaded once the first screen is shown: no tool costs the first screen a byte. */
export interface ComposerTool {
  id: string
  /** Where it goes among the tools, lowest first. */
  order: number
  Tool: ComponentType<ComposerToolProps>
}

/** A feature's composer-part.ts default export. */
export interface ComposerPart {
  /** A text this part takes over (never sent as a message), with its panel (a lazy component). */
  command?: { claims: (text: string) => boolean; Panel: ComponentType<CommandProps> }
  /** The names it offers to mention (a component of no output, so it can read them with hooks). */
  Names?: ComponentType<NamesProps>
  /** A check before a body is sent: `applies` answers at once; `check` only when it applies. */
  beforeSend?: {
    applies: (body: string) => boolean
    check: (scope: ComposerScope, body: string) => Promise<SendAnswer>
  }
  /** A part beside Send: a menu, or nothing shown (a lazy component, rendered after the first
   *  screen). */
  SendMenu?: ComponentType<SendMenuProps>
  /** What may close the composer (who may post: a lazy component, rendered after the first
   *  screen; nothing while the composer is open). */
  Gate?: ComponentType<GateProps>
}
