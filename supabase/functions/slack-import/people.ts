// The archive's people as Chorus accounts: someone whose email has an account is that account;
// anyone else with an email gets an account (no password: they cannot sign in until they accept
// an invitation or set one through "Forgot password"), so that their messages are theirs from
// the start. Nobody is emailed unless the owner started the import with invitations
// (start_import(p_workspace, p_path, p_invite => true); issue 49, item 2): then each new person
// is invited by email, as the app's invites are (an invites row of the workspace that the mail's
// link opens; the mail through the project's SMTP, _shared/invite-mail.ts, not Auth's mailer),
// each invitation counted against the owner's and the workspace's limits
// (private.take_invite_mail). One over a limit, or that cannot be mailed, gets the account
// without the mail, reported with the reason. Bots and people without an email get no account
// (their messages carry their name); nor does a deactivated person (Slack's `deleted`), who is
// never invited: one who has an account keeps their messages, but is not made a member
// (`active: false`).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import type { Sql } from 'npm:postgres@3'
import type { SlackUser } from '../_shared/archive/slack.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'
import { sendInvitation } from '../_shared/invite-mail.ts'

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

/** An account without a mail (or null when none could be made), reported with `why`. */
async function accountWithoutMail(
  admin: SupabaseClient,
  user: SlackUser,
  email: string,
  report: ReportItem[],
  why: string | null
): Promise<string | null> {
  const created = await admin.auth.admin.createUser({
    email,
    email_confirm: false,
    user_metadata: { display_name: user.name },
  })
  if (created.error || !created.data.user) return null
  if (why) {
    report.push({
      file: 'users.json',
      reason: `${user.id}: ${why}; they can sign in with "Forgot password", or be invited later.`,
    })
  }
  return created.data.user.id
}

async function invite(
  sql: Sql,
  admin: SupabaseClient,
  row: ImportRow,
  user: SlackUser,
  email: string,
  details: { workspace_name: string; invited_by: string },
  report: ReportItem[],
  mail: boolean
): Promise<string | null> {
  // A slice that died after making the account: the account is there already.
  const [account] = await sql<{ id: string }[]>`
    select u.id from auth.users u where lower(u.email) = ${email} and u.last_sign_in_at is null`
  if (account) return account.id
  if (!mail) return accountWithoutMail(admin, user, email, report, null)
  if (!row.started_by) {
    return accountWithoutMail(admin, user, email, report, `${email} was not invited (no inviter)`)
  }
  // Counted against the owner's and the workspace's invitation limits before it goes out.
  let mailId: string
  try {
    const [taken] = await sql<{ id: string }[]>`
      select private.take_invite_mail(${row.workspace_id}, ${row.started_by}, null, 'import')::text as id`
    mailId = taken!.id
  } catch (error) {
    const message = (error as { code?: string; message?: string }).message ?? String(error)
    return accountWithoutMail(admin, user, email, report, `${email} was not invited: ${message}`)
  }
  const [made] = await sql<{ id: string; token: string }[]>`
    insert into public.invites (workspace_id, email, role, created_by)
    values (${row.workspace_id}, ${email}, 'member', ${row.started_by})
    returning id, token`
  await sql`update private.invite_mails set invite_id = ${made!.id} where id = ${mailId}`
  const sent = await sendInvitation(admin, {
    email,
    redirectTo: `${appUrl()}/invite/${made!.token}`,
    workspaceName: details.workspace_name,
    invitedBy: details.invited_by,
    data: { display_name: user.name },
  })
  if (sent.ok && sent.userId) return sent.userId
  // Not mailed: the mail is given back, the account made without it.
  await sql`delete from private.invite_mails where id = ${mailId}`
  await sql`delete from public.invites where token = ${made!.token}`
  const [after] = await sql<{ id: string }[]>`
    select u.id from auth.users u where lower(u.email) = ${email} and u.last_sign_in_at is null`
  if (after) {
    report.push({
      file: 'users.json',
      reason: `${user.id}: the invitation to ${email} could not be sent (${sent.ok ? 'no account' : sent.error}); they can sign in with "Forgot password".`,
    })
    return after.id
  }
  return accountWithoutMail(
    admin,
    user,
    email,
    report,
    `the invitation to ${email} could not be sent (${sent.ok ? 'no account' : sent.error})`
  )
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
  // Invitations by email only when the owner chose them (start_import's p_invite).
  const [choice] = await sql<{ invite: boolean }[]>`
    select c.invite from private.import_invitations c where c.import_id = ${row.id}`
  const mail = choice?.invite === true
  // New people, a few at a time (each is a round trip to Auth, and maybe to SMTP).
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
        const id = await invite(sql, admin, row, user, email, details!, report, mail)
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
