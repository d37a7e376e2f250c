-- An import's batch numbered set-based again (issue 70, item 1). Through row_1_insert, each of
-- a batch's 2,000 rows took the channel's lock, its last numbers and its mentions one at a time:
-- bench:import's 200,000 messages spent 230 s of the database's time in that trigger (388 s in
-- import_insert against 209 s before). The import works those out for its batch as it did
-- before, set-based (a BEFORE row trigger's work, moved into the import), and inserts with
-- chorus.importing = 'bulk', which only row_1_insert's WHEN passes; everything after the insert
-- is the pipeline's, as for any message: the threads (their rows now made by the threads
-- handler when missing), their followers and the search index. private.importing() is true for
-- 'bulk' too: history, about which the pipeline tells nobody.

create or replace function private.importing()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return coalesce(current_setting('chorus.importing', true), '') in ('on', 'bulk')
    and auth.uid() is null;
end
$function$;

create or replace function private.written_threads(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_op = 'UPDATE' then
    perform private.refresh_thread(d.parent_id)
    from (
      select distinct n.parent_id
      from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
      where n.parent_id is not null and n.deleted_at is not null and o.deleted_at is null
    ) as d;
    return;
  end if;
  -- An import's batch comes numbered, without row_1_insert, which makes a thread's row for any
  -- other reply: its threads are made here.
  insert into public.threads (id, channel_id)
  select distinct q.parent_id, q.channel_id from unnest(p_new) as q where q.parent_id is not null
  on conflict (id) do nothing;
  -- One pass over the rows (an import's batch is 2,000): each thread's replies counted, and its
  -- repliers in the batch, newest first, put before those already named, three at most.
  with counts as (
    select q.parent_id, count(*)::integer as replies, max(q.thread_seq) as last_seq,
      max(q.created_at) as last_at,
      array_agg(q.author_id order by q.thread_seq desc) filter (where q.author_id is not null)
        as authors
    from unnest(p_new) as q where q.parent_id is not null group by q.parent_id
  )
  update public.threads t
  set reply_count = t.reply_count + n.replies,
    last_seq = greatest(t.last_seq, n.last_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, n.last_at), n.last_at),
    last_repliers = coalesce((
      select array_agg(x.u order by x.k) from (
        select a.u, min(a.k) as k
        from unnest(coalesce(n.authors, '{}') || t.last_repliers) with ordinality as a(u, k)
        group by a.u order by min(a.k) limit 3
      ) as x
    ), '{}')
  from counts as n
  where t.id = n.parent_id;

  insert into public.thread_members (thread_id, user_id, channel_id)
  select distinct q.parent_id, p.author_id, q.channel_id
  from unnest(p_new) as q
  join public.messages p on p.id = q.parent_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = p.author_id
  where q.parent_id is not null
  on conflict (thread_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following)
  select distinct q.parent_id, u, q.channel_id, true
  from unnest(p_new) as q, unnest(q.mentions) as u
  where q.parent_id is not null
  on conflict (thread_id, user_id) do update set following = true, updated_at = now()
  where not public.thread_members.following;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select q.parent_id, q.author_id, q.channel_id, true, max(q.thread_seq)
  from unnest(p_new) as q
  where q.parent_id is not null and q.author_id is not null
  group by q.parent_id, q.author_id, q.channel_id
  on conflict (thread_id, user_id) do update
  set following = true,
    last_read_seq = greatest(public.thread_members.last_read_seq, excluded.last_read_seq),
    updated_at = now();
end
$function$;

drop trigger row_1_insert on public.messages;
create trigger row_1_insert before insert on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_before_insert();
drop trigger messages_not_empty on public.messages;
create constraint trigger messages_not_empty after insert on public.messages
  deferrable initially immediate
  for each row when (current_setting('chorus.importing', true) is distinct from 'on'
    and current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.messages_check_not_empty();

create or replace function private.import_insert(p_import uuid, p_workspace uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, OUT messages integer, OUT files integer)
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
end
$function$;
