-- Slack import, continued (see *_chorus_imports_batches.sql): a batch's messages go in set-based.
--
-- import_messages used to insert a batch's rows through every per-row trigger of
-- public.messages: sequence numbers, threads, mentions and the search index a row at a time
-- (each trigger's plpgsql entered 2,000 times a batch, most of them only to return at once
-- because the import is quiet). Now it works out the batch first, in one temporary table:
-- which rows are new, each reply's parent, the cleaned body, the mentions, the channel and
-- thread sequence numbers (numbered on from the channel's and the thread's last ones, under the
-- same row locks the trigger takes); inserts the rows with chorus.importing = 'bulk', which the
-- per-row triggers' WHEN clauses skip (a WHEN clause is evaluated without entering the
-- function); then does what those triggers did, a statement each: the threads and their
-- counters, who follows them, the search index. The statement-level trigger that moves the
-- channels' last_seq still runs. 'bulk' is set only around that one insert, inside this function
-- (no client can set it: requests run as their role through PostgREST, which sets only its own
-- request.* settings), and the rest of the batch (reactions, files) runs as before, with 'on'.

-- The per-row INSERT triggers of public.messages, now skipped for a bulk insert.
drop trigger messages_before_insert on public.messages;
create trigger messages_before_insert before insert on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_before_insert();

drop trigger messages_broadcast_mentions on public.messages;
create trigger messages_broadcast_mentions before insert or update of body, deleted_at on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_broadcast_mentions();

drop trigger messages_live on public.messages;
create trigger messages_live after insert or update on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.live_channel_content();

drop trigger messages_not_empty on public.messages;
create constraint trigger messages_not_empty after insert on public.messages
  deferrable initially immediate
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_check_not_empty();

drop trigger messages_queue_emails on public.messages;
create trigger messages_queue_emails after insert on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_queue_emails();

drop trigger messages_queue_events on public.messages;
create trigger messages_queue_events after insert on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_queue_events();

drop trigger messages_search_write on public.messages;
create trigger messages_search_write after insert or update of body, deleted_at on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.message_search_write();

drop trigger messages_thread_after_insert on public.messages;
create trigger messages_thread_after_insert after insert on public.messages
  for each row when (new.parent_id is not null
    and current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_thread_after_insert();

drop trigger messages_thread_reply_live on public.messages;
create trigger messages_thread_reply_live after insert on public.messages
  for each row when (new.parent_id is not null
    and current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.live_thread_reply();

drop trigger messages_link_previews_insert on public.messages;
create trigger messages_link_previews_insert after insert on public.messages
  referencing new table as new_rows
  for each statement when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_link_previews_insert();

-- One batch (the arguments as before): the messages set-based, then reactions and files.
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
  if auth.uid() is not null then
    raise exception using errcode = '42501', message = 'Only the import itself inserts its batches.';
  end if;
  perform set_config('chorus.importing', 'on', true);
  create temporary table if not exists import_batch (
    ord integer, id uuid, channel_id uuid, author_id uuid, body text, parent_id uuid,
    in_channel boolean, created_at timestamptz, edited_at timestamptz, deleted boolean,
    mentions uuid[], seq bigint, thread_seq bigint
  ) on commit drop;
  truncate pg_temp.import_batch;
  -- the rows not in yet (a replayed batch: none), each id once, only into this import's channels
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
  -- the channels' and threads' numbers are taken under the locks messages_before_insert takes
  perform 1 from public.channels c
  where c.id in (select distinct b.channel_id from pg_temp.import_batch b)
  order by c.id for no key update;
  -- a reply's parent: a top-level message of its channel, already in or earlier in the batch
  -- (else it becomes a message of its own); its number in the thread; in the channel or not
  update pg_temp.import_batch b set parent_id = null
  where b.parent_id is not null and not (
    exists (select 1 from public.messages p where p.id = b.parent_id and p.parent_id is null
      and p.channel_id = b.channel_id)
    or exists (select 1 from pg_temp.import_batch q where q.id = b.parent_id
      and q.parent_id is null and q.channel_id = b.channel_id and q.ord < b.ord));
  update pg_temp.import_batch b
  set body = case when b.deleted then '' else private.clean_body(b.body) end,
    in_channel = b.parent_id is null or b.in_channel;
  -- mentions: the people the body names who are in the workspace
  update pg_temp.import_batch b
  set mentions = coalesce((
    select array_agg(distinct u) from unnest(private.mentioned_ids(b.body)) u
    join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u
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
  get diagnostics v_done = row_count;
  perform set_config('chorus.importing', 'on', true);

  -- what messages_thread_after_insert does for each reply
  insert into public.threads (id, channel_id)
  select distinct b.parent_id, b.channel_id from pg_temp.import_batch b where b.parent_id is not null
  on conflict (id) do nothing;
  update public.threads t
  set reply_count = t.reply_count + n.replies,
    last_seq = greatest(t.last_seq, n.last_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, n.last_at), n.last_at),
    last_repliers = coalesce((
      -- the three who replied last, the batch's newest first, then those before
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
  -- the parent's author follows the thread if in the channel; those mentioned follow it; a
  -- reply's author follows it, having read up to their reply
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
  -- what message_search_write does for each message (no files yet: they follow, below)
  insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
  select b.id, v.workspace_id, b.channel_id, b.created_at, private.search_fold(b.body)
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
  get diagnostics v_files = row_count;
  update public.imports i
  set messages_done = i.messages_done + v_done, files_done = i.files_done + v_files,
    report = i.report || coalesce(p_report, '[]'),
    checkpoint = p_checkpoint, heartbeat_at = now()
  where i.id = p_import;
  return v_done;
end
$$;
revoke all on function private.import_messages(uuid, jsonb, jsonb, jsonb, jsonb, jsonb) from public;
