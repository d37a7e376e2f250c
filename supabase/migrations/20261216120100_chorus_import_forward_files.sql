-- A forward an import makes (20261216120000_chorus_import_portability) shares the imported
-- original's files, as forward_snapshot takes them: private.import_insert makes the snapshots after
-- the batch's files, so that an original of the same batch lends its own.

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

  -- A shared message (Slack's share attachment, a Chorus export's forward): its snapshot, the
  -- source message and channel named only when they are the workspace's (after the files, so
  -- that an original of this batch lends its own).
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
    left(private.clean_body(coalesce(r.forward ->> 'body', '')), 40000), m.created_at,
    -- the original's files, as forward_snapshot takes them, when the original is imported
    coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'path', a.path, 'name', a.name,
        'size', a.size, 'mime_type', a.mime_type, 'width', a.width, 'height', a.height)
      order by a.created_at, a.id) from public.attachments a where a.message_id = src.id), '[]'::jsonb)
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
end
$function$;
