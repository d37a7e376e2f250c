// The archive's people as placeholders (issue 49, item 1): each person who is not a bot becomes
// a placeholder member of the workspace (private.import_people makes it, or finds the one a
// former import of the same Slack workspace made), named as in the archive, whatever their
// email: no account is looked up, made, added or emailed here, so an archive can never speak
// for anyone. The address is kept with the placeholder (never shown to members) for the owner's
// invitations after the import; accepting one, signed in as the account with that verified
// address, claims the placeholder (accept_invite). A deactivated person (Slack's `deleted`) is a
// former member and is never invited. Bots get no placeholder (their messages carry their name).
import type { SlackUser } from '../_shared/archive/slack.ts'

export interface PersonRow {
  slack_id: string
  name: string
  email: string | null
  /** Not deactivated in the archive: a current member. */
  active: boolean
}

export interface ImportRow {
  id: string
  workspace_id: string
  started_by: string | null
}

/** The rows for private.import_people. */
export function placeholderRows(users: SlackUser[]): PersonRow[] {
  return users
    .filter((user) => !user.isBot)
    .map((user) => ({
      slack_id: user.id,
      name: user.name,
      email: user.email ? user.email.toLowerCase() : null,
      active: !user.deleted,
    }))
}
