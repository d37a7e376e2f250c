-- What an archive carries beyond messages (issue 71, item 4): custom emoji, announcement channels'
-- posting setting and shared messages, in both directions (the exports and imports functions,
-- _shared/archive/FORMAT.md).
--
-- * Custom emoji: private.import_custom_emoji(import, emoji, report, checkpoint) makes the emoji an
--   archive's `emoji.json` lists, their images already uploaded by the import into the
--   `custom-emoji` bucket, through the table's own checks (custom_emoji_before_insert: a valid
--   name, not a standard emoji's, not taken, the image there). A name the workspace already has
--   is kept as it is (the import's image is dropped); one the checks refuse is skipped and
--   reported, its image dropped. The uploader is the person who started the import.
--   private.import_emoji remembers which emoji an import made, so that undoing it (a failure, a
--   cancel: import_undo) removes them with their images.
-- * Posting: private.import_channels keeps a channel's `posting` (a Chorus export's
--   `chorus.posting`, people already mapped to the import's), and import_finish applies it once
--   every message is in (so the history is never refused by it), to the channels the import made;
--   a claim of a placeholder (import_placeholder_claim) moves its place among the posters.
-- * Polls: private.poll_summary gives the export a poll's options and counts, written as text.
-- * Shared messages: a row of a batch may carry `forward` (Slack's share attachment, a Chorus
--   export's forward): import_insert makes its message_forwards snapshot, naming the source
--   message, channel and author only when they are the workspace's.

-- A poll as the export writes it beside its message's text: its question, options and counts
-- (anonymous polls' too: counts name nobody), for the service role and a member of its channel.
create function private.poll_summary(p_message_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('question', p.question, 'multiple', p.multiple,
    'anonymous', p.anonymous,
    'closed', p.closed_at is not null or coalesce(p.ends_at <= now(), false),
    'voters', (select count(distinct v.user_id) from public.poll_votes v where v.poll_id = p.id),
    'options', coalesce((select jsonb_agg(jsonb_build_object('label', o.label,
        'votes', (select count(*) from public.poll_votes v where v.option_id = o.id))
      order by o.position) from public.poll_options o where o.poll_id = p.id), '[]'))
  from public.polls p
  where p.message_id = p_message_id
    and ((select auth.uid()) is null or p.channel_id in (select private.member_channel_ids()))
$$;
revoke execute on function private.poll_summary(uuid) from public, anon;
grant execute on function private.poll_summary(uuid) to authenticated, service_role;

create table private.import_emoji (
  import_id uuid not null references public.imports(id) on delete cascade,
  emoji_id uuid not null references public.custom_emoji(id) on delete cascade,
  primary key (import_id, emoji_id)
);
create index import_emoji_emoji on private.import_emoji (emoji_id);
alter table private.import_emoji enable row level security;

alter table private.import_channels add column posting jsonb;

create function private.import_uuid(p_text text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when p_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then p_text::uuid end
$$;
revoke execute on function private.import_uuid(text) from public;

create function private.import_time(p_text text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  return p_text::timestamptz;
exception when others then
  return null;
end
$$;
revoke execute on function private.import_time(text) from public;

-- An image the import uploaded for an emoji it did not make: removed, unless an emoji shows it.
create function private.import_drop_emoji_image(p_path text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.retention_files (bucket_id, name)
  select 'custom-emoji', p_path
  where not exists (select 1 from public.custom_emoji c where c.image_path = p_path)
$$;
revoke execute on function private.import_drop_emoji_image(text) from public;

create function private.import_custom_emoji(p_import uuid, p_emoji jsonb, p_report jsonb,
  p_checkpoint jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.imports := private.import_lock(p_import);
  e record;
  v_id uuid;
  v_report jsonb := coalesce(p_report, '[]');
  v_made integer := 0;
begin
  if v.id is null then
    return -1;
  end if;
  if auth.uid() is not null then
    raise exception using errcode = '42501', message = 'Only the import itself adds its emoji.',
      detail = 'import_internal_only';
  end if;
  for e in
    select x.name, coalesce(x.aliases, '{}') as aliases, x.image_path
    from jsonb_to_recordset(coalesce(p_emoji, '[]')) as x(name text, aliases text[], image_path text)
    where coalesce(x.name, '') <> '' and coalesce(x.image_path, '') <> ''
  loop
    if exists (select 1 from public.custom_emoji c
      where c.workspace_id = v.workspace_id and (c.name = lower(e.name) or lower(e.name) = any (c.aliases))) then
      -- the workspace's own is kept
      perform private.import_drop_emoji_image(e.image_path);
      continue;
    end if;
    begin
      insert into public.custom_emoji (workspace_id, name, aliases, image_path, created_by)
      values (v.workspace_id, e.name, array(
          -- an alias the workspace already has is left out, the emoji kept
          select a from unnest(e.aliases) a
          where not exists (select 1 from public.custom_emoji c
            where c.workspace_id = v.workspace_id and (c.name = lower(a) or lower(a) = any (c.aliases)))
        ), e.image_path, v.started_by)
      returning id into v_id;
      insert into private.import_emoji (import_id, emoji_id) values (p_import, v_id);
      v_made := v_made + 1;
    exception when others then
      perform private.import_drop_emoji_image(e.image_path);
      v_report := v_report || jsonb_build_array(jsonb_build_object('file', 'emoji.json',
        'code', 'emoji_refused', 'values', jsonb_build_object('name', e.name, 'detail', sqlerrm),
        'reason', format('The custom emoji :%s: was not imported: %s', e.name, sqlerrm)));
    end;
  end loop;
  update public.imports i
  set report = i.report || v_report, checkpoint = coalesce(p_checkpoint, i.checkpoint),
    heartbeat_at = now()
  where i.id = p_import;
  perform private.kick_retention_files();
  return v_made;
end
$$;
revoke execute on function private.import_custom_emoji(uuid, jsonb, jsonb, jsonb) from public;

CREATE OR REPLACE FUNCTION private.import_channels(p_import uuid, p_channels jsonb, p_total integer, p_files integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v public.imports := private.import_lock(p_import);
begin
  if v.id is null then
    return -1;
  end if;
  perform set_config('chorus.importing', 'on', true);
  -- (a replayed call keeps what the first one noted)
  insert into private.import_channels (import_id, slack_id, channel_id, kind, name, topic, archived,
    members, existing, posting)
  select p_import, c.slack_id, coalesce(own.id, c.id), c.kind, c.name, coalesce(c.topic, ''),
    coalesce(c.archived, false), coalesce(c.members, '{}'),
    own.id is not null or exists (select 1 from public.channels x where x.id = c.id),
    case when jsonb_typeof(c.posting) = 'object' and c.posting ->> 'who' in ('admins', 'listed')
      then c.posting end
  from jsonb_to_recordset(p_channels) as c(slack_id text, id uuid, kind public.channel_kind, name text,
    topic text, archived boolean, created_at timestamptz, created_by uuid, members uuid[],
    posting jsonb)
  -- the export's #random goes into the workspace's own (a channel everyone joins, of its name)
  left join lateral (
    select r.id from public.channels r
    where c.kind = 'public' and not exists (select 1 from public.channels x where x.id = c.id)
      and r.workspace_id = v.workspace_id and r.auto_join and r.kind = 'public'
      and r.archived_at is null and lower(r.name) = lower(btrim(c.name, '# '))
    limit 1
  ) own on true
  on conflict (import_id, slack_id) do nothing;
  insert into public.channels (id, workspace_id, kind, name, dm_key, created_by, created_at)
  select c.id, v.workspace_id, case when c.kind = 'dm' then 'dm' else 'private' end::public.channel_kind,
    case when c.kind = 'dm' then null else 'import-' || c.id::text end,
    case when c.kind = 'dm' then 'import:' || c.id::text end,
    c.created_by, coalesce(c.created_at, now())
  from jsonb_to_recordset(p_channels) as c(slack_id text, id uuid, kind public.channel_kind,
    created_at timestamptz, created_by uuid)
  join private.import_channels ic on ic.import_id = p_import and ic.slack_id = c.slack_id
    and ic.channel_id = c.id
  where not exists (select 1 from public.channels x where x.id = c.id);
  update public.imports i
  set channels = jsonb_array_length(p_channels), messages_total = p_total, files_total = p_files,
    heartbeat_at = now(), checkpoint = jsonb_build_object('phase', 'messages', 'conversation', 0, 'day', 0, 'offset', 0)
  where i.id = p_import;
  return 0;
end
$function$;

CREATE OR REPLACE FUNCTION private.import_insert(p_import uuid, p_workspace uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, OUT messages integer, OUT files integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    left(coalesce(r.body, ''), 40000), r.parent_id, coalesce(r.in_channel, false),
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

  -- Through the pipeline as any message (supabase/README.md, "A written message"), numbered here:
  -- 'bulk' passes row_1_insert, whose work for each row the batch has had above, set-based.
  perform set_config('chorus.importing', 'bulk', true);
  insert into public.messages (id, channel_id, author_id, body, mentions, parent_id, in_channel,
    seq, thread_seq, created_at, edited_at, deleted_at)
  select b.id, b.channel_id, b.author_id, b.body, b.mentions, b.parent_id, b.in_channel,
    b.seq, b.thread_seq, b.created_at, b.edited_at, case when b.deleted then b.created_at end
  from pg_temp.import_batch b
  order by b.ord;
  get diagnostics messages = row_count;
  perform set_config('chorus.importing', 'on', true);

  -- A shared message (Slack's share attachment, a Chorus export's forward): its snapshot, the
  -- source message and channel named only when they are the workspace's.
  insert into public.message_forwards (id, workspace_id, channel_id, source_message_id,
    source_channel_id, source_channel_kind, source_channel_name, source_parent_id,
    source_author_id, source_author_name, source_created_at, body, created_at, files)
  select m.id, p_workspace, m.channel_id, src.id, sc.id,
    -- (the kind and name the archive gives it: a channel the import makes is a private
    -- placeholder until the import finishes)
    coalesce(case when r.forward ->> 'channel_kind' in ('public', 'private', 'dm')
      then (r.forward ->> 'channel_kind')::public.channel_kind end, sc.kind, 'private'),
    case when coalesce(r.forward ->> 'channel_kind', sc.kind::text) = 'public'
      then left(nullif(r.forward ->> 'channel_name', ''), 80) end,
    case when src.id is not null and not src.in_channel then src.parent_id end,
    au.id, left(coalesce(nullif(r.forward ->> 'author_name', ''), au.display_name), 80),
    coalesce(private.import_time(r.forward ->> 'created_at'), m.created_at),
    left(private.clean_body(coalesce(r.forward ->> 'body', '')), 40000), m.created_at, '[]'::jsonb
  from jsonb_to_recordset(p_rows) as r(id uuid, forward jsonb)
  join public.messages m on m.id = r.id and m.deleted_at is null
  left join public.messages src on src.id = private.import_uuid(r.forward ->> 'message_id')
    and src.channel_id in (select c.id from public.channels c where c.workspace_id = p_workspace)
  left join public.channels sc on sc.id = private.import_uuid(r.forward ->> 'channel_id')
    and sc.workspace_id = p_workspace
  left join public.profiles au on au.id = private.import_uuid(r.forward ->> 'author_id')
  where jsonb_typeof(r.forward) = 'object'
    and m.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and not exists (select 1 from public.message_forwards x where x.id = m.id);

  -- The threads, their followers and the search index: the pipeline's handlers, for the batch.

  insert into public.reactions (message_id, user_id, emoji)
  select r.message_id, r.user_id, r.emoji
  from jsonb_to_recordset(p_reactions) as r(message_id uuid, user_id uuid, emoji text)
  join public.messages m on m.id = r.message_id and m.deleted_at is null
  where m.channel_id in (select ic.channel_id from private.import_channels ic where ic.import_id = p_import)
    and not exists (select 1 from public.reactions x
      where x.message_id = r.message_id and x.user_id = r.user_id and x.emoji = r.emoji)
    -- the same reaction of the same Slack person, claimed since by an account: not again
    and not exists (select 1 from private.import_people ip
      join private.import_claims cl on cl.workspace_id = p_workspace and cl.slack_id = ip.slack_id
      join public.reactions x on x.message_id = r.message_id and x.user_id = cl.account_id
        and x.emoji = r.emoji
      where ip.import_id = p_import and ip.user_id = r.user_id)
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
$function$;

CREATE OR REPLACE FUNCTION private.import_finish(p_import uuid, p_report jsonb)
 RETURNS public.imports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- Who may post (a Chorus export's announcement channels), set once the history is in, on the
  -- channels the import made (a channel that was there keeps its own setting).
  insert into public.channel_posting (channel_id, workspace_id, who, replies)
  select ic.channel_id, v.workspace_id, ic.posting ->> 'who',
    coalesce(case when jsonb_typeof(ic.posting -> 'replies') = 'boolean'
      then (ic.posting ->> 'replies')::boolean end, true)
  from private.import_channels ic
  join public.channels ch on ch.id = ic.channel_id and ch.kind <> 'dm'
  where ic.import_id = p_import and not ic.existing and ic.posting is not null
  on conflict (channel_id) do nothing;
  insert into public.channel_posters (channel_id, workspace_id, user_id)
  select distinct ic.channel_id, v.workspace_id, wm.user_id
  from private.import_channels ic
  cross join lateral jsonb_array_elements_text(case when jsonb_typeof(ic.posting -> 'people') = 'array'
    then ic.posting -> 'people' else '[]'::jsonb end) x(person)
  join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id::text = x.person
  join public.channel_posting cp on cp.channel_id = ic.channel_id
  where ic.import_id = p_import and not ic.existing and ic.posting ->> 'who' = 'listed'
  on conflict (channel_id, user_id) do nothing;
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
$function$;

CREATE OR REPLACE FUNCTION private.import_undo(p_import uuid, p_status text, p_error text)
 RETURNS public.imports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- the custom emoji it made, with their images
  insert into private.retention_files (bucket_id, name)
  select 'custom-emoji', e.image_path from public.custom_emoji e
  join private.import_emoji ie on ie.emoji_id = e.id
  where ie.import_id = p_import;
  delete from public.custom_emoji e
  using private.import_emoji ie
  where ie.import_id = p_import and ie.emoji_id = e.id;
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
  -- the placeholders it made (with their memberships)
  delete from public.profiles p
  using private.import_people ip
  where ip.import_id = p_import and ip.created and p.id = ip.user_id and p.is_placeholder;
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
$function$;

-- A claim moves what the import gave the placeholder: its posting rights and forwards too.
CREATE OR REPLACE FUNCTION private.import_placeholder_claim(p_workspace uuid, p_from uuid, p_to uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_name text;
  v_messages integer;
  c record;
  v_key text;
begin
  select p.display_name into v_name from public.profiles p
  where p.id = p_from and p.is_placeholder for update;
  if not found then
    return 0;
  end if;
  perform set_config('chorus.claiming', p_from::text || ':' || p_to::text, true);
  update public.messages m set author_id = p_to
  where m.author_id = p_from
    or (m.channel_id in (select ch.id from public.channels ch where ch.workspace_id = p_workspace)
      and (p_from = any (m.mentions) or m.body like '%<@' || p_from::text || '>%'));
  get diagnostics v_messages = row_count;
  -- reactions (one the account made already stays once)
  delete from public.reactions r
  where r.user_id = p_from and exists (select 1 from public.reactions x
    where x.message_id = r.message_id and x.user_id = p_to and x.emoji = r.emoji);
  update public.reactions r set user_id = p_to where r.user_id = p_from;
  update public.attachments a set uploader_id = p_to where a.uploader_id = p_from;
  update public.channels ch set created_by = p_to where ch.created_by = p_from;
  update public.pins pn set pinned_by = p_to where pn.pinned_by = p_from;
  update public.threads t set last_repliers = array_replace(t.last_repliers, p_from, p_to)
  where p_from = any (t.last_repliers) and t.channel_id in (select ch.id from public.channels ch
    where ch.workspace_id = p_workspace);
  -- memberships: the channels (archived ones too) and threads the placeholder was in
  insert into public.channel_members (channel_id, workspace_id, user_id)
  select cm.channel_id, cm.workspace_id, p_to
  from public.channel_members cm where cm.user_id = p_from
  on conflict (channel_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select tm.thread_id, p_to, tm.channel_id, tm.following, tm.last_read_seq
  from public.thread_members tm where tm.user_id = p_from
  on conflict (thread_id, user_id) do nothing;
  -- the announcement channels it may post in, and the forwards of its messages (issue 71)
  insert into public.channel_posters (channel_id, workspace_id, user_id, added_by, created_at)
  select cp.channel_id, cp.workspace_id, p_to, cp.added_by, cp.created_at
  from public.channel_posters cp
  join public.workspace_members wm on wm.workspace_id = cp.workspace_id and wm.user_id = p_to
  where cp.user_id = p_from
  on conflict (channel_id, user_id) do nothing;
  update public.message_forwards f set source_author_id = p_to where f.source_author_id = p_from;
  -- the user groups someone put the placeholder in (a guest's claim never comes here)
  insert into public.user_group_members (group_id, workspace_id, user_id, added_by, added_at)
  select gm.group_id, gm.workspace_id, p_to, gm.added_by, gm.added_at
  from public.user_group_members gm where gm.user_id = p_from
  on conflict (group_id, user_id) do nothing;
  -- a direct message's key names its people: the account instead of the placeholder, unless the
  -- account has that direct message already
  for c in select ch.id from public.channels ch
    join public.channel_members cm on cm.channel_id = ch.id and cm.user_id = p_from
    where ch.kind = 'dm' and ch.workspace_id = p_workspace loop
    select array_to_string(array_agg(distinct u.user_id order by u.user_id), ',') into v_key
    from public.channel_members u where u.channel_id = c.id and u.user_id <> p_from;
    if v_key is not null and not exists (select 1 from public.channels x
      where x.workspace_id = p_workspace and x.kind = 'dm' and x.dm_key = v_key) then
      update public.channels x set dm_key = v_key where x.id = c.id;
    end if;
  end loop;
  perform set_config('chorus.claiming', '', true);
  insert into private.import_claims (workspace_id, slack_id, account_id)
  select ph.workspace_id, ph.slack_id, p_to from private.import_placeholders ph
  where ph.profile_id = p_from
  on conflict do nothing;
  delete from public.profiles p where p.id = p_from and p.is_placeholder;
  perform private.audit(p_workspace, 'import.claimed', 'profile', p_from::text, v_name,
    jsonb_build_object('account', p_to, 'messages', v_messages));
  return v_messages;
end
$function$;
