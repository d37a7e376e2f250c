-- Threads: replies are messages with a parent (one level, as Slack), numbered per thread.
--
-- A reply's `thread_seq` is its gap-free position in its thread, assigned under the thread row's
-- lock as a channel message's `seq` is under the channel's. A reply stays out of the channel
-- (`in_channel` false, `seq` = `thread_seq`, no channel number consumed, no channel unread)
-- unless it was also sent to the channel: then `in_channel` is true and `seq` is the channel's
-- next number, as for any channel message. Channel reads therefore take `in_channel` rows
-- (message_page does), thread reads take `parent_id = <thread>` ordered by `thread_seq`
-- (thread_page).
--
-- `threads` (one row per parent with replies, id = the parent's id) holds the summary the
-- parent shows (reply count, last repliers, last reply time, last thread_seq), kept by the
-- triggers below and broadcast on the channel's live topic. `thread_members` holds each
-- person's following flag and read position per thread (their own rows only).

-- Every message stored so far is a channel message (replies numbered in the channel before
-- this migration stay there); new replies default to their thread.
alter table public.messages
  add column thread_seq bigint,
  add column in_channel boolean not null default true;
alter table public.messages alter column in_channel set default false;

-- The channel's numbers are unique among its channel messages; a thread's among its replies.
-- The plain (channel_id, seq) index stays for reads that do not filter on in_channel.
drop index public.messages_channel_seq;
create index messages_channel_seq on public.messages (channel_id, seq desc);
create unique index messages_channel_seq_in_channel on public.messages (channel_id, seq desc)
  where in_channel;
create unique index messages_thread_seq on public.messages (parent_id, thread_seq desc)
  where parent_id is not null;

create table public.threads (
  -- The parent message's id.
  id uuid primary key references public.messages (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- Replies not deleted.
  reply_count integer not null default 0,
  -- The highest thread_seq given out (deleted replies keep theirs).
  last_seq bigint not null default 0,
  last_reply_at timestamptz,
  -- Up to three people who replied last, the latest first.
  last_repliers uuid[] not null default '{}',
  created_at timestamptz not null default now()
);

create index threads_channel on public.threads (channel_id);

create table public.thread_members (
  id uuid not null default gen_random_uuid() unique,
  thread_id uuid not null references public.threads (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  following boolean not null default true,
  last_read_seq bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (thread_id, user_id)
);

create index thread_members_user on public.thread_members (user_id, channel_id) where following;
create index thread_members_channel on public.thread_members (channel_id, user_id);

alter table public.threads enable row level security;
alter table public.thread_members enable row level security;

create policy "threads: channel members read" on public.threads
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

-- Following and read positions are private, as channel read positions are.
create policy "thread_members: your own rows" on public.thread_members
  for select to authenticated
  using (user_id = (select auth.uid()) and channel_id in (select private.member_channel_ids()));

-- Written only by the triggers and RPCs below.
revoke all on public.threads, public.thread_members from anon, authenticated;
grant select on public.threads, public.thread_members to anon, authenticated;

-- Sending, as in *_chorus_messages.sql, plus replies: the parent must be a message of the same
-- channel and not itself a reply; the reply takes the thread's next number under the thread
-- row's lock (made on the first reply), and the channel's next number only when it is also
-- sent to the channel.
create or replace function private.messages_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  ch record;
  parent record;
  thread_last bigint;
begin
  if uid is not null then
    new.author_id := coalesce(new.author_id, uid);
    if new.author_id <> uid or not private.is_channel_member(new.channel_id) then
      raise exception using errcode = '42501',
        message = 'You can only post in channels you are a member of, as yourself.';
    end if;
  end if;

  select c.archived_at, c.last_seq into ch from public.channels c where c.id = new.channel_id for no key update;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  if exists (select 1 from public.messages m where m.id = new.id) then
    return null; -- the same message again: nothing to insert
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '42501', message = 'This channel is archived; messages can no longer be sent.';
  end if;

  new.body := private.clean_body(new.body);
  new.mentions := private.checked_mentions(new.channel_id, private.mentioned_ids(new.body), '{}');
  if uid is not null or new.created_at is null then
    new.created_at := now();
  end if;
  new.edited_at := null;
  new.deleted_at := null;

  if new.parent_id is null then
    new.in_channel := true;
    new.thread_seq := null;
  else
    select p.channel_id, p.parent_id into parent from public.messages p where p.id = new.parent_id;
    if not found or parent.channel_id <> new.channel_id then
      raise exception using errcode = '22023',
        message = 'The message you reply to is not in this channel.',
        hint = 'Reply from the channel the message is in.';
    end if;
    if parent.parent_id is not null then
      raise exception using errcode = '22023',
        message = 'You cannot reply to a reply.',
        detail = format('Message %s is a reply in the thread of %s.', new.parent_id, parent.parent_id),
        hint = 'Reply in that thread instead.';
    end if;
    insert into public.threads (id, channel_id) values (new.parent_id, new.channel_id)
    on conflict (id) do nothing;
    select t.last_seq into thread_last from public.threads t where t.id = new.parent_id for no key update;
    new.in_channel := coalesce(new.in_channel, false);
    new.thread_seq := greatest(
      thread_last,
      coalesce((
        select m.thread_seq from public.messages m
        where m.parent_id = new.parent_id order by m.thread_seq desc limit 1
      ), 0)
    ) + 1;
    if not new.in_channel then
      new.seq := new.thread_seq;
      return new;
    end if;
  end if;

  new.seq := greatest(
    ch.last_seq,
    coalesce((
      select m.seq from public.messages m
      where m.channel_id = new.channel_id and m.in_channel order by m.seq desc limit 1
    ), 0)
  ) + 1;
  return new;
end
$$;

-- Once per statement, as before, for channel messages only: a reply kept in its thread moves
-- neither the channel's last_seq nor anyone's channel read position.
create or replace function private.messages_after_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.channels c
  set last_seq = greatest(c.last_seq, n.last_seq),
    last_message_at = greatest(coalesce(c.last_message_at, n.last_at), n.last_at)
  from (
    select i.channel_id, max(i.seq) as last_seq, max(i.created_at) as last_at
    from inserted i where i.in_channel group by i.channel_id
  ) as n
  where c.id = n.channel_id;
  update public.channel_members cm
  set last_read_seq = n.seq
  from (
    select i.channel_id, i.author_id, max(i.seq) as seq
    from inserted i where i.author_id is not null and i.in_channel group by i.channel_id, i.author_id
  ) as n
  where cm.channel_id = n.channel_id and cm.user_id = n.author_id and cm.last_read_seq < n.seq;
  return null;
end
$$;

-- A reply updates its thread's summary; its author has read the thread up to it, and the
-- author, the parent's author (unless they unfollowed) and everyone mentioned follow it.
create function private.messages_thread_after_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  parent_author uuid;
begin
  update public.threads t
  set reply_count = t.reply_count + 1,
    last_seq = greatest(t.last_seq, new.thread_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, new.created_at), new.created_at),
    last_repliers = case when new.author_id is null then t.last_repliers
      else (array_prepend(new.author_id, array_remove(t.last_repliers, new.author_id)))[1:3] end
  where t.id = new.parent_id;

  select p.author_id into parent_author from public.messages p where p.id = new.parent_id;
  if parent_author is not null then
    insert into public.thread_members (thread_id, user_id, channel_id)
    select new.parent_id, parent_author, new.channel_id
    where exists (
      select 1 from public.channel_members cm
      where cm.channel_id = new.channel_id and cm.user_id = parent_author
    )
    on conflict (thread_id, user_id) do nothing;
  end if;
  insert into public.thread_members (thread_id, user_id, channel_id, following)
  select new.parent_id, u, new.channel_id, true
  from unnest(new.mentions) as u
  on conflict (thread_id, user_id) do update set following = true, updated_at = now()
  where not public.thread_members.following;
  if new.author_id is not null then
    insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
    values (new.parent_id, new.author_id, new.channel_id, true, new.thread_seq)
    on conflict (thread_id, user_id) do update
    set following = true, last_read_seq = greatest(public.thread_members.last_read_seq, excluded.last_read_seq),
      updated_at = now();
  end if;
  return null;
end
$$;

create trigger messages_thread_after_insert
  after insert on public.messages
  for each row when (new.parent_id is not null)
  execute function private.messages_thread_after_insert();

-- The summary again from the replies (after a reply is deleted).
create function private.refresh_thread(p_thread_id uuid) returns void
language sql security definer set search_path = '' as $$
  update public.threads t
  set reply_count = s.reply_count, last_reply_at = s.last_reply_at, last_repliers = s.last_repliers
  from (
    select
      (select count(*)::integer from public.messages m
        where m.parent_id = p_thread_id and m.deleted_at is null) as reply_count,
      (select max(m.created_at) from public.messages m
        where m.parent_id = p_thread_id and m.deleted_at is null) as last_reply_at,
      coalesce((
        select array_agg(r.author_id order by r.last desc) from (
          select m.author_id, max(m.thread_seq) as last from public.messages m
          where m.parent_id = p_thread_id and m.deleted_at is null and m.author_id is not null
          group by m.author_id order by last desc limit 3
        ) r
      ), '{}') as last_repliers
  ) s
  where t.id = p_thread_id
$$;

create function private.messages_thread_after_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_thread(new.parent_id);
  return null;
end
$$;

create trigger messages_thread_after_update
  after update of deleted_at on public.messages
  for each row when (new.parent_id is not null and old.deleted_at is null and new.deleted_at is not null)
  execute function private.messages_thread_after_update();

-- Leaving a channel (or being removed) ends following its threads and their read positions.
create function private.channel_members_leave_threads() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.thread_members tm where tm.channel_id = old.channel_id and tm.user_id = old.user_id;
  return null;
end
$$;

create trigger channel_members_leave_threads
  after delete on public.channel_members
  for each row execute function private.channel_members_leave_threads();

-- Live: a thread's summary to its channel's topic (the replies themselves go there already, as
-- messages with parent_id and thread_seq); your following and read position to you alone.
create function private.live_threads() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:channel:' || new.channel_id::text, 'threads', tg_op, to_jsonb(new));
  return null;
end
$$;

create trigger threads_live after insert or update on public.threads
  for each row execute function private.live_threads();

create function private.live_thread_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m public.thread_members;
begin
  if tg_op = 'DELETE' then m := old; else m := new; end if;
  perform private.live_send('live:user:' || m.user_id::text, 'thread_members', tg_op, to_jsonb(m));
  return null;
end
$$;

create trigger thread_members_live after insert or update or delete on public.thread_members
  for each row execute function private.live_thread_members();

-- send_message gains p_in_channel ("also send to the channel", replies only). A retry of the
-- same id must be the same message: same channel, author and parent.
drop function public.send_message(uuid, uuid, text, jsonb, uuid);

create function public.send_message(
  p_id uuid,
  p_channel_id uuid,
  p_body text,
  p_attachments jsonb default '[]'::jsonb,
  p_parent_id uuid default null,
  p_in_channel boolean default false
) returns public.messages
language plpgsql volatile set search_path = '' as $$
declare
  m public.messages;
  a jsonb;
  files jsonb := coalesce(p_attachments, '[]'::jsonb);
begin
  if p_id is null or p_channel_id is null then
    raise exception using errcode = '22023', message = 'A message needs its id and channel.';
  end if;
  if jsonb_typeof(files) <> 'array' then
    raise exception using errcode = '22023', message = 'p_attachments must be a JSON array.';
  end if;
  if jsonb_array_length(files) > 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.';
  end if;

  select * into m from public.messages x where x.id = p_id;
  if not found then
    set constraints public.messages_not_empty deferred;
    insert into public.messages (id, channel_id, author_id, body, parent_id, in_channel)
    values (p_id, p_channel_id, (select auth.uid()), p_body, p_parent_id,
      p_parent_id is null or coalesce(p_in_channel, false))
    returning * into m;
    if found then
      for a in select value from jsonb_array_elements(files) loop
        if jsonb_typeof(a) <> 'object' or jsonb_typeof(a -> 'path') <> 'string'
          or coalesce(jsonb_typeof(a -> 'width'), 'null') not in ('number', 'null')
          or coalesce(jsonb_typeof(a -> 'height'), 'null') not in ('number', 'null') then
          raise exception using errcode = '22023',
            message = 'Each attachment needs a "path" (text), and optionally "name", "width", "height".';
        end if;
        insert into public.attachments (message_id, path, name, width, height)
        values (p_id, a ->> 'path', a ->> 'name', (a ->> 'width')::numeric::integer, (a ->> 'height')::numeric::integer);
      end loop;
    else
      select * into m from public.messages x where x.id = p_id;
    end if;
    set constraints public.messages_not_empty immediate;
  end if;

  if m.id is null or m.channel_id <> p_channel_id or m.author_id is distinct from (select auth.uid())
    or m.parent_id is distinct from p_parent_id then
    raise exception using errcode = '23505',
      message = 'Another message already has this id.', hint = 'Make a new id for a new message.';
  end if;
  return m;
end
$$;

-- The channel's page now takes channel messages only (a reply kept in its thread is not one),
-- and each message carries its thread's summary (null without replies).
drop function public.message_page(uuid, bigint, bigint, integer);

create function public.message_page(
  p_channel_id uuid,
  p_before_seq bigint default null,
  p_after_seq bigint default null,
  p_limit integer default 50
) returns table (
  id uuid,
  channel_id uuid,
  seq bigint,
  author_id uuid,
  body text,
  mentions uuid[],
  parent_id uuid,
  thread_seq bigint,
  in_channel boolean,
  created_at timestamptz,
  edited_at timestamptz,
  deleted_at timestamptz,
  reactions jsonb,
  attachments jsonb,
  thread jsonb
)
language sql stable set search_path = '' as $$
  with page as (
    (
      select m.* from public.messages m
      where p_after_seq is null and m.channel_id = p_channel_id and m.in_channel
        and m.seq < coalesce(p_before_seq, 9223372036854775807)
      order by m.seq desc
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
    union all
    (
      select m.* from public.messages m
      where p_after_seq is not null and m.channel_id = p_channel_id and m.in_channel
        and m.seq > p_after_seq
      order by m.seq
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
  )
  select page.id, page.channel_id, page.seq, page.author_id, page.body, page.mentions,
    page.parent_id, page.thread_seq, page.in_channel, page.created_at, page.edited_at,
    page.deleted_at,
    coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'emoji', r.emoji, 'user_id', r.user_id,
        'created_at', r.created_at) order by r.created_at, r.id)
      from public.reactions r where r.message_id = page.id
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'path', a.path, 'name', a.name,
        'size', a.size, 'mime_type', a.mime_type, 'width', a.width, 'height', a.height)
        order by a.created_at, a.id)
      from public.attachments a where a.message_id = page.id
    ), '[]'::jsonb),
    (select to_jsonb(t) from public.threads t where t.id = page.id)
  from page
  order by page.seq
