// Running a workspace's own command: the `slash-commands` Edge Function with my session, which
// sends Slack's signed request to the command's app. Its answer: an ephemeral text for me only
// (markdown; the app's, or why it failed), or posted in the channel for everyone.
import { t } from '@lingui/core/macro'
import { FunctionsHttpError } from '@supabase/functions-js'
import { functions } from '../../../lib/supabase.ts'

export interface CustomResult {
  /** Markdown shown to me only, or null. */
  ephemeral: string | null
  /** The app's answer went to the channel. */
  posted: boolean
  /** It failed (the text says why). */
  failed: boolean
}

export async function runCustomCommand(
  channelId: string,
  command: string,
  text: string
): Promise<CustomResult> {
  const { data, error } = await (
    await functions()
  ).invoke('slash-commands', {
    body: { command, text, channel_id: channelId },
  })
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => null)) as {
        message?: string
        hint?: string
      } | null
      const message = [body?.message, body?.hint].filter(Boolean).join(' ')
      return { ephemeral: message || t`${command} failed.`, posted: false, failed: true }
    }
    return {
      ephemeral: t`${command} failed: Chorus could not be reached.`,
      posted: false,
      failed: true,
    }
  }
  const result = data as { ephemeral?: string | null; posted?: boolean; error?: string }
  return {
    ephemeral: result.ephemeral ?? null,
    posted: result.posted === true,
    failed: !!result.error,
  }
}
