// Writing a message: Enter sends, Shift+Enter is a new line, Up in an empty box edits my last
// message. The draft is kept per channel across reloads; files attach by button, paste or drop
// (the drop zone is the whole channel view) and upload at once with progress and cancel; a
// message sent while they upload goes once they are up. What features add (commands, names to
// mention, a question before sending) comes through the composer's slot (slots/composer.ts).
// Its tools (formatting toolbar, emoji, their shortcuts) are a chunk of their own (format/).
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, memo, useRef, useState } from 'react'
import type { ClipboardEvent, ComponentType, KeyboardEvent, ReactNode } from 'react'
import { UploadTray } from '../../attachments/index.ts'
import type { DraftUpload, OutgoingFile } from '../../attachments/index.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { toStorable } from '../mentions.ts'
import type { Mentionable } from '../mentions.ts'
import { MAX_MESSAGE_LENGTH, textLength } from '../conversation/validate.ts'
import { MentionTextarea } from './MentionTextarea.tsx'
import { useSendWhenUploaded } from './use-send-when-uploaded.ts'
import { useDraft } from './use-draft.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import { hasModifier } from '../../../lib/keys.ts'
import {
  composerChecks,
  composerCommands,
  ComposerGate,
  sendMenus,
  useComposerNames,
} from '../../composer-parts.ts'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { ComposerTools } from '../format/index.ts'
import type { ToolsHandle } from '../format/index.ts'
import './composer.css'
import type { CommandHandle, CommandProps, QuestionProps } from '../../../slots/composer.ts'

export interface ComposerUploads {
  messageId: string
  uploads: DraftUpload[]
  files: OutgoingFile[]
  busy: boolean
  /** Files, and texts to attach as text files (a paste past the message's limit). */
  add: (files: (File | string)[]) => Promise<string[]>
  cancel: (id: string) => void
  retry: (id: string) => void
  pause?: (id: string) => void
  resume?: (id: string) => void
  reset: () => void
}

interface Props {
  channelId: string
  /** Where the text goes (a thread's composer has its channel's): names, and whom mentions reach. */
  scope?: { workspaceId: string; channelId: string }
  channelName: string
  /** What the empty box shows (a thread's "Reply…"); "Message #channel" by default. */
  placeholder?: string
  /** The box's accessible name, when "Message #channel" would not say it (a Threads card's). */
  label?: string
  /** A thread's composer: its parent, and whether a reply goes to the channel too. */
  threadId?: string
  alsoToChannel?: boolean
  /** A thread's box: told whether a reply may also go to the channel (the gate's, given on). */
  onAlsoAllowed?: (allowed: boolean) => void
  disabledReason: string | null
  members: Mentionable[]
  /** Everyone in the workspace, to explain mentions of people outside the channel. */
  workspacePeople: Mentionable[]
  uploads: ComposerUploads
  /** Returns an error message or null when queued. */
  onSend: (body: string, files: OutgoingFile[], messageId: string) => string | null
  onEditLast: () => void
  onTyping: () => void
  onStopTyping: () => void
  inputRef: React.RefObject<HTMLTextAreaElement | null>
}

/** A part's question before sending the text it was asked about. */
type Asking = { text: string; question: (props: QuestionProps) => ReactNode }

/** Rendered again only when its props change (the channel's list changing with every message
 * does not): ChannelView keeps them the same from render to render. */
