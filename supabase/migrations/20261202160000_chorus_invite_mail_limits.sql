-- Limits on the mail of invitations (issue 49, item 2): one person cannot make the server email
-- arbitrary addresses again and again, nor spend the mail budget everyone else needs.
--
-- Every invitation mailed (functions/invite-by-email, and an import that was started with
-- invitations) is counted in private.invite_mails before it goes out: at most
-- `per_inviter_per_hour` by one person in any hour (all their workspaces together) and at most
-- `per_workspace_per_day` for one workspace in any 24 hours (all its admins together). The
-- limits are rows of private.invite_mail_settings (defaults 20 and 100; a missing row is its
-- default; 0 stops that kind of invitation mail). A refusal raises SQLSTATE PT429 (PostgREST's
-- way to answer HTTP 429) whose message says which limit and when it frees up, and whose detail
-- is JSON {"limit", "max", "resets_at"} for the function's answer.
--
-- The invitations are mailed by the function through the project's SMTP (the functions'
-- SMTP_* secrets, as notification emails are), from a link Auth makes without mailing
-- (admin generate_link): not through Auth's mailer, whose hourly `email_sent` budget is the one
-- sign-up confirmations, password resets and magic links share (GoTrue counts an admin invite
-- against it too), so no inviter can use it up.
--
-- The count is kept when a workspace or an account is deleted (no foreign keys): deleting a
-- workspace does not give its admins their invitations back. Rows older than two days are
-- cleared as new ones are taken. No addresses are kept, only who, where and when.

create table private.invite_mail_settings (
  name text primary key,
  value integer not null,
  constraint invite_mail_settings_name check (name in ('per_inviter_per_hour', 'per_workspace_per_day')),
  constraint invite_mail_settings_value check (value >= 0)
);

insert into private.invite_mail_settings (name, value)
values ('per_inviter_per_hour', 20), ('per_workspace_per_day', 100);

create table private.invite_mails (
  id bigint generated always as identity primary key,
  -- who asked for the mail (the admin calling the function; the owner who started an import)
  inviter uuid not null,
  workspace_id uuid not null,
  invite_id uuid,
  source text not null default 'invite',
  sent_at timestamptz not null default now(),
  constraint invite_mails_source check (source in ('invite', 'import'))
);

create index invite_mails_inviter on private.invite_mails (inviter, sent_at);
create index invite_mails_workspace on private.invite_mails (workspace_id, sent_at);
create index invite_mails_sent_at on private.invite_mails (sent_at);

alter table private.invite_mail_settings enable row level security;
alter table private.invite_mails enable row level security;
revoke all on private.invite_mail_settings, private.invite_mails from public, anon, authenticated;

-- A limit's value: its row, else its default.
create function private.invite_mail_limit(p_name text) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select s.value from private.invite_mail_settings s where s.name = p_name),
    case p_name when 'per_inviter_per_hour' then 20 when 'per_workspace_per_day' then 100 end
  )
$$;

