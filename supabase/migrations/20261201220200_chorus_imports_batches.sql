-- Slack import, continued (see *_chorus_imports.sql): what the Edge Function `slack-import`
-- calls, as postgres through SUPABASE_DB_URL (none of it is exposed to the API).
--
-- A slice claims the import (import_claim: only one slice at a time; a slice that died is taken
-- over after a minute), adds the people (import_people), makes the conversations (import_channels:
-- each a private channel nobody is in until the import is done, so nothing half-imported is
-- visible), then the messages, a batch at a time (import_messages: one set-based insert from
-- jsonb_to_recordset with ids the function derives from the archive, `on conflict do nothing`,
-- then the reactions and files, and the checkpoint and counters in the same transaction, so a replayed
-- batch doubles nothing), and finishes (import_finish: the channels
-- become what they were in Slack, their members join them, the history is read). A failed or
-- cancelled import is undone (import_undo): its channels are deleted with everything in them,
-- the memberships it added removed, the accounts it invited (never signed in) deleted, its files
-- queued for removal through retention-files. Every step holds the import's row lock first, so
-- a cancel waits for the batch in flight and the batch after it sees the cancel.

create or replace function private.import_claim(p_import uuid)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports;
begin
  update public.imports i
  set status = 'running', started_at = coalesce(i.started_at, now()), heartbeat_at = now(),
    attempts = i.attempts + case when i.heartbeat_at is null then 0 else 1 end
  where i.id = p_import and i.status in ('queued', 'running')
    and (i.heartbeat_at is null or i.heartbeat_at < now() - interval '1 minute')
  returning * into v;
  return v;
end
$$;