export const Composer = memo(function Composer(props: Props) {
  const { channelId, uploads, inputRef, scope } = props
  const [text, setText] = useDraft(channelId)
  const [problems, setProblems] = useState<string[]>([])
  const [warning, setWarning] = useState<ReactNode>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const command = useRef<CommandHandle>(null)
  const tools = useRef<ToolsHandle>(null)
  const withTools = useAfterFirstScreen()
  // A part's command panel stays once it has claimed a text (its notes outlive the command).
  const claimed = composerCommands.find((c) => c.claims(text))
  const [Panel, setPanel] = useState<ComponentType<CommandProps> | null>(
    () => claimed?.Panel ?? null
  )
  if (claimed && Panel !== claimed.Panel) setPanel(() => claimed.Panel)
  // The parts' names to mention, read once an @ is typed.
  const { names, sources: nameSources } = useComposerNames()
  const [asking, setAsking] = useState<Asking | null>(null)
  // Closed by a part's gate (who may post), which then shows why in its place.
  const [closed, setClosed] = useState(false)
  const gate = withTools && ComposerGate && (
    <Suspense fallback={null}>
      <ComposerGate {...props} onClosed={setClosed} />
    </Suspense>
  )
  const latest = useRef({ text, send })
  latest.current = { text, send }
  const later = useSendWhenUploaded(uploads, text, latest, setProblems)

  const length = textLength(text)
  const tooLong = length > MAX_MESSAGE_LENGTH

  function send(confirmed = false) {
    if (props.disabledReason) return
    // a command (run by its part's panel once it is loaded), never sent as a message
    if (claimed) return command.current?.run(text)
    // sent once the files are up, as it is now, unless it changes meanwhile
    if (uploads.busy) return later.queue()
    const { body, unknown } = toStorable(text, props.members, names)
    const check = !confirmed && scope && composerChecks.find((c) => c.applies(body))
    if (check) {
      // Asked first; sent as it was when the answer comes, unless the text changed meanwhile.
      const asked = text
      void check.check(scope, body).then((answer) => {
        if (latest.current.text !== asked) return
        if (answer.kind === 'refused') setProblems([answer.message])
        else if (answer.kind === 'ask') setAsking({ text: asked, question: answer.question })
        else latest.current.send(true)
      })
      return
    }
    setAsking(null)
    const error = props.onSend(body, uploads.files, uploads.messageId)
    if (error) {
      setProblems([error])
      return
    }
    setWarning(null)
    // Said once sent, from a chunk of its own (seldom needed; not the first screen's bytes).
    const sent = uploads.messageId
    if (unknown.length > 0)
      void import('./outside-warning.tsx').then((m) =>
        setWarning(
          m.outsideWarning(
            m.outsidePeople(unknown, props.workspacePeople, props.members),
            props.channelName,
            scope,
            setWarning,
            sent
          )
        )
      )
    clear()
  }

  function clear() {
    setProblems([])
    setText('')
    uploads.reset()
    props.onStopTyping()
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return
    if (command.current?.keyDown(event) || tools.current?.keyDown(event))
      return event.preventDefault()
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault()
      send()
    } else if (
      event.key === 'ArrowUp' &&
      !hasModifier(event) &&
      text === '' &&
      uploads.uploads.length === 0
    ) {
      event.preventDefault()
      props.onEditLast()
    }
  }

  function change(value: string) {
    setText(value)
    if (value) props.onTyping()
    else props.onStopTyping()
  }

  async function addFiles(files: (File | string)[]) {
    if (files.length === 0) return
    setProblems(await uploads.add(files))
  }

  function paste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const data = event.clipboardData
    const files: (File | string)[] = [...data.files]
    const pasted = data.getData('text')
    // A paste that would pass the limit is attached as a text file instead, as Slack does.
    if (text.length + pasted.length > MAX_MESSAGE_LENGTH) files.push(pasted)
    if (files.length > 0) {
      event.preventDefault()
      void addFiles(files)
    }
  }

  // Not "Message #" while the channel's name is not known yet (the server may be unreachable).
  const name = props.channelName
  const where = name.startsWith('@') ? name : '#' + name
  const target = !name ? t`Message` : t`Message ${where}`
  if (props.disabledReason) {
    return (
      <div className="composer composer-disabled">
        <p className="muted">{props.disabledReason}</p>
      </div>
    )
  }
  // the gate shows why, where the composer was
  if (closed) return gate

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      {problems.map((p) => (
        <Notice key={p} tone="error">
          {p}
        </Notice>
      ))}
      {warning && <Notice tone="warning">{warning}</Notice>}
      {gate}
      {later.waiting && <Notice>{t`Sending once the files are uploaded…`}</Notice>}
      {asking && asking.text === text && (
        <Suspense fallback={null}>
          {asking.question({
            where,
            onSend: () => send(true),
            onCancel: () => {
              setAsking(null)
              inputRef.current?.focus()
            },
          })}
        </Suspense>
      )}
      {uploads.uploads.length > 0 && (
        <Suspense fallback={null}>
          <UploadTray
            uploads={uploads.uploads}
            onCancel={uploads.cancel}
            onRetry={uploads.retry}
            onPause={uploads.pause}
            onResume={uploads.resume}
          />
        </Suspense>
      )}
      {scope && withTools && (
        <Suspense fallback={null}>
          {nameSources.map(({ part: Names, report }, i) => (
            <Names
              key={i}
              workspaceId={scope.workspaceId}
              enabled={text.includes('@')}
              onNames={report}
            />
          ))}
        </Suspense>
      )}
      {Panel && (
        <Suspense fallback={null}>
          <Panel
            handle={command}
            text={text}
            setText={setText}
            composer={props}
            Body={MessageBody}
          />
        </Suspense>
      )}
      <div className="composer-row composer-box">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid="file-input"
          onChange={(e) => {
            void addFiles([...(e.target.files ?? [])])
            e.target.value = ''
          }}
        />
        <MentionTextarea
          value={text}
          onChange={change}
          people={props.members}
          names={names}
          label={props.label ?? target}
          placeholder={props.placeholder ?? target}
          inputRef={inputRef}
          onKeyDown={keyDown}
          onPaste={paste}
        />
        <div className="composer-bar">
          <button
            type="button"
            className="icon-button"
            aria-label={t`Attach files`}
            onClick={() => fileInput.current?.click()}
          >
            <Icon name="paperclip" size={18} />
          </button>
          {withTools && (
            <Suspense fallback={null}>
              <ComposerTools {...props} setText={change} handle={tools} length={length} />
            </Suspense>
          )}
          <button
            type="submit"
            className="button button-primary"
            aria-label={t`Send message`}
            disabled={tooLong || later.waiting}
          >
            {t`Send`}
          </button>
          {withTools &&
            sendMenus.map((SendMenu, i) => (
              <Suspense key={i} fallback={null}>
                <SendMenu
                  {...props}
                  body={() => toStorable(text, props.members, names).body}
                  onDone={clear}
                  text={text}
                  setText={setText}
                />
              </Suspense>
            ))}
        </div>
      </div>
    </form>
  )
})
