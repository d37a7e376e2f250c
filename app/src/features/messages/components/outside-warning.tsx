// What the composer says after a message mentions people who are not in the channel: they will
// not be notified. A chunk of its own, loaded when it is said.
import { plural } from '@lingui/core/macro'
import type { Mentionable } from '../mentions.ts'

export function outsideWarning(outside: Mentionable[], channelName: string): string {
  const who = outside.map((p) => p.name).join(', ')
  const channel = `#${channelName}`
  const count = outside.length
  return plural(count, {
    one: `${who} is not in ${channel} and will not be notified. Add them to the channel to mention them.`,
    other: `${who} are not in ${channel} and will not be notified. Add them to the channel to mention them.`,
  })
}
