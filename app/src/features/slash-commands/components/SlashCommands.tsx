// The composer's slash commands (a lazy chunk, loaded once a text starts with /): the list of
// commands while the command's name is typed (arrows, Tab or Enter to pick, Escape to close), a
// command run on send (the built-ins here, the workspace's own through the Edge Function), and
// what only I see: the commands' notes, the apps' ephemeral answers, and their later ones
// (response_url), each marked "Only visible to you" and dismissable. Nothing of it is stored but
// the later answers (mine alone, by row-level security).
import { t } from '@lingui/core/macro'
import { useEffect, useId, useImperativeHandle, useState } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { useUserId } from '../../auth/index.ts'
import { useRoute } from '../../../lib/router.ts'
import { newId } from '../../../lib/uuid.ts'
import { runBuiltin } from '../data/builtins.ts'
import { useCustomCommands } from '../data/commands.ts'
import { useLaterAnswers } from '../data/later-answers.ts'
import { runCustomCommand } from '../data/run-custom.ts'
import type { CommandProps } from '../../../slots/composer.ts'
import { builtinCommands, commandOf, matchCommands } from '../parse.ts'
import './slash-commands.css'

interface Note {
  id: string
  body: string
  tone: 'info' | 'error'
}

let noteCounter = 0
const noMention = () => null

export default function SlashCommands(props: CommandProps) {
  const { text, setText, composer, Body } = props
  const { channelId } = composer
  const me = useUserId()
  const route = useRoute()
  const workspaceId = route.name === 'workspace' ? route.workspaceId : null
  const custom = useCustomCommands(workspaceId)
  const all = [...builtinCommands(), ...(custom.data ?? [])]
  const options = matchCommands(text, all)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const [notes, setNotes] = useState<Note[]>([])
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<ReactNode>(null)
  const later = useLaterAnswers(me, channelId)
  const listId = useId()
  const open = options.length > 0 && dismissed !== text
  const activeIndex = Math.min(active, Math.max(0, options.length - 1))

  useEffect(() => setActive(0), [text])
  useEffect(() => setNotes([]), [channelId])
  useComboboxOf(listId, open ? activeIndex : null)

  const note = (body: string, tone: Note['tone'] = 'info') =>
    setNotes((list) => [...list.slice(-4), { id: `note-${++noteCounter}`, body, tone }])

  async function run(line: string): Promise<boolean> {
    const parsed = commandOf(line)
    if (!parsed || !workspaceId) return false
    const { name, args } = parsed
    const scope = {
      ...composer,
      // a thread's box acts on its channel (its own key names the thread)
      channelId: composer.scope?.channelId ?? channelId,
      me,
      workspaceId,
      send: (body: string) => composer.onSend(body, [], newId()),
    }
    setBusy(true)
    try {
      const builtin = await runBuiltin(name, args, scope)
      if (builtin) {
        if (builtin.note) note(builtin.note, builtin.tone)
        if (builtin.dialog)
          setDialog(
            builtin.dialog((done) => {
              setDialog(null)
              if (done) {
                setText('')
                composer.onStopTyping()
              }
            })
          )
        return builtin.clear
      }
      const known = custom.data ?? (await custom.refetch()).data ?? []
      if (!known.some((c) => c.name === name)) {
        const command = name
        note(
          t`${command} is not a command. Type / to see the commands; to send a message that starts with /, begin it with //.`,
          'error'
        )
        return false
      }
      const result = await runCustomCommand(scope.channelId, name, args)
      if (result.ephemeral) note(result.ephemeral, result.failed ? 'error' : 'info')
      return !result.failed || result.posted
    } finally {
      setBusy(false)
    }
  }

  useImperativeHandle(props.handle, () => ({
    keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
      if (!open || event.nativeEvent.isComposing) return false
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((activeIndex + step + options.length) % options.length)
        return true
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        setText(`${options[activeIndex]!.name} `)
        return true
      }
      if (event.key === 'Escape') {
        setDismissed(text)
        return true
      }
      return false
    },
    run(line: string) {
      if (busy) return
      void run(line).then((done) => {
        if (!done) return
        setText('')
        composer.onStopTyping()
      })
    },
  }))

  const shown = [
    ...later.answers.map((a) => ({ id: a.id, body: a.body, tone: 'info' as const, later: true })),
    ...notes.map((n) => ({ ...n, later: false })),
  ]
  return (
    <>
      {dialog}
      {open && (
        <ul className="slash-options" role="listbox" id={listId} aria-label={t`Commands`}>
          {options.map((c, index) => (
            <li
              key={c.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault()
                setText(`${c.name} `)
              }}
            >
              <span className="slash-usage">{c.usage}</span>
              <span className="muted">{c.description}</span>
              {c.custom && <span className="slash-app">{t`APP`}</span>}
            </li>
          ))}
        </ul>
      )}
      {busy && <p className="muted slash-busy">{running(commandOf(text)?.name)}</p>}
      {shown.length > 0 && (
        <ul className="slash-notes" aria-label={t`Only visible to you`} aria-live="polite">
          {shown.map((n) => (
            <li key={n.id} className={`slash-note slash-note-${n.tone}`}>
              <span className="slash-only">{t`Only visible to you`}</span>
              <div className="slash-note-body">
                <Body body={n.body} resolveMention={noMention} />
              </div>
              <button
                type="button"
                className="button button-small"
                aria-label={t`Dismiss`}
                onClick={() =>
                  n.later
                    ? later.dismiss(n.id)
                    : setNotes((list) => list.filter((x) => x.id !== n.id))
                }
              >
                {t`Dismiss`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** "Running /deploy…" while a command runs. */
function running(command: string | undefined): string {
  return command ? t`Running ${command}…` : t`Running the command…`
}

/**
 * The composer's box (a combobox, MentionTextarea's) tells screen readers that this list is open
 * and which command is active, as it does for its own list of people: set here, in this lazy
 * chunk, so that the first screen carries none of it. Put back as it was when the list closes
 * (the people's list is never open at once: it needs an "@" after the command's name).
 */
function useComboboxOf(listId: string, active: number | null) {
  useEffect(() => {
    if (active === null) return
    const box = document
      .getElementById(listId)
      ?.closest('.composer')
      ?.querySelector<HTMLTextAreaElement>('textarea[role="combobox"]')
    if (!box) return
    box.setAttribute('aria-expanded', 'true')
    box.setAttribute('aria-controls', listId)
    box.setAttribute('aria-activedescendant', `${listId}-${active}`)
    return () => {
      box.setAttribute('aria-expanded', 'false')
      box.removeAttribute('aria-controls')
      box.removeAttribute('aria-activedescendant')
    }
  }, [listId, active])
}
