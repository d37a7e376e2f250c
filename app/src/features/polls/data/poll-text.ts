// A poll as text (pure, no React, no network): what `/poll` is given, read into a question and
// its options, in Slack's one line ("/poll Lunch? | Pizza | Sushi") or Zulip's lines ("/poll
// Lunch?" then an option a line, bullets and numbers allowed); and the limits the database keeps.
import { t } from '@lingui/core/macro'

export const MIN_OPTIONS = 2
export const MAX_OPTIONS = 10
export const MAX_QUESTION = 300
export const MAX_OPTION = 100

/** What `/poll` was given: a poll to make, or what is missing (the dialog asks for the rest). */
export type PollCommand =
  | { kind: 'poll'; question: string; options: string[] }
  | { kind: 'ask'; question: string; options: string[] }
  | { kind: 'error'; message: string }

const clean = (text: string) => text.replace(/\s+/g, ' ').trim()
/** A line's bullet or number ("- ", "* ", "1. ", "2) ") is not part of the option. */
const unbullet = (line: string) => line.replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, '')

export function parsePollCommand(args: string): PollCommand {
  const lines = args.split('\n')
  const parts =
    lines.length > 1
      ? [lines[0]!, ...lines.slice(1).map(unbullet)]
      : args.split(/(?<!\\)\|/).map((p) => p.replace(/\\\|/g, '|'))
  const [question = '', ...rest] = parts.map(clean)
  const options = rest.filter((o) => o !== '')
  if (question === '' || options.length < MIN_OPTIONS) return { kind: 'ask', question, options }
  return checkPoll(question, options) ?? { kind: 'poll', question, options }
}

/** Why a poll cannot be made as it is written (null: it can). */
export function checkPoll(question: string, options: string[]): PollCommand | null {
  const error = (message: string): PollCommand => ({ kind: 'error', message })
  if (clean(question) === '') return error(t`Ask a question.`)
  if (question.length > MAX_QUESTION)
    return error(t`A question can be at most ${MAX_QUESTION} characters long.`)
  const filled = options.map(clean).filter((o) => o !== '')
  if (filled.length < MIN_OPTIONS) return error(t`Give at least ${MIN_OPTIONS} options.`)
  if (filled.length > MAX_OPTIONS) return error(t`A poll can have at most ${MAX_OPTIONS} options.`)
  if (filled.some((o) => o.length > MAX_OPTION))
    return error(t`An option can be at most ${MAX_OPTION} characters long.`)
  if (new Set(filled.map((o) => o.toLowerCase())).size !== filled.length)
    return error(t`Each option must be different.`)
  return null
}

/** Whether a message's text is a poll's, as create_poll writes it (message-extension.tsx, on the
 *  first screen, says it again inline). */
export const isPollText = (body: string) => body.startsWith('📊 Poll: ')
