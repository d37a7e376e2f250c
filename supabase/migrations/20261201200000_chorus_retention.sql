-- Retention (issue 34, part 3): how long a workspace keeps its messages and files, and what
-- happens to a person's messages when their account is deleted.
--
-- Policies: public.workspace_retention (one row per workspace: keep_days, null = forever; and
-- deleted_accounts: 'keep', 'anonymize' or 'remove') and public.channel_retention (a channel's
-- override: keep_days, null = forever whatever the workspace says; no row = the workspace's).
-- Owners set them through set_workspace_retention(), set_channel_retention() and
-- clear_channel_retention(); every member reads them (a channel's row as they see the channel).
-- Every change is in the audit log (retention.*).
--
-- The run: the Supabase Cron job `chorus-retention` (hourly) calls private.run_retention(), a
-- procedure that deletes in batches, each batch its own short transaction (it commits between
-- them, so no lock is held for long and the chat goes on): the oldest expired messages of each
-- channel, p_batch_size at a time. Replies go by their own age (as Slack does); a parent past its
-- time that a younger reply keeps is left as a deleted message ("This message was deleted"). What
-- hangs off a message goes with it through its foreign keys (reactions, pins, saved items, the
-- search index, link previews, versions) and its attachments' rows; their files are queued in
-- private.retention_files and removed through the Storage API by the Edge Function
-- `retention-files`, which the run calls through pg_net (hosted Supabase does not let SQL delete
-- storage.objects rows), with the project URL and publishable key from Vault as the email job
-- does. Each run that deleted anything is in the audit log (retention.run, with its counts).
--
-- Account deletion: a trigger before a profile is deleted (with its auth.users row) applies each
-- of the person's workspaces' deleted_accounts policy to their messages there: 'keep' leaves
-- them under their name (public.deactivated_people keeps it; the app shows it), 'anonymize'
-- leaves them without an author ("Deactivated user"), 'remove' deletes them (a thread's parent
-- with others' replies stays as a deleted message). messages.author_id no longer references
-- profiles: its ON DELETE SET NULL was an update that messages_before_update refuses for a
-- deleted message (so deleting an account that had ever deleted a message failed) and undid for
-- the others (leaving an id that pointed at no one anyway).

create table public.workspace_retention (
  id uuid not null default gen_random_uuid() unique,
  workspace_id uuid primary key references public.workspaces (id) on delete cascade,
  -- null: forever
  keep_days integer,
  deleted_accounts text not null default 'keep',
  updated_by uuid,
  updated_at timestamptz not null default now(),
  constraint workspace_retention_days check (keep_days between 1 and 36500),
  constraint workspace_retention_deleted_accounts
    check (deleted_accounts in ('keep', 'anonymize', 'remove'))
);

create table public.channel_retention (
  id uuid not null default gen_random_uuid() unique,
  channel_id uuid primary key references public.channels (id) on delete cascade,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  -- null: forever, whatever the workspace keeps
  keep_days integer,
  updated_by uuid,
  updated_at timestamptz not null default now(),
  constraint channel_retention_days check (keep_days between 1 and 36500)
);
create index channel_retention_workspace on public.channel_retention (workspace_id);

-- Names of people whose account was deleted, kept for the workspaces whose policy keeps their
-- messages under their name.
create table public.deactivated_people (
  id uuid not null default gen_random_uuid() unique,
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  user_id uuid not null,
  display_name text not null,
  deactivated_at timestamptz not null default now(),
  primary key (workspace_id, user_id)
);

alter table public.workspace_retention enable row level security;
alter table public.channel_retention enable row level security;
alter table public.deactivated_people enable row level security;

create policy "workspace_retention: members read" on public.workspace_retention
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()));
create policy "channel_retention: who sees the channel reads" on public.channel_retention
  for select to authenticated
  using (channel_id in (select private.visible_channel_ids()));
create policy "deactivated_people: members read" on public.deactivated_people
  for select to authenticated
  using (workspace_id in (select private.workspace_ids()));

revoke all on table public.workspace_retention, public.channel_retention, public.deactivated_people
  from anon, authenticated, service_role;
grant select on table public.workspace_retention, public.channel_retention,
  public.deactivated_people to authenticated, service_role;

-- The run's oldest-first walk through a channel, tombstones included.
create index messages_channel_created_all on public.messages (channel_id, created_at);

-- Files of deleted messages, waiting for the Storage API.
create table private.retention_files (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now(),
  claimed_at timestamptz
);
revoke all on private.retention_files from public, anon, authenticated;

-- The owners' settings ------------------------------------------------------------------------

create or replace function private.require_retention_owner(p_workspace_id uuid)
returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in first.';
  end if;
  if not private.is_workspace_owner(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can change how long messages are kept.';
  end if;
end
$$;
revoke all on function private.require_retention_owner(uuid) from public;

create or replace function private.check_retention_days(p_keep_days integer)
returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if p_keep_days is not null and (p_keep_days < 1 or p_keep_days > 36500) then
    raise exception using errcode = '22023',
      message = 'Messages are kept from 1 to 36500 days, or forever.',
      detail = format('%s days was asked for.', p_keep_days),
      hint = 'Give a number of days from 1 to 36500, or null for forever.';
  end if;
end
$$;
revoke all on function private.check_retention_days(integer) from public;

-- The workspace's default (null: forever) and, when given, what deleting an account does.
create or replace function public.set_workspace_retention(
  p_workspace_id uuid,
  p_keep_days integer,
  p_deleted_accounts text default null
)
returns public.workspace_retention
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.workspace_retention;
begin
  perform private.require_retention_owner(p_workspace_id);
  perform private.check_retention_days(p_keep_days);
  if p_deleted_accounts is not null and p_deleted_accounts not in ('keep', 'anonymize', 'remove') then
    raise exception using errcode = '22023',
      message = 'What happens to a deleted account''s messages must be keep, anonymize or remove.',
      detail = format('%s was asked for.', p_deleted_accounts);
  end if;
  insert into public.workspace_retention as r
    (workspace_id, keep_days, deleted_accounts, updated_by, updated_at)
  values (p_workspace_id, p_keep_days, coalesce(p_deleted_accounts, 'keep'), auth.uid(), now())
  on conflict (workspace_id) do update
    set keep_days = excluded.keep_days,
      deleted_accounts = coalesce(p_deleted_accounts, r.deleted_accounts),
      updated_by = excluded.updated_by, updated_at = excluded.updated_at
  returning * into v_row;
  return v_row;
end
$$;

-- A channel's own retention (null: forever), overriding the workspace's.
create or replace function public.set_channel_retention(p_channel_id uuid, p_keep_days integer)
returns public.channel_retention
language plpgsql security definer
set search_path = ''
as $$
declare
  v_channel public.channels;
  v_row public.channel_retention;
begin
  select * into v_channel from public.channels c where c.id = p_channel_id;
  if v_channel.id is null or not (p_channel_id in (select private.visible_channel_ids())) then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  perform private.require_retention_owner(v_channel.workspace_id);
  perform private.check_retention_days(p_keep_days);
  insert into public.channel_retention as r (channel_id, workspace_id, keep_days, updated_by, updated_at)
  values (p_channel_id, v_channel.workspace_id, p_keep_days, auth.uid(), now())
  on conflict (channel_id) do update
    set keep_days = excluded.keep_days, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at
  returning * into v_row;
  return v_row;
end
$$;

-- The channel follows the workspace's retention again.
create or replace function public.clear_channel_retention(p_channel_id uuid)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_channel public.channels;
begin
  select * into v_channel from public.channels c where c.id = p_channel_id;
  if v_channel.id is null or not (p_channel_id in (select private.visible_channel_ids())) then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  perform private.require_retention_owner(v_channel.workspace_id);
  delete from public.channel_retention r where r.channel_id = p_channel_id;
  return found;
end
$$;

revoke all on function public.set_workspace_retention(uuid, integer, text),
  public.set_channel_retention(uuid, integer), public.clear_channel_retention(uuid)
  from public, anon;
grant execute on function public.set_workspace_retention(uuid, integer, text),
  public.set_channel_retention(uuid, integer), public.clear_channel_retention(uuid)
  to authenticated, service_role;

-- Audit: policy changes.
create or replace function private.audit_workspace_retention()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_name text := (select w.name from public.workspaces w where w.id = new.workspace_id);
begin
  if tg_op = 'INSERT' or new.keep_days is distinct from old.keep_days then
    perform private.audit(new.workspace_id, 'retention.changed', 'workspace',
      new.workspace_id::text, v_name,
      jsonb_build_object('from', case when tg_op = 'UPDATE' then old.keep_days end,
        'to', new.keep_days));
  end if;
  if (tg_op = 'INSERT' and new.deleted_accounts <> 'keep')
    or (tg_op = 'UPDATE' and new.deleted_accounts is distinct from old.deleted_accounts) then
    perform private.audit(new.workspace_id, 'retention.accounts_changed', 'workspace',
      new.workspace_id::text, v_name,
      jsonb_build_object('from', case when tg_op = 'UPDATE' then old.deleted_accounts else 'keep' end,
        'to', new.deleted_accounts));
  end if;
  return null;
end
$$;
create trigger workspace_retention_audit after insert or update on public.workspace_retention
  for each row execute function private.audit_workspace_retention();

create or replace function private.audit_channel_retention()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.channel_retention := case when tg_op = 'DELETE' then old else new end;
  v_name text := (select c.name from public.channels c where c.id = v_row.channel_id);
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.channels c where c.id = old.channel_id) then
      perform private.audit(old.workspace_id, 'retention.channel_cleared', 'channel',
        old.channel_id::text, v_name, jsonb_build_object('from', old.keep_days));
    end if;
  elsif tg_op = 'INSERT' or new.keep_days is distinct from old.keep_days then
    perform private.audit(new.workspace_id, 'retention.channel_changed', 'channel',
      new.channel_id::text, v_name,
      jsonb_build_object('from', case when tg_op = 'UPDATE' then old.keep_days end,
        'to', new.keep_days));
  end if;
  return null;
end
$$;
create trigger channel_retention_audit after insert or update or delete on public.channel_retention
  for each row execute function private.audit_channel_retention();
