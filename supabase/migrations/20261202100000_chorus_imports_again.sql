-- Slack import, continued (see *_chorus_imports_bulk.sql): importing into channels that are
-- already there (issue 45).
--
-- Channel ids come from the archive, so a newer export of the same Slack workspace lists the
-- channels an earlier import made. Before, such a channel was this import's like any other:
-- its new messages were readable by its members while the import ran, and a cancel or a failure
-- deleted it with the whole earlier history in it. Now import_channels notes which channels were
-- there before the import (`existing`), and such a channel is never this import's to change:
-- - import_messages holds what a batch has for it (new messages, reactions on any of its
--   messages, files) in private.import_staged instead of inserting it;
-- - import_finish inserts what was held, through the same set-based path
--   (private.import_insert), leaves the channel's name, kind, topic and archive state as they
--   are, adds to it only the people this import brought into the workspace, and keeps caught-up
--   members caught up;
-- - import_undo deletes only the channels the import made, and of the held files only those no
--   message has.

alter table private.import_channels add column existing boolean not null default false;

-- One batch's share for channels that were there before the import: [{rows}], [{reactions}],
-- [{files}] in import_messages' shapes, inserted by import_finish in batch order.
create table private.import_staged (
  import_id uuid not null references public.imports (id) on delete cascade,
  batch bigint generated always as identity,
  rows jsonb not null default '[]',
  reactions jsonb not null default '[]',
  files jsonb not null default '[]',
  primary key (import_id, batch)
);
revoke all on private.import_staged from public, anon, authenticated;

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
  -- (a replayed call keeps what the first one noted)
  insert into private.import_channels (import_id, slack_id, channel_id, kind, name, topic, archived,
    members, existing)
  select p_import, c.slack_id, c.id, c.kind, c.name, coalesce(c.topic, ''), coalesce(c.archived, false),
    coalesce(c.members, '{}'), exists (select 1 from public.channels x where x.id = c.id)
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

