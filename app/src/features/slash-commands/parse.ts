// Slash commands in the composer, as text (pure): which command a message is, the built-ins'
// arguments (/remind's time, /status's emoji, /invite's people), /shrug and /me as markdown, and
// the autocomplete's matches. No React, no network: the composer's lazy chunk and its tests use it.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { formatLocale } from '../../lib/i18n.ts'
import { dateFormat } from '../../lib/date-formats.ts'

export interface CommandInfo {
  /** '/shrug' */
  name: string
  usage: string
  description: string
  /** A workspace's own command (the `slash-commands` Edge Function runs it). */
  custom?: boolean
}

/** A built-in: its usage hint and description kept for later (read with i18n._ when shown). */
export interface Builtin {
  name: string
  /** Absent: the command takes nothing (its usage is its name). */
  usage?: MessageDescriptor
  description: MessageDescriptor
}

// The usage hints keep the command's name and the words the command understands (they are
// English, as in Slack): only the bracketed parts are translated.
export const BUILTINS: readonly Builtin[] = [
  {
    name: '/me',
    usage: msg({ message: '/me [action]', comment: 'Translate only the bracketed part' }),
    description: msg`Say something as an action, in italics`,
  },
  {
    name: '/shrug',
    usage: msg({ message: '/shrug [message]', comment: 'Translate only the bracketed part' }),
    description: msg({ message: 'Append ¯\\_(ツ)_/¯ to your message' }),
  },
  {
    name: '/topic',
    usage: msg({ message: '/topic [text]', comment: 'Translate only the bracketed part' }),
    description: msg`Set the channel's topic`,
  },
  {
    name: '/invite',
    usage: msg({ message: '/invite @person', comment: 'Translate only "person"' }),
    description: msg`Add someone to this channel`,
  },
  { name: '/leave', description: msg`Leave this channel` },
  {
    name: '/remind',
    usage: msg({
      message: '/remind me [what] in [n] minutes|hours / at [time] / tomorrow',
      comment:
        'Keep me, in, minutes, hours, at and tomorrow in English (the command understands only them); translate only the bracketed parts',
    }),
    description: msg`Set a reminder for yourself`,
  },
  {
    name: '/poll',
    usage: msg({
      message: '/poll [question] | [option] | [option]',
      comment: 'Translate only the bracketed parts',
    }),
    description: msg`Create a poll (alone: open the poll dialog)`,
  },
  { name: '/mute', description: msg`Mute or unmute this channel` },
  {
    name: '/status',
    usage: msg({
      message: '/status [emoji] [text] / clear',
      comment:
        'Keep "clear" in English (the command understands only it); translate only the bracketed parts',
    }),
    description: msg`Set or clear your status`,
  },
]

/** The built-ins as the autocomplete shows them, in the app's language. */
export function builtinCommands(): CommandInfo[] {
  return BUILTINS.map((c) => ({
    name: c.name,
    usage: c.usage ? i18n._(c.usage) : c.name,
    description: i18n._(c.description),
  }))
}

/** The command a composer text runs, or null when it is a message. */
export function commandOf(text: string): { name: string; args: string } | null {
  const match = /^(\/[^\s/]*)(?:\s+([\s\S]*))?$/.exec(text)
  if (!match || text.startsWith('//')) return null
  return { name: match[1]!.toLowerCase(), args: (match[2] ?? '').trim() }
}

/** The autocomplete's choices while the text is still the command's name ('/re' → /remind). */
export function matchCommands<C extends { name: string }>(text: string, all: readonly C[]): C[] {
  const match = /^\/([^\s/]*)$/.exec(text)
  if (!match) return []
  const query = match[1]!.toLowerCase()
  return all.filter((c) => c.name.slice(1).startsWith(query)).slice(0, 12)
}

export const SHRUG = '¯\\\\\\_(ツ)\\_/¯'

/** /shrug's message: the text, then the shrug, escaped so markdown shows it as typed. */
export function shrugBody(text: string): string {
  return text ? `${text} ${SHRUG}` : SHRUG
}

/** /me's message: "_Name does something_" in italics (Slack's me_message), underscores kept. */
export function meBody(name: string, text: string): string {
  return `_${`${name} ${text}`.trim().replace(/([\\_*])/g, '\\$1')}_`
}

export type Remind = { what: string; at: Date } | { error: string }

const UNITS: Record<string, number> = {
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hr: 3_600_000,
  hrs: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
}

/** The examples every /remind error ends with. */
const remindUsage = () =>
  t({
    message:
      'Try /remind me to stretch in 10 minutes, /remind me to call Sam at 3pm, or /remind me to water the plants tomorrow.',
    comment:
      'Keep /remind me, in, minutes, at, 3pm and tomorrow in English (the command understands only them); the reminder itself ("to stretch") may be translated',
  })