$$;

-- A page of a thread's replies, oldest first, by thread_seq: the latest p_limit before
-- p_before_seq (default: the newest), or with p_after_seq the first p_limit after it (catching
-- up after a reconnect). Same columns as message_page (thread: null). Runs as the caller, so
-- only a reader of the channel gets rows.
create function public.thread_page(
  p_thread_id uuid,
  p_before_seq bigint default null,
  p_after_seq bigint default null,
  p_limit integer default 50
) returns table (
  id uuid,
  channel_id uuid,
  seq bigint,
  author_id uuid,
  body text,
  mentions uuid[],
  parent_id uuid,
  thread_seq bigint,
  in_channel boolean,
  created_at timestamptz,
  edited_at timestamptz,
  deleted_at timestamptz,
  reactions jsonb,
  attachments jsonb,
  thread jsonb
)
language sql stable set search_path = '' as $$
  with page as (
    (
      select m.* from public.messages m
      where p_after_seq is null and m.parent_id = p_thread_id
        and m.thread_seq < coalesce(p_before_seq, 9223372036854775807)
      order by m.thread_seq desc
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
    union all
    (
      select m.* from public.messages m
      where p_after_seq is not null and m.parent_id = p_thread_id and m.thread_seq > p_after_seq
      order by m.thread_seq
      limit least(greatest(coalesce(p_limit, 50), 1), 200)
    )
  )
  select page.id, page.channel_id, page.seq, page.author_id, page.body, page.mentions,
    page.parent_id, page.thread_seq, page.in_channel, page.created_at, page.edited_at,
    page.deleted_at,
    coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'emoji', r.emoji, 'user_id', r.user_id,
        'created_at', r.created_at) order by r.created_at, r.id)
      from public.reactions r where r.message_id = page.id
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'path', a.path, 'name', a.name,
        'size', a.size, 'mime_type', a.mime_type, 'width', a.width, 'height', a.height)
        order by a.created_at, a.id)
      from public.attachments a where a.message_id = page.id
    ), '[]'::jsonb),
    null::jsonb
  from page
  order by page.thread_seq