-- Inserts messages, reactions and files into the import's channels, set-based (the body of
-- *_chorus_imports_bulk.sql's import_messages, now shared by import_messages and import_finish).
-- Returns the messages and files inserted.
create or replace function private.import_insert(
  p_import uuid, p_workspace uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb,
  out messages integer, out files integer
)
language plpgsql security definer
set search_path = ''
as $$
begin
  perform set_config('chorus.importing', 'on', true);
  create temporary table if not exists import_batch (
    ord integer, id uuid, channel_id uuid, author_id uuid, body text, parent_id uuid,
    in_channel boolean, created_at timestamptz, edited_at timestamptz, deleted boolean,
    mentions uuid[], seq bigint, thread_seq bigint
  ) on commit drop;
  truncate pg_temp.import_batch;
  insert into pg_temp.import_batch (ord, id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted)
  select distinct on (r.id) r.ord::integer, r.id, r.channel_id, r.author_id,
    left(coalesce(r.body, ''), 4000), r.parent_id, coalesce(r.in_channel, false),
    coalesce(r.created_at, now()), r.edited_at, coalesce(r.deleted, false)
  from rows from (jsonb_to_recordset(p_rows) as (id uuid, channel_id uuid, author_id uuid,
    body text, parent_id uuid, in_channel boolean, created_at timestamptz, edited_at timestamptz,
    deleted boolean)) with ordinality as r(id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted, ord)
  where r.id is not null
    and r.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and not exists (select 1 from public.messages m where m.id = r.id)
  order by r.id, r.ord;
  perform 1 from public.channels c
  where c.id in (select distinct b.channel_id from pg_temp.import_batch b)
  order by c.id for no key update;
  update pg_temp.import_batch b set parent_id = null
  where b.parent_id is not null and not (
    exists (select 1 from public.messages p where p.id = b.parent_id and p.parent_id is null
      and p.channel_id = b.channel_id)
    or exists (select 1 from pg_temp.import_batch q where q.id = b.parent_id
      and q.parent_id is null and q.channel_id = b.channel_id and q.ord < b.ord));
  update pg_temp.import_batch b
  set body = case when b.deleted then '' else private.clean_body(b.body) end,
    in_channel = b.parent_id is null or b.in_channel;
  update pg_temp.import_batch b
  set mentions = coalesce((
    select array_agg(distinct u) from unnest(private.mentioned_ids(b.body)) u
    join public.workspace_members wm on wm.workspace_id = p_workspace and wm.user_id = u
  ), '{}')
  where b.body like '%<@%';
  update pg_temp.import_batch b set mentions = '{}' where b.mentions is null;
  update pg_temp.import_batch b
  set seq = n.base + n.k
  from (
    select q.id, row_number() over (partition by q.channel_id order by q.ord) as k,
      greatest(c.last_seq, coalesce((
        select m.seq from public.messages m
        where m.channel_id = q.channel_id and m.in_channel order by m.seq desc limit 1
      ), 0)) as base
    from pg_temp.import_batch q
    join public.channels c on c.id = q.channel_id
    where q.in_channel
  ) as n
  where b.id = n.id;
  perform 1 from public.threads t
  where t.id in (select distinct b.parent_id from pg_temp.import_batch b where b.parent_id is not null)
  order by t.id for no key update;
  update pg_temp.import_batch b
  set thread_seq = n.base + n.k
  from (
    select q.id, row_number() over (partition by q.parent_id order by q.ord) as k,
      greatest(coalesce(t.last_seq, 0), coalesce((
        select m.thread_seq from public.messages m
        where m.parent_id = q.parent_id order by m.thread_seq desc limit 1
      ), 0)) as base
    from pg_temp.import_batch q
    left join public.threads t on t.id = q.parent_id
    where q.parent_id is not null
  ) as n
  where b.id = n.id;

  perform set_config('chorus.importing', 'bulk', true);
  insert into public.messages (id, channel_id, author_id, body, mentions, parent_id, in_channel,
    seq, thread_seq, created_at, edited_at, deleted_at)
  select b.id, b.channel_id, b.author_id, b.body, b.mentions, b.parent_id, b.in_channel,
    b.seq, b.thread_seq, b.created_at, b.edited_at, case when b.deleted then b.created_at end
  from pg_temp.import_batch b
  order by b.ord;
  get diagnostics messages = row_count;
  perform set_config('chorus.importing', 'on', true);

  insert into public.threads (id, channel_id)
  select distinct b.parent_id, b.channel_id from pg_temp.import_batch b where b.parent_id is not null
  on conflict (id) do nothing;
  update public.threads t
  set reply_count = t.reply_count + n.replies,
    last_seq = greatest(t.last_seq, n.last_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, n.last_at), n.last_at),
    last_repliers = coalesce((
      select array_agg(r.author_id order by r.k) from (
        select x.author_id, min(x.k) as k from (
          select q.author_id, -q.ord::bigint as k from pg_temp.import_batch q
          where q.parent_id = t.id and q.author_id is not null
          union all
          select u, o from unnest(t.last_repliers) with ordinality as p(u, o)
        ) as x group by x.author_id order by min(x.k) limit 3
      ) as r
    ), '{}')
  from (
    select b.parent_id, count(*)::integer as replies, max(b.thread_seq) as last_seq,
      max(b.created_at) as last_at
    from pg_temp.import_batch b where b.parent_id is not null group by b.parent_id
  ) as n
  where t.id = n.parent_id;
  insert into public.thread_members (thread_id, user_id, channel_id)
  select distinct b.parent_id, p.author_id, b.channel_id
  from pg_temp.import_batch b
  join public.messages p on p.id = b.parent_id
  join public.channel_members cm on cm.channel_id = b.channel_id and cm.user_id = p.author_id
  where b.parent_id is not null
  on conflict (thread_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select f.parent_id, f.user_id, f.channel_id, true, max(f.read_seq)
  from (
    select b.parent_id, u as user_id, b.channel_id, 0::bigint as read_seq
    from pg_temp.import_batch b, unnest(b.mentions) as u
    where b.parent_id is not null
    union all
    select b.parent_id, b.author_id, b.channel_id, b.thread_seq
    from pg_temp.import_batch b
    where b.parent_id is not null and b.author_id is not null
  ) as f
  group by f.parent_id, f.user_id, f.channel_id
  on conflict (thread_id, user_id) do update
  set following = true,
    last_read_seq = greatest(public.thread_members.last_read_seq, excluded.last_read_seq),
    updated_at = now();
  insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
  select b.id, p_workspace, b.channel_id, b.created_at, private.search_fold(b.body)
  from pg_temp.import_batch b
  where not b.deleted
  on conflict (message_id) do nothing;

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
  get diagnostics files = row_count;
end
$$;

-- One batch (the arguments as before): what is for channels that were there before the import
-- is held in import_staged, the rest inserted.
create or replace function private.import_messages(
  p_import uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, p_report jsonb, p_checkpoint jsonb
)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
  v_existing uuid[];
  v_held uuid[];
  v_rows jsonb := coalesce(p_rows, '[]');
  v_reactions jsonb := coalesce(p_reactions, '[]');
  v_files jsonb := coalesce(p_files, '[]');
  v_staged_rows jsonb;
  v_staged_reactions jsonb;
  v_staged_files jsonb;
  v_new integer := 0;
  v_new_files integer := 0;
  v_done record;
begin
  if v.id is null then
    return -1;
  end if;
  if auth.uid() is not null then
    raise exception using errcode = '42501', message = 'Only the import itself inserts its batches.';
  end if;
  v_existing := array(select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and ic.existing);
  if cardinality(v_existing) > 0 then
    -- the ids of the batch's messages in those channels (new ones, and ones already there that
    -- reactions and files may name)
    v_held := array(select (r->>'id')::uuid from jsonb_array_elements(v_rows) r
      where (r->>'channel_id')::uuid = any(v_existing));
    select coalesce(jsonb_agg(r order by o), '[]') into v_staged_rows
    from jsonb_array_elements(v_rows) with ordinality as x(r, o)
    where (r->>'channel_id')::uuid = any(v_existing)
      and not exists (select 1 from public.messages m where m.id = (r->>'id')::uuid);
    select coalesce(jsonb_agg(r order by o), '[]') into v_staged_reactions
    from jsonb_array_elements(v_reactions) with ordinality as x(r, o)
    where (r->>'message_id')::uuid = any(v_held);
    select coalesce(jsonb_agg(r order by o), '[]') into v_staged_files
    from jsonb_array_elements(v_files) with ordinality as x(r, o)
    where (r->>'message_id')::uuid = any(v_held);
    if cardinality(v_held) > 0 then
      if jsonb_array_length(v_staged_rows) + jsonb_array_length(v_staged_reactions)
        + jsonb_array_length(v_staged_files) > 0 then
        insert into private.import_staged (import_id, rows, reactions, files)
        values (p_import, v_staged_rows, v_staged_reactions, v_staged_files);
      end if;
      select count(distinct r->>'id')::integer into v_new from jsonb_array_elements(v_staged_rows) r;
      select count(*)::integer into v_new_files
      from jsonb_array_elements(v_staged_files) f
      where not exists (select 1 from public.attachments a where a.path = f->>'path');
      select coalesce(jsonb_agg(r order by o), '[]') into v_rows
      from jsonb_array_elements(v_rows) with ordinality as x(r, o)
      where not (r->>'channel_id')::uuid = any(v_existing);
      select coalesce(jsonb_agg(r order by o), '[]') into v_reactions
      from jsonb_array_elements(v_reactions) with ordinality as x(r, o)
      where not (r->>'message_id')::uuid = any(v_held);
      select coalesce(jsonb_agg(r order by o), '[]') into v_files
      from jsonb_array_elements(v_files) with ordinality as x(r, o)
      where not (r->>'message_id')::uuid = any(v_held);
    end if;
  end if;
  select * into v_done from private.import_insert(p_import, v.workspace_id, v_rows, v_reactions, v_files);
  update public.imports i
  set messages_done = i.messages_done + v_done.messages + v_new,
    files_done = i.files_done + v_done.files + v_new_files,
    report = i.report || coalesce(p_report, '[]'),
    checkpoint = p_checkpoint, heartbeat_at = now()
  where i.id = p_import;
  return v_done.messages + v_new;
