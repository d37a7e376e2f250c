// The archive's people as Chorus accounts: someone whose email has an account is that account;
// anyone else with an email gets an account through Auth's invite (no password: they cannot sign
// in until they accept it, from the email Auth sends, as the app's invites do, with an invites
// row of the workspace that the email's link opens), so that their messages are theirs from the
// start. When Auth cannot send the invitation (its email rate limit), the account is made
// without it and reported: its owner signs in through "Forgot password". Bots and people without
// an email get no account (their messages carry their name); nor does a deactivated person
// (Slack's `deleted`), who is never invited: one who has an account keeps their messages, but
// is not made a member (`active: false`).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import type { Sql } from 'npm:postgres@3'
import type { SlackUser } from '../_shared/archive/slack.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'

export interface PersonRow {
  slack_id: string
  user_id: string
  created: boolean
  /** Not deactivated in the archive: joins the workspace. */
  active: boolean
}

export interface ImportRow {
  id: string
  workspace_id: string
  started_by: string | null
}

const INVITES_AT_ONCE = 6

function appUrl(): string {
  return (
    Deno.env.get('APP_URL') ??
    Deno.env.get('SITE_URL') ??
    Deno.env.get('SUPABASE_URL') ??
    ''
  ).replace(/\/$/, '')
}

async function invite(
  sql: Sql,
  admin: SupabaseClient,
  row: ImportRow,
  user: SlackUser,
  email: string,
  details: { workspace_name: string; invited_by: string },
  report: ReportItem[]
): Promise<string | null> {
  const [made] = await sql<{ token: string }[]>`
    insert into public.invites (workspace_id, email, role, created_by)
    values (${row.workspace_id}, ${email}, 'member', ${row.started_by})
    returning token`
  const { data, error } = await admin.auth.admin.inviteUserByEmail(email, {
    redirectTo: `${appUrl()}/invite/${made!.token}`,
    data: { display_name: user.name, invited_to_workspace: true, ...details },
  })
  if (!error && data.user) return data.user.id
  // A slice that died after inviting: the account is there already.
  const [account] = await sql<{ id: string }[]>`
    select u.id from auth.users u where lower(u.email) = ${email} and u.last_sign_in_at is null`
  if (account) {
    await sql`delete from public.invites where token = ${made!.token}`
    return account.id
  }
  // The invitation could not be sent (Auth's email rate limit, say): the account is made
  // without it, still unable to sign in until its owner sets a password ("Forgot password").
  const created = await admin.auth.admin.createUser({
    email,
    email_confirm: false,
    user_metadata: { display_name: user.name },
  })
  if (created.error || !created.data.user) {
    await sql`delete from public.invites where token = ${made!.token}`
    return null
  }
  report.push({
    file: 'users.json',
    reason: `${user.id}: the invitation to ${email} could not be sent (${error?.message ?? 'no answer'}); they can sign in with "Forgot password".`,
  })
  return created.data.user.id
}

export async function resolvePeople(
  sql: Sql,
  admin: SupabaseClient,
  row: ImportRow,
  users: SlackUser[],
  report: ReportItem[]
): Promise<PersonRow[]> {
  const people = users.filter((user) => !user.isBot && user.email)
  const emails = [...new Set(people.map((user) => user.email!))]
  const existing = new Map<string, string>()
  if (emails.length > 0) {
    const found = await sql<{ id: string; email: string }[]>`
      select u.id, lower(u.email) as email from auth.users u
      join public.profiles p on p.id = u.id
      where lower(u.email) = any(${emails}::text[])`
    for (const account of found) existing.set(account.email, account.id)
  }
  const [details] = await sql<{ workspace_name: string; invited_by: string }[]>`
    select w.name as workspace_name, coalesce(p.display_name, 'Someone') as invited_by
    from public.workspaces w left join public.profiles p on p.id = ${row.started_by}
    where w.id = ${row.workspace_id}`
  // New people, a few at a time (each is a round trip to Auth, and maybe its mailer).
  const fresh = new Map<string, SlackUser>()
  for (const user of people) {
    if (user.deleted || existing.has(user.email!) || fresh.has(user.email!)) continue
    fresh.set(user.email!, user)
  }
  const invited = new Map<string, string>()
  const queue = [...fresh.entries()]
  for (let at = 0; at < queue.length; at += INVITES_AT_ONCE) {
    await Promise.all(
      queue.slice(at, at + INVITES_AT_ONCE).map(async ([email, user]) => {
        const id = await invite(sql, admin, row, user, email, details!, report)
        if (id !== null) invited.set(email, id)
        else {
          report.push({
            file: 'users.json',
            reason: `${user.id}: no account could be made for ${email}.`,
          })
        }
      })
    )
  }
  const rows: PersonRow[] = []
  for (const user of people) {
    const email = user.email!
    const known = existing.get(email)
    const made = invited.get(email)
    const active = !user.deleted
    if (known) rows.push({ slack_id: user.id, user_id: known, created: false, active })
    else if (made && active)
      rows.push({ slack_id: user.id, user_id: made, created: fresh.get(email) === user, active })
  }
  return rows
}
