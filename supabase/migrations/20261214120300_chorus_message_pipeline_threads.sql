-- The pipeline's threads handler in one pass over the statement's rows: the thread's last three
-- repliers were worked out with a subquery over all the rows for each thread, which an import's
-- batch of 2,000 rows and hundreds of threads made the import's slowest part.
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

-- The search handler folds a new message's body alone, as the import did: a new message has no
-- files yet (their own trigger refolds it when they come).
create or replace function private.written_search(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_op = 'INSERT' then
    insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
    -- a new message has no files yet (send_message adds them after it; their trigger refolds)
    select n.id, c.workspace_id, n.channel_id, n.created_at, private.search_fold(n.body)
    from unnest(p_new) as n
    join public.channels c on c.id = n.channel_id
    where n.deleted_at is null
    on conflict (message_id) do nothing;
    return;
  end if;
  delete from private.message_search s
  using unnest(p_new) as n
  where s.message_id = n.id and n.deleted_at is not null;
  update private.message_search s set folded = private.search_text(n.id, n.body)
  from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where s.message_id = n.id and n.deleted_at is null and n.body is distinct from o.body;
end
$function$;