function clock(hourText: string, minuteText: string | undefined, meridiem: string | undefined) {
  let hour = Number(hourText)
  const minute = minuteText ? Number(minuteText) : 0
  if (minute > 59) return null
  if (meridiem) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0)
  } else if (hour > 23) return null
  return { hour, minute }
}

/** `/remind me <what> in <n> minutes|hours`, `… at <time>` (the next one), `… tomorrow [at <time>]`. */
export function parseRemind(args: string, now: Date): Remind {
  const me = /^me\s+([\s\S]+)$/i.exec(args.trim())
  const usage = remindUsage()
  if (!me) return { error: t`Say who: /remind me … ${usage}` }
  let rest = ` ${me[1]!.trim()}`
  let at: Date | null = null
  const inMatch = /\s+in\s+(\d{1,4})\s*([a-z]+)\.?$/i.exec(rest)
  const atMatch = /\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(rest)
  const tomorrow = /\s+tomorrow(?:\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?)?$/i.exec(rest)
  if (inMatch) {
    const unit = UNITS[inMatch[2]!.toLowerCase()]
    const n = Number(inMatch[1])
    const typed = inMatch[0].trim()
    if (!unit || n < 1) return { error: t`"${typed}" is not a time. ${usage}` }
    at = new Date(now.getTime() + n * unit)
    rest = rest.slice(0, inMatch.index)
  } else if (tomorrow) {
    const time = tomorrow[1] ? clock(tomorrow[1], tomorrow[2], tomorrow[3]) : { hour: 9, minute: 0 }
    if (!time) return { error: t`That is not a time of day. ${usage}` }
    at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, time.hour, time.minute)
    rest = rest.slice(0, tomorrow.index)
  } else if (atMatch) {
    const time = clock(atMatch[1]!, atMatch[2], atMatch[3])
    if (!time) return { error: t`That is not a time of day. ${usage}` }
    at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), time.hour, time.minute)
    if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1)
    rest = rest.slice(0, atMatch.index)
  }
  if (!at) return { error: t`Say when. ${usage}` }
  const what = rest
    .trim()
    .replace(/^to\s+/i, '')
    .trim()
  if (!what) return { error: t`Say what to remind you of. ${usage}` }
  return { what, at }
}

export type StatusArgs =
  { clear: true } | { clear: false; emoji: string; text: string } | { error: string }

const EMOJI =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2})(?:\p{Extended_Pictographic}|\u200d|\ufe0f|\p{Emoji_Modifier})*/u

/** `/status [emoji] text` or `/status clear`. */
export function parseStatus(args: string): StatusArgs {
  const text = args.trim()
  if (!text) {
    return {
      error: t({
        message: 'Say what: /status 🌴 On holiday, or /status clear.',
        comment: 'Keep /status and clear; "On holiday" is an example status and may be translated',
      }),
    }
  }
  if (/^clear$/i.test(text)) return { clear: true }
  if (/^:[a-z0-9_+-]+:/.test(text)) {
    return { error: t`Type the emoji itself (🌴), not its :name:.` }
  }
  const emoji = EMOJI.exec(text)?.[0] ?? ''
  return { clear: false, emoji, text: text.slice(emoji.length).trim() }
}

export interface Person {
  id: string
  name: string
}

/** The people `/invite @Name @Other Name` names (longest names first), and what was not understood. */
export function parseInvite(
  args: string,
  people: readonly Person[]
): { ids: string[]; unknown: string[] } {
  let rest = ` ${args.trim()} `
  const ids: string[] = []
  for (const person of [...people].sort((a, b) => b.name.length - a.name.length)) {
    const needle = ` @${person.name.toLowerCase()} `
    const at = rest.toLowerCase().indexOf(needle)
    if (at >= 0) {
      ids.push(person.id)
      rest = `${rest.slice(0, at)} ${rest.slice(at + needle.length - 1)}`
    }
  }
  const unknown = rest.trim() ? rest.trim().split(/\s+(?=@)/) : []
  return { ids, unknown }
}

/** The confirmation of a reminder: "… at 15:30", "… tomorrow at 09:00" or "… on 3 Dec at 09:00". */
export function remindedText(what: string, at: Date, now: Date, locale = formatLocale()): string {
  const time = dateFormat({ timeStyle: 'short' }, locale).format(at)
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  const days = Math.round((day(at) - day(now)) / 86_400_000)
  if (days === 0) return t`I will remind you to “${what}” at ${time}. It is in Later.`
  if (days === 1) return t`I will remind you to “${what}” tomorrow at ${time}. It is in Later.`
  const date = dateFormat({ day: 'numeric', month: 'short' }, locale).format(at)
  return t`I will remind you to “${what}” on ${date} at ${time}. It is in Later.`
}