-- Takes one invitation mail for `p_inviter` in `p_workspace`, or raises PT429 naming the limit
-- reached and when it frees up. Calls for the same inviter or workspace take turns (a lock), so
-- parallel calls cannot pass together. Returns the row's id (release_invite_mail gives it back
-- when the mail could not be sent).
create function private.take_invite_mail(
  p_workspace uuid,
  p_inviter uuid,
  p_invite uuid default null,
  p_source text default 'invite'
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_per_inviter integer := private.invite_mail_limit('per_inviter_per_hour');
  v_per_workspace integer := private.invite_mail_limit('per_workspace_per_day');
  v_count integer;
  v_resets timestamptz;
  v_id bigint;
begin
  if p_inviter is null or p_workspace is null then
    raise exception using errcode = '22023', message = 'An invitation mail needs an inviter and a workspace.';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('chorus.invite_mail.inviter:' || p_inviter::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('chorus.invite_mail.workspace:' || p_workspace::text, 0));

  select count(*) into v_count from private.invite_mails m
  where m.inviter = p_inviter and m.sent_at > now() - interval '1 hour';
  if v_count >= v_per_inviter then
    -- Free again when enough of the hour's mails are more than an hour old.
    select m.sent_at + interval '1 hour' into v_resets from private.invite_mails m
    where m.inviter = p_inviter and m.sent_at > now() - interval '1 hour'
    order by m.sent_at offset greatest(v_count - v_per_inviter, 0) limit 1;
    raise exception using errcode = 'PT429',
      message = case when v_per_inviter = 0
        then 'Invitations by email are turned off on this server.'
        else format('You have sent %s invitations by email in the last hour, the most one person may send. You can send more after %s UTC.',
          v_count, to_char(v_resets at time zone 'UTC', 'YYYY-MM-DD HH24:MI')) end,
      detail = jsonb_build_object('limit', 'per_inviter_per_hour', 'max', v_per_inviter,
        'resets_at', v_resets)::text,
      hint = 'Share an invite link instead, or wait.';
  end if;

  select count(*) into v_count from private.invite_mails m
  where m.workspace_id = p_workspace and m.sent_at > now() - interval '1 day';
  if v_count >= v_per_workspace then
    select m.sent_at + interval '1 day' into v_resets from private.invite_mails m
    where m.workspace_id = p_workspace and m.sent_at > now() - interval '1 day'
    order by m.sent_at offset greatest(v_count - v_per_workspace, 0) limit 1;
    raise exception using errcode = 'PT429',
      message = case when v_per_workspace = 0
        then 'Invitations by email are turned off on this server.'
        else format('This workspace has sent %s invitations by email in the last 24 hours, the most a workspace may send. It can send more after %s UTC.',
          v_count, to_char(v_resets at time zone 'UTC', 'YYYY-MM-DD HH24:MI')) end,
      detail = jsonb_build_object('limit', 'per_workspace_per_day', 'max', v_per_workspace,
        'resets_at', v_resets)::text,
      hint = 'Share an invite link instead, or wait.';
  end if;

  delete from private.invite_mails m where m.sent_at < now() - interval '2 days';
  insert into private.invite_mails (inviter, workspace_id, invite_id, source)
  values (p_inviter, p_workspace, p_invite, coalesce(p_source, 'invite'))
  returning id into v_id;
  return v_id;
end
$$;

-- For invite-by-email, as the caller: takes one mail of the email invitation `p_token` for the
-- caller, who must be an owner or admin of its workspace; the invitation must still be usable.
-- Raises PT429 over a limit (see above).
create function public.claim_invite_mail(p_token text)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  inv public.invites;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') and i.email is not null;
  if not found or not private.is_workspace_admin(inv.workspace_id) then
    raise exception using errcode = '42501',
      message = 'No email invitation of yours has that token.';
  end if;
  if inv.expires_at <= now() or inv.use_count >= coalesce(inv.max_uses, 2147483647) then
    raise exception using errcode = '22023',
      message = 'This invitation has expired or has been used.', hint = 'Make a new invitation.';
  end if;
  return private.take_invite_mail(inv.workspace_id, uid, inv.id, 'invite');
end
$$;
revoke all on function public.claim_invite_mail(text) from public, anon;
grant execute on function public.claim_invite_mail(text) to authenticated, service_role;

-- The function's service key only: gives back a mail taken in the last hour that could not be
-- sent (SMTP refused it, or Auth could not make its link). Returns whether there was one.
create function public.release_invite_mail(p_id bigint)
returns boolean
language sql volatile security definer set search_path = '' as $$
  with gone as (
    delete from private.invite_mails m
    where m.id = p_id and m.sent_at > now() - interval '1 hour'
    returning 1
  )
  select exists (select 1 from gone)
$$;
revoke all on function public.release_invite_mail(bigint) from public, anon, authenticated;
grant execute on function public.release_invite_mail(bigint) to service_role;

revoke all on function private.invite_mail_limit(text) from public, anon;
revoke all on function private.take_invite_mail(uuid, uuid, uuid, text) from public, anon, authenticated;
grant execute on function private.take_invite_mail(uuid, uuid, uuid, text) to service_role;

-- Imports email nobody unless the owner asks: start_import(p_workspace, p_path, p_invite). With
-- p_invite false, or through the old start_import(p_workspace, p_path), the archive's new people
-- get accounts without a mail (they sign in through "Forgot password", or an admin invites them
-- later, one by one within the limits); with true, each is invited by email, each invitation
-- counted against the owner's and the workspace's limits above (those over a limit get the
-- account without the mail, reported in the import's report).
create table private.import_invitations (
  import_id uuid primary key references public.imports (id) on delete cascade,
  invite boolean not null default false
);
alter table private.import_invitations enable row level security;
revoke all on private.import_invitations from public, anon, authenticated;

create function public.start_import(p_workspace uuid, p_path text, p_invite boolean)
returns public.imports
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_import public.imports;
begin
  -- The checks and the queueing are the two-argument start_import's; the function's call
  -- through pg_net goes out when this transaction commits, with the choice stored.
  v_import := public.start_import(p_workspace, p_path);
  insert into private.import_invitations (import_id, invite)
  values (v_import.id, coalesce(p_invite, false));
  return v_import;
end
$$;
revoke all on function public.start_import(uuid, text, boolean) from public, anon;
grant execute on function public.start_import(uuid, text, boolean) to authenticated, service_role;