$$;

-- The thread of a message the caller can read: the parent must be a channel message.
create function private.require_thread_parent(p_thread_id uuid) returns public.messages
language plpgsql stable security definer set search_path = '' as $$
declare
  m public.messages;
begin
  select x.* into m from public.messages x
  where x.id = p_thread_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  if m.parent_id is not null then
    raise exception using errcode = '22023',
      message = 'A reply has no thread of its own.', hint = 'Use the thread it is in.';
  end if;
  return m;
end
$$;

-- Follows (p_follow true) or unfollows a thread; returns whether you follow it now.
create function public.follow_thread(p_thread_id uuid, p_follow boolean default true)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_thread_parent(p_thread_id);
  on_now boolean := coalesce(p_follow, true);
begin
  insert into public.threads (id, channel_id) values (m.id, m.channel_id) on conflict (id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select m.id, uid, m.channel_id, on_now, t.last_seq from public.threads t where t.id = m.id
  on conflict (thread_id, user_id) do update set following = excluded.following, updated_at = now()
  where public.thread_members.following <> excluded.following;
  return on_now;
end
$$;

-- Moves your read position in a thread forward (default: to its latest reply); returns it.
create function public.mark_thread_read(p_thread_id uuid, p_seq bigint default null)
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_thread_parent(p_thread_id);
  last bigint;
  pos bigint;
begin
  select t.last_seq into last from public.threads t where t.id = m.id;
  if last is null then
    return 0;
  end if;
  pos := least(greatest(coalesce(p_seq, last), 0), last);
  insert into public.thread_members as tm (thread_id, user_id, channel_id, following, last_read_seq)
  values (m.id, uid, m.channel_id, false, pos)
  on conflict (thread_id, user_id) do update set last_read_seq = excluded.last_read_seq, updated_at = now()
  where tm.last_read_seq < excluded.last_read_seq;
  select tm.last_read_seq into pos from public.thread_members tm where tm.thread_id = m.id and tm.user_id = uid;
  return pos;
end
$$;

-- The Threads view: the threads you follow in a workspace's channels you are in, those with
-- unread replies first, then the latest reply first; each with its parent and unread count.
create function public.threads(p_workspace_id uuid, p_limit integer default 50)
returns table (
  id uuid,
  channel_id uuid,
  channel_name text,
  channel_kind public.channel_kind,
  parent jsonb,
  reply_count integer,
  last_seq bigint,
  last_reply_at timestamptz,
  last_repliers uuid[],
  last_read_seq bigint,
  unread_count bigint
)
language sql stable security definer set search_path = '' as $$
  select t.id, t.channel_id, c.name, c.kind,
    jsonb_build_object('id', p.id, 'author_id', p.author_id, 'body', p.body, 'seq', p.seq,
      'created_at', p.created_at, 'edited_at', p.edited_at, 'deleted_at', p.deleted_at),
    t.reply_count, t.last_seq, t.last_reply_at, t.last_repliers, tm.last_read_seq,
    greatest(t.last_seq - tm.last_read_seq, 0)
  from public.thread_members tm
  join public.channel_members cm on cm.channel_id = tm.channel_id and cm.user_id = tm.user_id
  join public.channels c on c.id = tm.channel_id
  join public.threads t on t.id = tm.thread_id
  join public.messages p on p.id = t.id
  where tm.user_id = (select auth.uid()) and tm.following and c.workspace_id = p_workspace_id
  order by (t.last_seq > tm.last_read_seq) desc, t.last_reply_at desc nulls last, t.id
  limit least(greatest(coalesce(p_limit, 50), 1), 500)
$$;

-- The workspace switcher's unread total counts unread replies of followed threads too.
create or replace function public.my_workspaces()
returns table (
  id uuid,
  name text,
  slug text,
  role public.workspace_role,
  joined_at timestamptz,
  created_at timestamptz,
  unread_count bigint
)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, w.slug, wm.role, wm.joined_at, w.created_at,
    coalesce((
      select sum(greatest(c.last_seq - cm.last_read_seq, 0))
      from public.channel_members cm join public.channels c on c.id = cm.channel_id
      where cm.user_id = wm.user_id and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint
    + coalesce((
      select sum(greatest(t.last_seq - tm.last_read_seq, 0))
      from public.thread_members tm
      join public.channel_members cm on cm.channel_id = tm.channel_id and cm.user_id = tm.user_id
      join public.channels c on c.id = tm.channel_id
      join public.threads t on t.id = tm.thread_id
      where tm.user_id = wm.user_id and tm.following and c.workspace_id = w.id and c.archived_at is null
    ), 0)::bigint
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
  order by lower(w.name), w.id
$$;

-- Who may call the new functions (as *_chorus_grants.sql for the earlier ones).
revoke all on function private.messages_thread_after_insert(), private.refresh_thread(uuid),
  private.messages_thread_after_update(), private.channel_members_leave_threads(),
  private.live_threads(), private.live_thread_members(), private.require_thread_parent(uuid)
  from public, anon;
grant execute on function private.messages_thread_after_insert(), private.refresh_thread(uuid),
  private.messages_thread_after_update(), private.channel_members_leave_threads(),
  private.require_thread_parent(uuid)
  to authenticated, service_role;
revoke all on function private.live_threads(), private.live_thread_members()
  from authenticated, service_role;
revoke all on function
  public.send_message(uuid, uuid, text, jsonb, uuid, boolean),
  public.message_page(uuid, bigint, bigint, integer),
  public.thread_page(uuid, bigint, bigint, integer),
  public.follow_thread(uuid, boolean),
  public.mark_thread_read(uuid, bigint),
  public.threads(uuid, integer)
  from public, anon;
grant execute on function
  public.send_message(uuid, uuid, text, jsonb, uuid, boolean),
  public.message_page(uuid, bigint, bigint, integer),
  public.thread_page(uuid, bigint, bigint, integer),
  public.follow_thread(uuid, boolean),
  public.mark_thread_read(uuid, bigint),
  public.threads(uuid, integer)
  to authenticated, service_role;
