-- Messages up to 40,000 characters (issue 68, item 4), as Slack takes: 4,000 stopped people
-- pasting a log, a stack trace or a long write-up. The body's check, the function every write
-- passes its body through (private.clean_body), and the import's defensive cut (Slack's own
-- export holds messages up to 40,000) move together; the app and the Slack API's payloads say the
-- same limit. A paste past it becomes a text file attached to the message (the app).
alter table public.messages drop constraint messages_body_length;
alter table public.messages add constraint messages_body_length check (char_length(body) <= 40000);

CREATE OR REPLACE FUNCTION private.clean_body(p_body text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v text := coalesce(p_body, '');
begin
  v := replace(replace(v, e'\r\n', e'\n'), e'\r', e'\n');
  v := regexp_replace(v, '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]', '', 'g');
  if char_length(v) > 40000 then
    raise exception using errcode = '22023',
      message = format('Message is too long: it has %s characters; the limit is 40000.', char_length(v)),
      detail = 'message_too_long',
      hint = 'Split it into several messages, or attach it as a file.';
  end if;
  return v;
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
