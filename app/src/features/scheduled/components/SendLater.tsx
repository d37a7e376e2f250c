// The send button's chevron (a channel's or a thread's composer): "Schedule message" with In 1
// hour, Tomorrow at 9:00, Monday at 9:00 (in my profile's time zone) and Custom time…; the
// message, its files already uploaded into its folder, is scheduled, the composer emptied, and a
// toast says when it goes with a way to the Scheduled list. The composer's checks before sending
// ask first here too (@channel or a group notifying many: "Schedule it?", in a dialog). A chunk
// of its own, rendered once the first screen is shown.
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import type { ReactNode } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { navigate } from '../../../lib/router.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { showToast } from '../../../ui/layers.ts'
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../../ui/Menu.tsx'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import type { QuestionProps, SendMenuProps } from '../../../slots/composer.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { composerChecks } from '../../composer-parts.ts'
import { channelLabel, useChannelsQuery } from '../../channels/index.ts'
import { useUserId } from '../../auth/index.ts'
import { scheduleMessage } from '../data/schedule-call.ts'
import { presetsAt, presetTime, sendTimeLabel } from '../data/times.ts'
import type { Preset } from '../data/times.ts'
import { useZone } from '../data/use-zone.ts'
import './scheduled.css'

const TimeDialog = lazyRetrying(() => import('./TimeDialog.tsx'), NotLoaded)

/** The most a message may say (as the database allows). */
const MAX_BODY = 40_000

export function presetName(preset: Preset, at: Date, now: Date, zone: string): string {
  const time = sendTimeLabel(at, now, zone).replace(/^\S+\s/, '')
  if (preset === 'hour') return t`In 1 hour`
  if (preset === 'tomorrow') return t`Tomorrow at ${time}`
  return t`Monday at ${time}`
}

/** Nothing outside a workspace (a composer with no scope: where to schedule is unknown). */
export default function SendLater(props: SendMenuProps) {
  return props.scope ? <SendLaterMenu {...props} /> : null
}

function SendLaterMenu(props: SendMenuProps) {
  const zone = useZone()
  const [open, setOpen] = useState(false)
  const [custom, setCustom] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [asking, setAsking] = useState<{
    at: Date
    question: (p: QuestionProps) => ReactNode
  } | null>(null)
  const me = useUserId()
  const channels = useChannelsQuery(props.scope?.workspaceId ?? '')
  const now = new Date()
  const { scope, uploads } = props
  const body = props.body()
  const empty = body.trim() === '' && uploads.files.length === 0
  // Files still uploading, or a text past the limit: nothing to schedule yet.
  const waiting = uploads.busy || [...body].length > MAX_BODY

  /** Where, as the question says it: "#general", "Ann". */
  function where(): string {
    const channel = channels.data?.find((c) => c.id === scope?.channelId)
    if (!channel) return t`this channel`
    const label = channelLabel(channel, me)
    return channel.kind === 'dm' ? label : `#${label}`
  }

  async function schedule(at: Date, confirmed = false) {
    setBusy(true)
    setError(null)
    try {
      if (!scope) return
      // The composer's checks (a mention notifying many) ask before it is scheduled, as before
      // it is sent.
      const check = confirmed ? undefined : composerChecks.find((c) => c.applies(body))
      const answer = check ? await check.check(scope, body) : { kind: 'send' as const }
      if (answer.kind === 'refused') throw new Error(answer.message)
      if (answer.kind === 'ask') {
        setAsking({ at, question: answer.question })
        return
      }
      await scheduleMessage({
        id: uploads.messageId,
        channelId: scope.channelId,
        parentId: props.threadId,
        inChannel: props.alsoToChannel,
        body,
        files: uploads.files,
        sendAt: at,
      })
      setCustom(false)
      props.onDone()
      const when = sendTimeLabel(at, new Date(), zone)
      showToast({
        message: t`Scheduled for ${when}`,
        action: {
          label: t`View`,
          run: () => navigate(`/w/${scope.workspaceId}/scheduled`),
        },
      })
    } catch (e) {
      if (custom) setError(cleanError(e))
      else showToast({ message: cleanError(e), tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  if (!scope) return null
  return (
    <>
      <Menu
        trigger={
          <button
            type="button"
            className="button button-primary send-later-trigger"
            aria-label={t`Schedule message`}
            title={t`Schedule message`}
            disabled={waiting || busy}
          >
            <Icon name="chevron-down" size={16} />
          </button>
        }
        open={open}
        onOpenChange={setOpen}
        label={t`Schedule message`}
        side="top"
        align="end"
      >
        <MenuLabel>{empty ? t`Write a message to schedule it` : t`Schedule message`}</MenuLabel>
        {!empty && (
          <>
            {presetsAt(now, zone).map((preset) => {
              const at = presetTime(preset, now, zone)
              return (
                <MenuItem key={preset} onSelect={() => void schedule(at)}>
                  {presetName(preset, at, now, zone)}
                </MenuItem>
              )
            })}
            <MenuSeparator />
            <MenuItem icon="alarm-clock" onSelect={() => setCustom(true)}>
              {t`Custom time…`}
            </MenuItem>
          </>
        )}
      </Menu>
      {custom && (
        <Suspense fallback={null}>
          <TimeDialog
            title={t`Schedule message`}
            confirm={t`Schedule`}
            zone={zone}
            initial={presetTime('tomorrow', now, zone)}
            busy={busy}
            error={error}
            onPick={(at) => void schedule(at)}
            onClose={() => {
              setCustom(false)
              setError(null)
            }}
          />
        </Suspense>
      )}
      {asking && (
        <Dialog title={t`Schedule message`} open onClose={() => setAsking(null)}>
          <Suspense fallback={null}>
            {asking.question({
              where: where(),
              scheduling: true,
              onSend: () => {
                setAsking(null)
                void schedule(asking.at, true)
              },
              onCancel: () => setAsking(null),
            })}
          </Suspense>
        </Dialog>
      )}
    </>
  )
}