end
$$;
revoke all on function private.import_messages(uuid, jsonb, jsonb, jsonb, jsonb, jsonb) from public;
revoke all on function private.import_insert(uuid, uuid, jsonb, jsonb, jsonb) from public;

-- The end, as before for the channels the import made; for those that were there before: what
-- was held goes in (members who had read all of it before still have), and of the import only
-- the people it brought into the workspace join them.
create or replace function private.import_finish(p_import uuid, p_report jsonb)
returns public.imports
language plpgsql security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
  c record;
  s record;
  v_key text;
  v_name text;
  v_before jsonb;
begin
  if v.id is null then
    return null;
  end if;
  perform set_config('chorus.importing', 'on', true);
  select coalesce(jsonb_object_agg(ch.id, ch.last_seq), '{}') into v_before
  from public.channels ch
  where ch.id in (select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and ic.existing);
  for s in select st.* from private.import_staged st where st.import_id = p_import order by st.batch loop
    perform private.import_insert(p_import, v.workspace_id, s.rows, s.reactions, s.files);
  end loop;
  delete from private.import_staged st where st.import_id = p_import;
  update public.channel_members cm set last_read_seq = ch.last_seq
  from public.channels ch
  where cm.channel_id = ch.id and v_before ? ch.id::text
    and cm.last_read_seq >= (v_before ->> ch.id::text)::bigint;
  for c in select ic.* from private.import_channels ic where ic.import_id = p_import order by ic.slack_id loop
    if c.existing then
      insert into public.channel_members (channel_id, user_id)
      select c.channel_id, u from unnest(c.members) u
      join private.import_people ip on ip.import_id = p_import and ip.user_id = u and ip.added
      join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u
        and wm.left_at is null
      on conflict (channel_id, user_id) do nothing;
      continue;
    end if;
    if c.kind = 'dm' then
      select array_to_string(array_agg(distinct u order by u), ',') into v_key
      from unnest(c.members) u
      join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u;
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
    insert into public.channel_members (channel_id, user_id)
    select c.channel_id, u from unnest(c.members) u
    join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u
      and wm.left_at is null
    on conflict (channel_id, user_id) do nothing;
    if c.archived and c.kind <> 'dm' then
      update public.channels x set archived_at = now() where x.id = c.channel_id;
    end if;
  end loop;
  insert into public.channel_members (channel_id, user_id)
  select distinct dc.id, ip.user_id
  from private.import_people ip
  join public.channels dc on dc.workspace_id = v.workspace_id and dc.is_default
  join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = ip.user_id
    and wm.left_at is null
  where ip.import_id = p_import
  on conflict (channel_id, user_id) do nothing;
  -- the threads of the channels it made are read (those of channels that were there are as
  -- their members left them)
  update public.thread_members tm set last_read_seq = t.last_seq
  from public.threads t
  where tm.thread_id = t.id
    and t.channel_id in (select ic.channel_id from private.import_channels ic
      where ic.import_id = p_import and not ic.existing);
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

