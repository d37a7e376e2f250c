// The built-in commands, each doing the real thing through the RPCs the rest of the app uses:
// /topic (update_channel), /invite (add_channel_members), /leave (leave_channel), /mute
// (set_channel_notifications), /status (set_status, clear_status), /remind (a saved-for-later
// reminder: a note to myself in my own direct message, saved with remind_at, so it alerts and
// lists as the saved reminders do), /me and /shrug (a message, sent as the composer sends), /poll
// (features/polls: a poll made at once from "question | option | option", or its dialog).
// Each resolves to what to tell me, only me.
import { plural, t } from '@lingui/core/macro'
import { createElement } from 'react'
import type { ReactNode } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { navigate } from '../../../lib/router.ts'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'
import { newId } from '../../../lib/uuid.ts'
import { meBody, parseInvite, parseRemind, parseStatus, remindedText, shrugBody } from '../parse.ts'
import type { Person } from '../parse.ts'

export interface BuiltinScope {
  me: string
  workspaceId: string
  /** Where commands act: the channel (a thread's box's too). */
  channelId: string
  /** A thread's box: its parent, and whether a reply goes to the channel too. */
  threadId?: string
  alsoToChannel?: boolean
  channelName: string
  members: readonly Person[]
  workspacePeople: readonly Person[]
  send: (body: string) => string | null
}

/** What happened: a note for me, and whether the composer's text is done with. */
export interface Outcome {
  note: string | null
  tone: 'info' | 'error'
  clear: boolean
  /** A dialog the command opens (its close given): the composer's text stays until it is done. */
  dialog?: (close: (done: boolean) => void) => ReactNode
}

const ok = (note: string | null): Outcome => ({ note, tone: 'info', clear: true })
const fail = (note: string): Outcome => ({ note, tone: 'error', clear: false })

function sent(error: string | null): Outcome {
  return error ? fail(error) : ok(null)
}

/** "Ada, Grace and Alan", in the app's language. */
const listOf = (items: string[]) => new Intl.ListFormat(formatLocale()).format(items)

export async function runBuiltin(
  name: string,
  args: string,
  scope: BuiltinScope
): Promise<Outcome | null> {
  const channel = scope.channelName
  try {
    switch (name) {
      case '/shrug':
        return sent(scope.send(shrugBody(args)))
      case '/me': {
        if (!args) return fail(t`Say what you do: /me waves.`)
        const myName = scope.workspacePeople.find((p) => p.id === scope.me)?.name ?? ''
        return sent(scope.send(meBody(myName, args)))
      }
      case '/topic': {
        const topic = args
        if (!topic) return fail(t`Say the new topic: /topic Release on Friday.`)
        await rpcOne('update_channel', { p_channel_id: scope.channelId, p_topic: topic })
        return ok(t`Topic of #${channel} set to “${topic}”.`)
      }
      case '/invite': {
        const { ids, unknown } = parseInvite(args, scope.workspacePeople)
        if (unknown.length > 0) {
          const names = listOf(unknown)
          const count = unknown.length
          return fail(
            plural(count, {
              one: `${names}: no such person in this workspace.`,
              other: `${names}: no such people in this workspace.`,
            })
          )
        }
        if (ids.length === 0) return fail(t`Say who: /invite @name.`)
        const fresh = ids.filter((id) => !scope.members.some((m) => m.id === id))
        if (fresh.length === 0) return fail(t`They are already in #${channel}.`)
        await rpcOne('add_channel_members', { p_channel_id: scope.channelId, p_user_ids: fresh })
        const names = listOf(
          fresh.map((id) => scope.workspacePeople.find((p) => p.id === id)?.name ?? '?')
        )
        return ok(t`Added ${names} to #${channel}.`)
      }
      case '/leave':
        await rpcOne('leave_channel', { p_channel_id: scope.channelId })
        navigate(`/w/${scope.workspaceId}`)
        return ok(null)
      case '/mute': {
        const { data } = await supabase()
          .from('channel_members')
          .select('muted')
          .eq('channel_id', scope.channelId)
          .eq('user_id', scope.me)
          .maybeSingle()
        const muted = !data?.muted
        await rpcRows('set_channel_notifications', {
          p_channel_id: scope.channelId,
          p_muted: muted,
        })
        return ok(
          muted
            ? t`#${channel} is muted. Type /mute again to unmute it.`
            : t`#${channel} is unmuted.`
        )
      }
      case '/status': {
        const status = parseStatus(args)
        if ('error' in status) return fail(status.error)
        if (status.clear) {
          await rpcRows('clear_status')
          return ok(t`Your status is cleared.`)
        }
        const row = await rpcOne('set_status', {
          p_emoji: status.emoji,
          p_text: status.text,
          p_clear_after: 'never',
          p_time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
        })
        const shown = `${row.emoji} ${row.text}`.trim()
        return ok(t`Your status is now ${shown}`)
      }
      case '/poll': {
        // a chunk of its own, shared with the composer's "Create a poll" button
        const { CreatePollDialog, createPoll, parsePollCommand } =
          await import('../../polls/index.ts')
        const poll = parsePollCommand(args)
        if (poll.kind === 'error') return fail(poll.message)
        if (poll.kind === 'ask')
          return {
            note: null,
            tone: 'info',
            clear: false,
            dialog: (close) =>
              createElement(CreatePollDialog, {
                channelId: scope.channelId,
                channelName: channel.startsWith('@') ? channel : `#${channel}`,
                threadId: scope.threadId,
                alsoToChannel: scope.alsoToChannel,
                question: poll.question,
                options: poll.options,
                onDone: () => close(true),
                onClose: () => close(false),
              }),
          }
        await createPoll({
          id: newId(),
          channelId: scope.channelId,
          question: poll.question,
          options: poll.options,
          multiple: false,
          anonymous: false,
          endsAt: null,
          parentId: scope.threadId ?? null,
          alsoToChannel: scope.alsoToChannel ?? false,
        })
        return ok(null)
      }
      case '/remind': {
        const now = new Date()
        const remind = parseRemind(args, now)
        if ('error' in remind) return fail(remind.error)
        const dm = (await rpcOne('open_dm', { p_workspace_id: scope.workspaceId, p_user_ids: [] }))
          .id
        const id = newId()
        const what = remind.what
        await rpcOne('send_message', { p_id: id, p_channel_id: dm, p_body: t`Reminder: ${what}` })
        await rpcOne('save_message', { p_message_id: id, p_remind_at: remind.at.toISOString() })
        return ok(remindedText(what, remind.at, now))
      }
      default:
        return null
    }
  } catch (error) {
    const reason = cleanError(error)
    const command = name
    return fail(t`${command} failed: ${reason}`)
  }
}