-- Ends a slice that did not finish: releases the claim and calls the next slice (unless the
-- tests' setting 'chain' is 'off').
create or replace function private.import_next(p_import uuid)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.imports i set heartbeat_at = null
  where i.id = p_import and i.status = 'running';
  if found and coalesce((select s.value from private.import_settings s where s.name = 'chain'), 'on') <> 'off' then
    perform private.kick_import(p_import);
  end if;
end
$$;

-- The import's row, locked, if it is still running (else null: the slice stops).
create or replace function private.import_lock(p_import uuid)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports;
begin
  select * into v from public.imports i where i.id = p_import and i.status = 'running' for update;
  return v;
end
$$;

-- p_people: [{slack_id, user_id, created}]. Adds the people to the workspace as members (those
-- not in it yet) and remembers them.
create or replace function private.import_people(p_import uuid, p_people jsonb)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
begin
  if v.id is null then
    return -1;
  end if;
  perform set_config('chorus.importing', 'on', true);
  with people as (
    select * from jsonb_to_recordset(p_people) as p(slack_id text, user_id uuid, created boolean)
  ), added as (
    insert into public.workspace_members (workspace_id, user_id, role)
    select distinct v.workspace_id, p.user_id, 'member'::public.workspace_role from people p
    on conflict (workspace_id, user_id) do nothing
    returning user_id
  )
  insert into private.import_people (import_id, slack_id, user_id, created, added)
  select p_import, p.slack_id, p.user_id, coalesce(p.created, false),
    p.user_id in (select a.user_id from added a)
  from people p
  on conflict (import_id, slack_id) do nothing;
  update public.imports i
  set people = (select count(distinct ip.user_id) from private.import_people ip where ip.import_id = p_import),
    heartbeat_at = now(), checkpoint = jsonb_build_object('phase', 'channels')
  where i.id = p_import;
  return 0;
end
$$;

-- p_channels: [{slack_id, id, kind, name, topic, archived, created_at, created_by, members}]
-- (members: profile ids). Each becomes a private channel named after its id (a DM: keyed by its
-- id), with nobody in it, until import_finish. p_total: the archive's message count, for the progress.
create or replace function private.import_channels(p_import uuid, p_channels jsonb, p_total integer, p_files integer)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
begin
  if v.id is null then
    return -1;
  end if;
  perform set_config('chorus.importing', 'on', true);
  insert into private.import_channels (import_id, slack_id, channel_id, kind, name, topic, archived, members)
  select p_import, c.slack_id, c.id, c.kind, c.name, coalesce(c.topic, ''), coalesce(c.archived, false),
    coalesce(c.members, '{}')
  from jsonb_to_recordset(p_channels) as c(slack_id text, id uuid, kind public.channel_kind, name text,
    topic text, archived boolean, created_at timestamptz, created_by uuid, members uuid[])
  on conflict (import_id, slack_id) do nothing;
  insert into public.channels (id, workspace_id, kind, name, dm_key, created_by, created_at)
  select c.id, v.workspace_id, case when c.kind = 'dm' then 'dm' else 'private' end::public.channel_kind,
    case when c.kind = 'dm' then null else 'import-' || c.id::text end,
    case when c.kind = 'dm' then 'import:' || c.id::text end,
    c.created_by, coalesce(c.created_at, now())
  from jsonb_to_recordset(p_channels) as c(id uuid, kind public.channel_kind, created_at timestamptz,
    created_by uuid)
  where not exists (select 1 from public.channels x where x.id = c.id);
  update public.imports i
  set channels = jsonb_array_length(p_channels), messages_total = p_total, files_total = p_files,
    heartbeat_at = now(), checkpoint = jsonb_build_object('phase', 'messages', 'conversation', 0, 'day', 0, 'offset', 0)
  where i.id = p_import;
  return 0;
end
$$;

-- One batch: p_rows [{id, channel_id, author_id, body, parent_id, in_channel, created_at,
-- edited_at, deleted}] oldest first, p_reactions [{message_id, user_id, emoji}], p_files
-- [{message_id, path, name}] (already uploaded to the attachments bucket, as the app stores
-- them: <workspace>/<channel>/<message>/<name>), p_report (items skipped), p_checkpoint (where
-- the next batch starts). Returns the messages inserted (-1: the import is no longer running).
create or replace function private.import_messages(
  p_import uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, p_report jsonb, p_checkpoint jsonb
)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
  v_done integer;
  v_files integer;
begin
  if v.id is null then
    return -1;
  end if;
  perform set_config('chorus.importing', 'on', true);
  create temporary table if not exists import_batch (
    ord integer, id uuid, channel_id uuid, author_id uuid, body text, parent_id uuid,
    in_channel boolean, created_at timestamptz, edited_at timestamptz, deleted boolean
  ) on commit drop;
  truncate pg_temp.import_batch;
  insert into pg_temp.import_batch
  select r.ord::integer, r.id, r.channel_id, r.author_id, left(coalesce(r.body, ''), 4000),
    r.parent_id, coalesce(r.in_channel, false), r.created_at, r.edited_at, coalesce(r.deleted, false)
  from rows from (jsonb_to_recordset(p_rows) as (id uuid, channel_id uuid, author_id uuid,
    body text, parent_id uuid, in_channel boolean, created_at timestamptz, edited_at timestamptz,
    deleted boolean)) with ordinality as r(id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted, ord)
  -- only into this import's channels
  where r.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import);
  with inserted as (
    insert into public.messages (id, channel_id, author_id, body, parent_id, in_channel,
      created_at, edited_at, deleted_at)
    select b.id, b.channel_id, b.author_id, b.body,
      case when b.parent_id is not null and (
        exists (select 1 from public.messages p where p.id = b.parent_id and p.parent_id is null
          and p.channel_id = b.channel_id)
        or exists (select 1 from pg_temp.import_batch q where q.id = b.parent_id
          and q.parent_id is null and q.channel_id = b.channel_id and q.ord < b.ord))
      then b.parent_id end,
      b.in_channel, b.created_at, b.edited_at,
      case when b.deleted then b.created_at end
    from pg_temp.import_batch b
    order by b.ord
    on conflict (id) do nothing
    returning 1
  )
  select count(*)::integer into v_done from inserted;
  insert into public.reactions (message_id, user_id, emoji)
  select r.message_id, r.user_id, r.emoji
  from jsonb_to_recordset(p_reactions) as r(message_id uuid, user_id uuid, emoji text)
  join public.messages m on m.id = r.message_id and m.deleted_at is null
  where m.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and not exists (select 1 from public.reactions x
      where x.message_id = r.message_id and x.user_id = r.user_id and x.emoji = r.emoji)
  on conflict do nothing;
  insert into public.attachments (message_id, path, name)
  select f.message_id, f.path, f.name
  from jsonb_to_recordset(p_files) as f(message_id uuid, path text, name text)
  join public.messages m on m.id = f.message_id and m.deleted_at is null
  where m.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and exists (select 1 from storage.objects o where o.bucket_id = 'attachments' and o.name = f.path)
    and not exists (select 1 from public.attachments a where a.message_id = f.message_id and a.path = f.path);
  get diagnostics v_files = row_count;
  update public.imports i
  set messages_done = i.messages_done + v_done, files_done = i.files_done + v_files,
    report = i.report || coalesce(p_report, '[]'),
    checkpoint = p_checkpoint, heartbeat_at = now()
  where i.id = p_import;
  return v_done;
