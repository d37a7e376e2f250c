-- Issue 70, item 1's end: the import's session flag goes. private.importing() and the
-- transaction-local setting chorus.importing are removed; what the import writes to other tables
-- says on the row that it is history, as its messages do (messages.import_id, 20261217120000).
--
-- import_id, the import that wrote the row, on the import's rows of workspace_members, channels,
-- channel_members, reactions, attachments, message_forwards, channel_posting and channel_posters,
-- and on the rows the pipeline's handlers write for history: threads and thread_members
-- (written_threads), a channel's numbers and its authors' read marks (written_message_numbers),
-- each the history's import_id (null when the statement's messages are told: a message told
-- clears it). A signed-in person cannot set it: it is outside the columns `authenticated` may
-- insert (the tables' update grants were column lists already); only code outside a request
-- writes it, as messages.import_id.
--
-- Who is told (private.import_quiet): a row inserted with its import_id is history and tells
-- nobody; an update or delete of a row whose import_id names an import still under way, outside
-- a request, is the import's (its finish, its undo) and tells nobody either. Everything else tells
-- as always: a person's write, the same write once the import is done. Quiet where the flag was:
-- the live triggers of channels, channel members, workspace members, threads, thread members,
-- a channel's content (reactions, files, forwards, who may post) and a reaction's author (the
-- generic sender private.live_send decides nothing now), the audit of channels, who may post and
-- members, and outgoing events of members and reactions.
--
-- (No foreign key: a row's import goes with its workspace; a key would cost a lookup per row.)
alter table public.workspace_members add column import_id uuid;
alter table public.channels add column import_id uuid;
alter table public.channel_members add column import_id uuid;
alter table public.reactions add column import_id uuid;
alter table public.attachments add column import_id uuid;
alter table public.message_forwards add column import_id uuid;
alter table public.channel_posting add column import_id uuid;
alter table public.channel_posters add column import_id uuid;
alter table public.threads add column import_id uuid;
alter table public.thread_members add column import_id uuid;

-- A signed-in person inserts every column but import_id (as before, less that one).
do $$
declare
  t text;
begin
  foreach t in array array['workspace_members', 'channels', 'channel_members', 'reactions',
    'attachments']
  loop
    execute format('revoke insert on table public.%I from authenticated', t);
    execute format('grant insert (%s) on table public.%I to authenticated', (
      select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
      from pg_attribute a
      where a.attrelid = format('public.%I', t)::regclass and a.attnum > 0
        and not a.attisdropped and a.attname <> 'import_id'
    ), t);
  end loop;
end
$$;

-- Whether a write of a row with this import_id tells nobody: an insert of history, or an update
-- or delete by an import under way (outside a request).
create function private.import_quiet(p_op text, p_import uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_import is not null and (p_op = 'INSERT' or (
    (select auth.uid()) is null
    and exists (select 1 from public.imports i
      where i.id = p_import and i.status in ('queued', 'running'))))
$$;
revoke all on function private.import_quiet(text, uuid) from public;

CREATE OR REPLACE FUNCTION private.live_channel_content()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  row_data jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
begin
  if private.import_quiet(tg_op, (row_data ->> 'import_id')::uuid) then
    return null;
  end if;
  perform private.live_send(
    'live:channel:' || (row_data ->> 'channel_id'), tg_table_name, tg_op, row_data
  );
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_reaction_to_author()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.import_quiet(tg_op, new.import_id) then
    return null;
  end if;
  perform private.live_send('live:user:' || m.author_id::text, 'activity', 'INSERT',
    jsonb_build_object('kind', 'reaction', 'workspace_id', cm.workspace_id,
      'channel_id', m.channel_id, 'message_id', m.id))
  from public.messages m
  join public.channel_members cm on cm.channel_id = m.channel_id and cm.user_id = m.author_id
  where m.id = new.message_id and m.author_id <> new.user_id;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_threads()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.import_quiet(tg_op, new.import_id) then
    return null;
  end if;
  perform private.live_send('live:channel:' || new.channel_id::text, 'threads', tg_op, to_jsonb(new));
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_thread_members()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.thread_members;
begin
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  if private.import_quiet(tg_op, m.import_id) then
    return null;
  end if;
  perform private.live_send('live:user:' || m.user_id::text, 'thread_members', tg_op, to_jsonb(m));
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_workspace_members()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.workspace_members;
begin
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  if private.import_quiet(tg_op, m.import_id) then
    return null;
  end if;
  perform private.live_send('live:workspace:' || m.workspace_id::text, 'workspace_members', tg_op, to_jsonb(m));
  perform private.live_send('live:user:' || m.user_id::text, 'workspace_members', tg_op, to_jsonb(m));
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_channels()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ch public.channels;
  v_record jsonb;
  v_members int;
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  if tg_op = 'DELETE' then ch := old; else ch := new; end if;
  v_record := to_jsonb(ch);
  if tg_op = 'UPDATE' and new.last_seq > old.last_seq then
    v_record := v_record || jsonb_build_object(
      'from_seq', old.last_seq,
      'new_messages', case when new.last_seq - old.last_seq <= 20 then (
        select coalesce(jsonb_agg(jsonb_build_object(
          'seq', m.seq,
          'author_id', m.author_id,
          'mentions', case when cardinality(m.mentions) <= 100 then to_jsonb(m.mentions) end
        ) order by m.seq), '[]'::jsonb)
        from public.messages m
        where m.channel_id = new.id and m.in_channel
          and m.seq > old.last_seq and m.seq <= new.last_seq
      ) end
    );
    if ch.kind = 'public' then
      select count(*) into v_members
      from (select 1 from public.channel_members cm where cm.channel_id = ch.id limit 101) x;
      if v_members <= 100 and (
        select count(*) >= 4 * v_members
        from (
          select 1 from public.workspace_members wm
          where wm.workspace_id = ch.workspace_id and wm.left_at is null
          limit 4 * v_members
        ) x
      ) then
        perform private.live_send_to_members(ch.id, 'channels', tg_op, v_record);
        return null;
      end if;
    end if;
  end if;
  if ch.kind = 'public' then
    perform private.live_send('live:workspace:' || ch.workspace_id::text, 'channels', tg_op, v_record);
    perform private.live_send('live:user:' || g::text, 'channels', tg_op, v_record)
    from private.guests_of_channel(ch.id) g;
  else
    perform private.live_send_to_members(ch.id, 'channels', tg_op, v_record);
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_channel_members()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.channel_members;
  kind public.channel_kind;
  roster jsonb;
  mine jsonb;
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  mine := to_jsonb(m);
  if tg_op <> 'DELETE' then
    mine := mine || coalesce((
      select jsonb_build_object(
        'last_seq', c.last_seq,
        'unread_count', greatest(c.last_seq - m.last_read_seq, 0),
        'mention_count', (
          select count(*) from (
            select 1 from public.messages x
            where x.channel_id = c.id and x.in_channel
              and x.seq > greatest(m.last_read_seq, c.last_seq - 1000)
              and x.mentions @> array[m.user_id] and x.deleted_at is null
          ) as mentioned
        ),
        'channel', case when tg_op = 'INSERT' then jsonb_build_object(
          'id', c.id, 'workspace_id', c.workspace_id, 'kind', c.kind, 'name', c.name,
          'topic', c.topic, 'is_default', c.is_default, 'created_by', c.created_by,
          'created_at', c.created_at, 'archived_at', c.archived_at, 'last_seq', c.last_seq,
          'last_message_at', c.last_message_at
        ) end
      )
      from public.channels c where c.id = m.channel_id
    ), '{}'::jsonb);
  end if;
  perform private.live_send('live:user:' || m.user_id::text, 'channel_members', tg_op, mine);
  if tg_op = 'UPDATE' then
    return null;
  end if;
  roster := jsonb_build_object('channel_id', m.channel_id, 'user_id', m.user_id, 'joined_at', m.joined_at);
  select c.kind into kind from public.channels c where c.id = m.channel_id;
  if kind = 'public' then
    perform private.live_send('live:workspace:' || m.workspace_id::text, 'channel_roster', tg_op, roster);
    perform private.live_send('live:user:' || g::text, 'channel_roster', tg_op, roster)
    from private.guests_of_channel(m.channel_id) g
    where g <> m.user_id;
  elsif kind is not null then
    perform private.live_send_to_members(m.channel_id, 'channel_roster', tg_op, roster, m.user_id);
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_send(p_topic text, p_table text, p_operation text, p_record jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if pg_trigger_depth() = 0 then
    raise exception using errcode = '42501', message = 'Live events are sent by the database only.', detail = 'live_send_not_allowed';
  end if;
  perform realtime.send(
    jsonb_build_object('table', p_table, 'operation', p_operation, 'record', p_record),
    p_operation, p_topic, true
  );
end
$function$;

CREATE OR REPLACE FUNCTION private.audit_channel_posting()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_channel uuid := case when tg_op = 'DELETE' then old.channel_id else new.channel_id end;
  v_workspace uuid := case when tg_op = 'DELETE' then old.workspace_id else new.workspace_id end;
  v_name text := (select c.name from public.channels c where c.id = v_channel);
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) or v_name is null then
    return null;
  end if;
  if tg_table_name = 'channel_posters' then
    perform private.audit(v_workspace,
      case when tg_op = 'DELETE' then 'channel.poster_removed' else 'channel.poster_added' end,
      'channel', v_channel::text, v_name,
      jsonb_build_object('user_id', case when tg_op = 'DELETE' then old.user_id else new.user_id end,
        'user_name', (select p.display_name from public.profiles p
          where p.id = case when tg_op = 'DELETE' then old.user_id else new.user_id end)));
  else
    perform private.audit(v_workspace, 'channel.posting_changed', 'channel', v_channel::text,
      v_name, jsonb_build_object(
        'from', case when tg_op = 'INSERT' then 'everyone' else old.who end,
        'to', case when tg_op = 'DELETE' then 'everyone' else new.who end,
        'replies', case when tg_op = 'DELETE' then true else new.replies end));
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.audit_channels()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  if coalesce(new.kind, old.kind) = 'dm' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'channel.created', 'channel', new.id::text, new.name,
      jsonb_build_object('kind', new.kind));
  elsif tg_op = 'DELETE' then
    if exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
      perform private.audit(old.workspace_id, 'channel.deleted', 'channel', old.id::text, old.name);
    end if;
  else
    if new.name is distinct from old.name then
      perform private.audit(new.workspace_id, 'channel.renamed', 'channel', new.id::text, new.name,
        jsonb_build_object('from', old.name, 'to', new.name));
    end if;
    if new.kind is distinct from old.kind then
      perform private.audit(new.workspace_id, 'channel.privacy_changed', 'channel', new.id::text,
        new.name, jsonb_build_object('from', old.kind, 'to', new.kind));
    end if;
    if old.archived_at is null and new.archived_at is not null then
      perform private.audit(new.workspace_id, 'channel.archived', 'channel', new.id::text, new.name);
    elsif old.archived_at is not null and new.archived_at is null then
      perform private.audit(new.workspace_id, 'channel.unarchived', 'channel', new.id::text,
        new.name);
    end if;
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.audit_workspace_members()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_label text := private.person_label(coalesce(new.user_id, old.user_id));
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.audit(new.workspace_id, 'member.joined', 'person', new.user_id::text, v_label,
      jsonb_build_object('role', new.role));
  elsif tg_op = 'DELETE' then
    if exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
      perform private.audit(old.workspace_id, 'member.removed', 'person', old.user_id::text,
        v_label, jsonb_build_object('role', old.role));
    end if;
  else
    if old.left_at is null and new.left_at is not null then
      perform private.audit(new.workspace_id,
        case when new.user_id = auth.uid() then 'member.left' else 'member.removed' end,
        'person', new.user_id::text, v_label, jsonb_build_object('role', old.role));
    elsif old.left_at is not null and new.left_at is null then
      perform private.audit(new.workspace_id, 'member.rejoined', 'person', new.user_id::text,
        v_label, jsonb_build_object('role', new.role));
    end if;
    if new.role is distinct from old.role then
      perform private.audit(new.workspace_id, 'member.role_changed', 'person', new.user_id::text,
        v_label, jsonb_build_object('from', old.role, 'to', new.role));
    end if;
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.channel_members_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.channels;
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  select * into c from public.channels x where x.id = new.channel_id;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = c.workspace_id) then
    return null;
  end if;
  perform private.queue_event(c.workspace_id, c.id, 'member_joined_channel',
    jsonb_build_object('type', 'member_joined_channel', 'user', new.user_id, 'channel', c.id,
      'channel_type', case when c.kind = 'public' then 'C' else 'G' end,
      'team', c.workspace_id, 'event_ts', private.slack_ts(clock_timestamp())));
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.reactions_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
  ws uuid;
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  select c.workspace_id into ws from public.channels c where c.id = new.channel_id;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = ws) then
    return null;
  end if;
  select * into m from public.messages x where x.id = new.message_id;
  perform private.queue_event(ws, new.channel_id, 'reaction_added',
    jsonb_strip_nulls(jsonb_build_object('type', 'reaction_added', 'user', new.user_id,
      'reaction', private.slack_emoji_name(new.emoji),
      'item_user', m.author_id,
      'item', jsonb_build_object('type', 'message', 'channel', new.channel_id,
        'ts', private.slack_ts(m.created_at)),
      'event_ts', private.slack_ts(new.created_at))));
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.workspace_members_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p public.profiles;
begin
  if private.import_quiet(tg_op, case when tg_op = 'DELETE' then old.import_id else new.import_id end) then
    return null;
  end if;
  if new.left_at is not null
    or (tg_op = 'UPDATE' and old.left_at is null) then
    return null;
  end if;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = new.workspace_id) then
    return null;
  end if;
  select * into p from public.profiles x where x.id = new.user_id;
  perform private.queue_event(new.workspace_id, null, 'team_join',
    jsonb_build_object('type', 'team_join',
      'user', jsonb_build_object('id', new.user_id, 'team_id', new.workspace_id,
        'name', p.display_name, 'real_name', p.display_name, 'deleted', false,
        'is_admin', new.role in ('owner', 'admin'), 'is_owner', new.role = 'owner',
        'is_bot', false, 'profile', jsonb_build_object('display_name', p.display_name,
          'real_name', p.display_name)),
      'event_ts', private.slack_ts(clock_timestamp())));
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.written_threads(p_op text, p_new public.messages[], p_old public.messages[])
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
  -- (a thread's row written for history says so: its import_id, the history's)
  insert into public.threads (id, channel_id, import_id)
  select distinct q.parent_id, q.channel_id, q.import_id from unnest(p_new) as q where q.parent_id is not null
  on conflict (id) do nothing;
  -- One pass over the rows (an import's batch is 2,000): each thread's replies counted, and its
  -- repliers in the batch, newest first, put before those already named, three at most.
  with counts as (
    select q.parent_id, count(*)::integer as replies, max(q.thread_seq) as last_seq,
      max(q.created_at) as last_at,
      array_agg(q.author_id order by q.thread_seq desc) filter (where q.author_id is not null)
        as authors,
      case when bool_and(q.import_id is not null) then (array_agg(q.import_id))[1] end as import_id
    from unnest(p_new) as q where q.parent_id is not null group by q.parent_id
  )
  update public.threads t
  set import_id = n.import_id,
    reply_count = t.reply_count + n.replies,
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

  insert into public.thread_members (thread_id, user_id, channel_id, import_id)
  select distinct q.parent_id, p.author_id, q.channel_id, q.import_id
  from unnest(p_new) as q
  join public.messages p on p.id = q.parent_id
  join public.channel_members cm on cm.channel_id = q.channel_id and cm.user_id = p.author_id
  where q.parent_id is not null
  on conflict (thread_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, import_id)
  select distinct q.parent_id, u, q.channel_id, true, q.import_id
  from unnest(p_new) as q, unnest(q.mentions) as u
  where q.parent_id is not null
  on conflict (thread_id, user_id) do update set following = true, updated_at = now(),
    import_id = excluded.import_id
  where not public.thread_members.following;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq,
    import_id)
  select q.parent_id, q.author_id, q.channel_id, true, max(q.thread_seq), q.import_id
  from unnest(p_new) as q
  where q.parent_id is not null and q.author_id is not null
  group by q.parent_id, q.author_id, q.channel_id, q.import_id
  on conflict (thread_id, user_id) do update
  set following = true, import_id = excluded.import_id,
    last_read_seq = greatest(public.thread_members.last_read_seq, excluded.last_read_seq),
    updated_at = now();