-- Undoes an import ('failed' with p_error, or 'cancelled'): the channels it made go, with all
-- in them; of what it held for channels that were there, the files no message has are removed;
-- nothing else of those channels changes.
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
  insert into private.retention_files (bucket_id, name)
  select a.bucket_id, a.path from public.attachments a
  where a.channel_id in (select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and not ic.existing)
  union
  select 'attachments', f ->> 'path'
  from private.import_staged st, jsonb_array_elements(st.files) f
  where st.import_id = p_import
    and not exists (select 1 from public.attachments a where a.path = f ->> 'path');
  delete from private.import_staged st where st.import_id = p_import;
  delete from public.channels c
  where c.id in (select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and not ic.existing);
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
revoke all on function private.import_finish(uuid, jsonb), private.import_undo(uuid, text, text),
  private.import_channels(uuid, jsonb, integer, integer) from public;

-- p_people: [{slack_id, user_id, created, active}]. Adds the active people to the workspace as
-- members (those not in it yet) and remembers them all: a person the archive has deactivated
-- (`active` false) keeps their messages but joins neither the workspace nor its channels.
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
    select * from jsonb_to_recordset(p_people) as p(slack_id text, user_id uuid, created boolean,
      active boolean)
  ), added as (
    insert into public.workspace_members (workspace_id, user_id, role)
    select distinct v.workspace_id, p.user_id, 'member'::public.workspace_role from people p
    where coalesce(p.active, true)
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
revoke all on function private.import_people(uuid, jsonb) from public;