end
$$;

-- Reports skipped items and moves the checkpoint (a file that could not be fetched, …).
create or replace function private.import_progress(p_import uuid, p_report jsonb, p_checkpoint jsonb)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
begin
  if v.id is null then
    return false;
  end if;
  update public.imports i
  set report = i.report || coalesce(p_report, '[]'),
    checkpoint = coalesce(p_checkpoint, i.checkpoint), heartbeat_at = now()
  where i.id = p_import;
  return true;
end
$$;

-- A channel name that is free in the workspace: the name, else name-slack, name-slack-2, …
create or replace function private.import_free_name(p_workspace uuid, p_channel uuid, p_name text)
returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_base text := left(private.clean_line(regexp_replace(coalesce(p_name, ''), '^[\s#]+', ''), 'Channel name', 80), 68);
  v_name text := v_base;
  n integer := 1;
begin
  while exists (select 1 from public.channels c where c.workspace_id = p_workspace and c.kind <> 'dm'
    and lower(c.name) = lower(v_name) and c.id <> p_channel) loop
    v_name := v_base || '-slack' || case when n = 1 then '' else '-' || n end;
    n := n + 1;
  end loop;
  return v_name;
end
$$;

-- The end: the channels become what they were (name, kind, topic, archived; a DM or group DM
-- keyed by its people as open_dm keys them, or, when that conversation already exists in the
-- workspace, kept beside it under its import key), their members join them (joining reads what
-- came before; everyone imported joins the default channel too), threads are read, the import
-- is done.
create or replace function private.import_finish(p_import uuid, p_report jsonb)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
  c record;
  v_key text;
  v_name text;
begin
  if v.id is null then
    return null;
  end if;
  perform set_config('chorus.importing', 'on', true);
  for c in select ic.* from private.import_channels ic where ic.import_id = p_import order by ic.slack_id loop
    if c.kind = 'dm' then
      select array_to_string(array_agg(distinct u order by u), ',') into v_key
      from unnest(c.members) u
      join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u;
      -- (an update of a DM's name or topic is refused: only its key changes)
      if v_key is not null and not exists (
        select 1 from public.channels x
        where x.workspace_id = v.workspace_id and x.kind = 'dm' and x.dm_key = v_key
      ) then
        update public.channels x set dm_key = v_key where x.id = c.channel_id;
      end if;
    else
      v_name := private.import_free_name(v.workspace_id, c.channel_id, c.name);
      update public.channels x set name = v_name, kind = c.kind,
        topic = left(private.clean_line(c.topic, 'Topic', 250, true), 250)
      where x.id = c.channel_id;
    end if;
    -- (someone who left the workspace before is not put back into its channels)
    insert into public.channel_members (channel_id, user_id)
    select c.channel_id, u from unnest(c.members) u
    join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u
      and wm.left_at is null
    on conflict (channel_id, user_id) do nothing;
    if c.archived and c.kind <> 'dm' then
      update public.channels x set archived_at = now() where x.id = c.channel_id;
    end if;
  end loop;
  -- the people join the workspace's default channel, as accepting an invite does
  insert into public.channel_members (channel_id, user_id)
  select distinct dc.id, ip.user_id
  from private.import_people ip
  join public.channels dc on dc.workspace_id = v.workspace_id and dc.is_default
  join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = ip.user_id
    and wm.left_at is null
  where ip.import_id = p_import
  on conflict (channel_id, user_id) do nothing;
  update public.thread_members tm set last_read_seq = t.last_seq
  from public.threads t
  where tm.thread_id = t.id
    and t.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import);
  update public.imports i
  set status = 'done', finished_at = now(), heartbeat_at = now(),
    report = i.report || coalesce(p_report, '[]'), checkpoint = jsonb_build_object('phase', 'done')
  where i.id = p_import
  returning * into v;
  perform set_config('chorus.importing', 'off', true);
  perform private.audit(v.workspace_id, 'import.finished', 'import', v.id::text,
    split_part(v.source_path, '/', 2),
    jsonb_build_object('people', v.people, 'channels', v.channels, 'messages', v.messages_done,
      'files', v.files_done, 'skipped', jsonb_array_length(v.report)));
  return v;