end
$function$;

CREATE OR REPLACE FUNCTION private.written_message_numbers(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  -- (a channel's and a membership's numbers moved by history say so: their import_id, the
  -- history's; a message told clears it)
  update public.channels c
  set import_id = n.import_id,
    last_seq = greatest(c.last_seq, n.last_seq),
    last_message_at = greatest(coalesce(c.last_message_at, n.last_at), n.last_at)
  from (
    select i.channel_id, max(i.seq) as last_seq, max(i.created_at) as last_at,
      case when bool_and(i.import_id is not null) then (array_agg(i.import_id))[1] end as import_id
    from unnest(p_new) as i where i.in_channel group by i.channel_id
  ) as n
  where c.id = n.channel_id;
  update public.channel_members cm
  set last_read_seq = n.seq, import_id = n.import_id
  from (
    select i.channel_id, i.author_id, max(i.seq) as seq,
      case when bool_and(i.import_id is not null) then (array_agg(i.import_id))[1] end as import_id
    from unnest(p_new) as i where i.author_id is not null and i.in_channel
    group by i.channel_id, i.author_id
  ) as n
  where cm.channel_id = n.channel_id and cm.user_id = n.author_id and cm.last_read_seq < n.seq;
end
$function$;

CREATE OR REPLACE FUNCTION private.import_people(p_import uuid, p_people jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v public.imports := private.import_lock(p_import);
  p record;
  v_id uuid;
  v_created boolean;
  v_added boolean;
begin
  if v.id is null then
    return -1;
  end if;
  for p in
    select distinct on (x.slack_id) x.slack_id, x.name, nullif(lower(btrim(coalesce(x.email, ''))), '') as email,
      coalesce(x.active, true) as active
    from jsonb_to_recordset(coalesce(p_people, '[]')) as x(slack_id text, name text, email text, active boolean)
    where coalesce(x.slack_id, '') <> ''
      and not exists (select 1 from private.import_people ip
        where ip.import_id = p_import and ip.slack_id = x.slack_id)
    order by x.slack_id
  loop
    select ph.profile_id into v_id from private.import_placeholders ph
    where ph.workspace_id = v.workspace_id and ph.slack_id = left(p.slack_id, 200);
    v_created := v_id is null;
    if v_created then
      v_id := gen_random_uuid();
      insert into public.profiles (id, display_name, is_placeholder)
      values (v_id, private.display_name_for(jsonb_build_object('display_name', p.name), p.email), true);
      insert into private.import_placeholders (profile_id, workspace_id, import_id, slack_id, email, active)
      values (v_id, v.workspace_id, p_import, left(p.slack_id, 200), left(p.email, 254), p.active);
    end if;
    insert into public.workspace_members (workspace_id, user_id, role, left_at, import_id)
    values (v.workspace_id, v_id, 'member', case when p.active then null else now() end, p_import)
    on conflict (workspace_id, user_id) do nothing;
    v_added := found;
    insert into private.import_people (import_id, slack_id, user_id, created, added)
    values (p_import, p.slack_id, v_id, v_created, v_added)
    on conflict (import_id, slack_id) do nothing;
  end loop;
  update public.imports i
  set people = (select count(distinct ip.user_id) from private.import_people ip where ip.import_id = p_import),
    heartbeat_at = now(), checkpoint = jsonb_build_object('phase', 'channels')
  where i.id = p_import;
  return 0;
end
$function$;

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
  insert into public.channels (id, workspace_id, kind, name, dm_key, created_by, created_at, import_id)
  select c.id, v.workspace_id, case when c.kind = 'dm' then 'dm' else 'private' end::public.channel_kind,
    case when c.kind = 'dm' then null else 'import-' || c.id::text end,
    case when c.kind = 'dm' then 'import:' || c.id::text end,
    c.created_by, coalesce(c.created_at, now()), p_import
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
  -- (its rows of other tables say they are history too, by their import_id, and tell nobody; so
  -- do the threads, followers and channel numbers the pipeline writes for history)
  -- The batch through the one pipeline, history by its import_id (kept, numbered, threaded,
  -- indexed; nobody told), checked and numbered at once by the pipeline's own insert of history.
  messages := private.messages_insert_history(p_import, p_rows);

  insert into public.reactions (message_id, user_id, emoji, import_id)
  select r.message_id, r.user_id, r.emoji, p_import
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
  insert into public.attachments (message_id, path, name, import_id)
  select f.message_id, f.path, f.name, p_import
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
    source_author_id, source_author_name, source_created_at, body, created_at, files, import_id)
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
      order by a.created_at, a.id) from public.attachments a where a.message_id = src.id), '[]'::jsonb),
    p_import
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
  select coalesce(jsonb_object_agg(ch.id, ch.last_seq), '{}') into v_before
  from public.channels ch
  where ch.id in (select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and ic.existing);
  for s in select st.* from private.import_staged st where st.import_id = p_import order by st.batch loop
    perform private.import_insert(p_import, v.workspace_id, s.rows, s.reactions, s.files);
  end loop;
  delete from private.import_staged st where st.import_id = p_import;
  update public.channel_members cm set last_read_seq = ch.last_seq, import_id = p_import
  from public.channels ch
  where cm.channel_id = ch.id and v_before ? ch.id::text
    and cm.last_read_seq >= (v_before ->> ch.id::text)::bigint;
  for c in select ic.* from private.import_channels ic where ic.import_id = p_import order by ic.slack_id loop
    if c.existing then
      insert into public.channel_members (channel_id, user_id, import_id)
      select c.channel_id, u, p_import from unnest(c.members) u
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
        update public.channels x set dm_key = v_key, import_id = p_import where x.id = c.channel_id;
      end if;
    else
      v_name := private.import_free_name(v.workspace_id, c.channel_id, c.name);
      update public.channels x set name = v_name, kind = c.kind, import_id = p_import,
        topic = left(private.clean_line(c.topic, 'Topic', 250, true), 250)
      where x.id = c.channel_id;
    end if;
    insert into public.channel_members (channel_id, user_id, import_id)
    select c.channel_id, u, p_import from unnest(c.members) u
    join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = u
      and wm.left_at is null
    on conflict (channel_id, user_id) do nothing;
    if c.archived and c.kind <> 'dm' then
      update public.channels x set archived_at = now(), import_id = p_import where x.id = c.channel_id;
    end if;
  end loop;
  -- Who may post (a Chorus export's announcement channels), set once the history is in, on the
  -- channels the import made (a channel that was there keeps its own setting).
  insert into public.channel_posting (channel_id, workspace_id, who, replies, import_id)
  select ic.channel_id, v.workspace_id, ic.posting ->> 'who',
    coalesce(case when jsonb_typeof(ic.posting -> 'replies') = 'boolean'
      then (ic.posting ->> 'replies')::boolean end, true), p_import
  from private.import_channels ic
  join public.channels ch on ch.id = ic.channel_id and ch.kind <> 'dm'
  where ic.import_id = p_import and not ic.existing and ic.posting is not null
  on conflict (channel_id) do nothing;
  insert into public.channel_posters (channel_id, workspace_id, user_id, import_id)
  select distinct ic.channel_id, v.workspace_id, wm.user_id, p_import
  from private.import_channels ic
  cross join lateral jsonb_array_elements_text(case when jsonb_typeof(ic.posting -> 'people') = 'array'
    then ic.posting -> 'people' else '[]'::jsonb end) x(person)
  join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id::text = x.person
  join public.channel_posting cp on cp.channel_id = ic.channel_id
  where ic.import_id = p_import and not ic.existing and ic.posting ->> 'who' = 'listed'
  on conflict (channel_id, user_id) do nothing;
  insert into public.channel_members (channel_id, user_id, import_id)
  select distinct dc.id, ip.user_id, p_import
  from private.import_people ip
  join public.channels dc on dc.workspace_id = v.workspace_id and dc.is_default
  join public.workspace_members wm on wm.workspace_id = v.workspace_id and wm.user_id = ip.user_id
    and wm.left_at is null
  where ip.import_id = p_import
  on conflict (channel_id, user_id) do nothing;
  -- the threads of the channels it made are read (those of channels that were there are as
  -- their members left them)
  update public.thread_members tm set last_read_seq = t.last_seq, import_id = p_import
  from public.threads t
  where tm.thread_id = t.id
    and t.channel_id in (select ic.channel_id from private.import_channels ic
      where ic.import_id = p_import and not ic.existing);
  update public.imports i
  set status = 'done', finished_at = now(), heartbeat_at = now(),
    report = i.report || coalesce(p_report, '[]'), checkpoint = jsonb_build_object('phase', 'done')
  where i.id = p_import
  returning * into v;
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
  perform private.audit(v.workspace_id, 'import.' || p_status, 'import', v.id::text,
    split_part(v.source_path, '/', 2),
    jsonb_strip_nulls(jsonb_build_object('error', p_error, 'messages', v.messages_done)));
  perform private.kick_retention_files();
  return v;
end
$function$;

drop function private.importing();
