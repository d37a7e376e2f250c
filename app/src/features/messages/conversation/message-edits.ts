// Edits, deletes and reactions of an open channel, optimistic: the change shows at once in the
// channel's window and is reverted, with the error, when the server refuses it. LiveChannel holds
// the context; the sync rules (catch-up, resync) are its own.
import { t } from '@lingui/core/macro'
import type { Result } from '../../../lib/result.ts'
import type { MessageWindow } from './message-window.ts'
import type { ChannelTransport } from './types.ts'
import { messageOf } from './types.ts'
import { validateBody } from './validate.ts'

export interface EditContext {
  window: MessageWindow
  transport: ChannelTransport
  userId: string
  now: () => Date
  newId: () => string
  /** Publishes the window's new state. */
  emit: () => void
}

const notLoaded = () => t`That message is no longer loaded.`

export async function editMessage(
  ctx: EditContext,
  id: string,
  body: string
): Promise<Result<void>> {
  const checked = validateBody(body, true)
  if (!checked.ok) return checked
  const before = ctx.window.get(id)
  if (!before) return { ok: false, error: notLoaded() }
  if (checked.value === before.body) return { ok: true, value: undefined }
  if (!checked.value.trim() && before.attachments.length === 0) {
    return { ok: false, error: t`A message cannot be empty. Delete it instead.` }
  }
  const editedAt = ctx.now().toISOString()
  ctx.window.patch(id, (m) => ({ ...m, body: checked.value, editedAt }))
  ctx.emit()
  return optimistic(
    ctx,
    () => ctx.transport.edit(id, checked.value),
    () => {
      ctx.window.patch(id, (m) => ({ ...m, body: before.body, editedAt: before.editedAt }))
    }
  )
}

export async function removeMessage(ctx: EditContext, id: string): Promise<Result<void>> {
  const before = ctx.window.get(id)
  if (!before) return { ok: false, error: notLoaded() }
  const deletedAt = ctx.now().toISOString()
  ctx.window.patch(id, (m) => ({ ...m, deletedAt }))
  ctx.emit()
  return optimistic(
    ctx,
    () => ctx.transport.remove(id),
    () => {
      ctx.window.patch(id, (m) => ({ ...m, deletedAt: before.deletedAt }))
    }
  )
}

export async function toggleReaction(
  ctx: EditContext,
  messageId: string,
  emoji: string
): Promise<Result<void>> {
  const message = ctx.window.get(messageId)
  if (!message) return { ok: false, error: notLoaded() }
  const existing = message.reactions.find((r) => r.emoji === emoji && r.userId === ctx.userId)
  const reaction = existing ?? { id: ctx.newId(), emoji, userId: ctx.userId }
  if (existing) ctx.window.removeReaction(messageId, reaction)
  else ctx.window.addReaction(messageId, reaction)
  ctx.emit()
  const { transport } = ctx
  return optimistic(
    ctx,
    () =>
      existing
        ? transport.removeReaction(messageId, reaction)
        : transport.addReaction(messageId, reaction),
    () => {
      if (existing) ctx.window.addReaction(messageId, reaction)
      else ctx.window.removeReaction(messageId, reaction)
    }
  )
}

async function optimistic(
  ctx: EditContext,
  call: () => Promise<void>,
  revert: () => void
): Promise<Result<void>> {
  try {
    await call()
    return { ok: true, value: undefined }
  } catch (error) {
    revert()
    ctx.emit()
    return { ok: false, error: messageOf(error) }
  }
}