end
$$;

-- Undoes an import ('failed' with p_error, or 'cancelled'). Returns the accounts it invited that
-- never signed in, for the caller to delete through Auth (they are deleted here when the role
-- may; see below).
create or replace function private.import_undo(p_import uuid, p_status text, p_error text)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports;
begin
  select * into v from public.imports i
  where i.id = p_import and i.status in ('queued', 'running') for update;
  if v.id is null then
    return null;
  end if;
  perform set_config('chorus.importing', 'on', true);
  -- its files: removed through the Storage API by retention-files
  insert into private.retention_files (bucket_id, name)
  select a.bucket_id, a.path from public.attachments a
  where a.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import);
  delete from public.channels c
  where c.id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import);
  delete from public.workspace_members wm
  using private.import_people ip
  where ip.import_id = p_import and ip.added and wm.workspace_id = v.workspace_id
    and wm.user_id = ip.user_id;
  delete from public.invites inv
  using private.import_people ip
  join auth.users u on u.id = ip.user_id
  where ip.import_id = p_import and ip.created and inv.workspace_id = v.workspace_id
    and inv.email = lower(u.email);
  update public.imports i
  set status = p_status, error = p_error, finished_at = now(), heartbeat_at = now()
  where i.id = p_import
  returning * into v;
  perform set_config('chorus.importing', 'off', true);
  perform private.audit(v.workspace_id, 'import.' || p_status, 'import', v.id::text,
    split_part(v.source_path, '/', 2),
    jsonb_strip_nulls(jsonb_build_object('error', p_error, 'messages', v.messages_done)));
  perform private.kick_retention_files();
  return v;
end
$$;

revoke all on function private.import_claim(uuid), private.import_next(uuid),
  private.import_lock(uuid), private.import_people(uuid, jsonb),
  private.import_channels(uuid, jsonb, integer, integer),
  private.import_messages(uuid, jsonb, jsonb, jsonb, jsonb, jsonb),
  private.import_progress(uuid, jsonb, jsonb),
  private.import_free_name(uuid, uuid, text), private.import_finish(uuid, jsonb),
  private.import_undo(uuid, text, text)
  from public;

-- The accounts a failed or cancelled import invited and that never signed in: the function
-- deletes them through Auth's admin API (SQL may not delete auth.users on hosted projects).
create or replace function private.import_invited(p_import uuid)
returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select ip.user_id from private.import_people ip
  join auth.users u on u.id = ip.user_id
  where ip.import_id = p_import and ip.created and u.last_sign_in_at is null
    and not exists (select 1 from public.workspace_members wm where wm.user_id = ip.user_id)
$$;
revoke all on function private.import_invited(uuid) from public;

create or replace function public.cancel_import(p_import uuid)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  v public.imports;
begin
  select * into v from public.imports i where i.id = p_import;
  if v.id is null or private.workspace_role(v.workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501', message = 'Only the workspace''s owners can cancel its imports.';
  end if;
  if v.status not in ('queued', 'running') then
    raise exception using errcode = '22023', message = 'This import is no longer running.',
      detail = format('It is %s.', v.status);
  end if;
  v := private.import_undo(p_import, 'cancelled', null);
  -- the accounts it invited: the next call of the function (the cron job's) deletes them
  perform private.kick_import(p_import);
  return coalesce(v, (select i from public.imports i where i.id = p_import));
end
$$;
revoke all on function public.cancel_import(uuid) from public, anon;
grant execute on function public.cancel_import(uuid) to authenticated, service_role;
