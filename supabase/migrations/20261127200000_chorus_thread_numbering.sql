-- One numbering per meaning. Until now a reply kept in its thread stored its thread number in
-- `seq` too (`seq` = `thread_seq`), the column that otherwise holds channel positions, so every
-- query on (channel_id, seq) that forgot `in_channel` mixed the two: channel_list()'s and
-- workspace_badges()' mention counts counted thread replies by their thread number as if it were
-- a place in the channel (a mention deep in a thread raised a channel badge that reading the
-- channel never cleared).
--
-- From here on `seq` is a channel position and nothing else: a reply kept in its thread has no
-- `seq` (null) and is numbered by `thread_seq` alone; a channel message (a reply also sent to the
-- channel included) has its `seq`. The check constraint ties `seq` to `in_channel`, so the two
-- numberings cannot be confused again; (channel_id, seq) is unique over the rows that have one.
-- Rows change here: existing thread-only replies lose the copy of their thread number.

alter table public.messages alter column seq drop not null;

-- The data, without the triggers: the before-update trigger keeps `seq` as it was (a message's
-- place never changes by an update), and the rows must not be broadcast or re-indexed again.
alter table public.messages disable trigger user;
update public.messages set seq = null where not in_channel and seq is not null;
alter table public.messages enable trigger user;

alter table public.messages
  add constraint messages_seq_in_channel check (
    (seq is not null) = in_channel and (in_channel or thread_seq is not null)
  );

drop index public.messages_channel_seq_in_channel;
drop index public.messages_channel_seq;
create unique index messages_channel_seq on public.messages (channel_id, seq desc);

-- Sending: a reply kept in its thread takes its thread's next number and no channel number.
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
      new.seq := null;
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

-- The email queue's `seq` is the number the message is read by: its thread's for a reply kept
-- in its thread (thread_id set), else the channel's; due_notification_emails() compares it with
-- the matching read position, unchanged.
create or replace function private.messages_queue_emails() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Tests only (the e2e set-up): a delay in seconds for every workspace.
  delay_seconds integer := (
    select value::integer from private.notification_config where name = 'email_delay_seconds'
  );
begin
  if new.deleted_at is not null then
    return null;
  end if;
  insert into private.email_queue (user_id, workspace_id, channel_id, message_id, thread_id, seq,
    due_at)
  select cm.user_id, c.workspace_id, c.id, new.id,
    case when new.in_channel then null else new.parent_id end,
    case when new.in_channel then new.seq else new.thread_seq end,
    now() + coalesce(make_interval(secs => delay_seconds),
      make_interval(mins => w.email_delay_minutes))
  from public.channels c
  join public.workspaces w on w.id = c.workspace_id
  join public.channel_members cm on cm.channel_id = c.id
  where c.id = new.channel_id and cm.user_id <> new.author_id and not cm.muted
    and (c.kind = 'dm' or cm.user_id = any (new.mentions))
  on conflict on constraint email_queue_once do nothing;
  return null;
end
$$;

-- Mention counts: channel messages after my read position only (a reply kept in its thread has
-- no channel position; it is counted by its thread).
create or replace function public.channel_list(p_workspace_id uuid)
returns table (
  id uuid,
  workspace_id uuid,
  kind public.channel_kind,
  name text,
  topic text,
  is_default boolean,
  created_by uuid,
  created_at timestamptz,
  archived_at timestamptz,
  last_seq bigint,
  last_message_at timestamptz,
  last_read_seq bigint,
  unread_count bigint,
  mention_count bigint,
  members jsonb
)
language sql stable security definer set search_path = '' as $$
  select c.id, c.workspace_id, c.kind, c.name, c.topic, c.is_default, c.created_by, c.created_at,
    c.archived_at, c.last_seq, c.last_message_at, cm.last_read_seq,
    greatest(c.last_seq - cm.last_read_seq, 0),
    (
      select count(*) from (
        select 1 from public.messages m
        where m.channel_id = c.id and m.in_channel
          and m.seq > greatest(cm.last_read_seq, c.last_seq - 1000)
          and m.mentions @> array[cm.user_id] and m.deleted_at is null
      ) as mentioned
    ),
    case when c.kind = 'dm' then (
      select coalesce(jsonb_agg(
        jsonb_build_object('id', p.id, 'display_name', p.display_name, 'avatar_path', p.avatar_path)
        order by lower(p.display_name), p.id
      ), '[]'::jsonb)
      from public.channel_members other
      join public.profiles p on p.id = other.user_id
      where other.channel_id = c.id and (other.user_id <> cm.user_id or c.dm_key = cm.user_id::text)
    ) end
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and c.workspace_id = p_workspace_id
    and p_workspace_id in (select private.workspace_ids())
  order by c.kind, lower(c.name), c.last_message_at desc nulls last, c.id
$$;

create or replace function public.workspace_badges()
returns table (workspace_id uuid, mention_count bigint, has_unread boolean)
language sql stable security definer set search_path = '' as $$
  select c.workspace_id,
    coalesce(sum(
      case
        when c.kind = 'dm' then greatest(c.last_seq - cm.last_read_seq, 0)
        else (
          select count(*) from (
            select 1 from public.messages m
            where m.channel_id = c.id and m.in_channel
              and m.seq > greatest(cm.last_read_seq, c.last_seq - 1000)
              and m.mentions @> array[cm.user_id] and m.deleted_at is null
          ) as mentioned
        )
      end
    ), 0)::bigint,
    bool_or(c.last_seq > cm.last_read_seq)
  from public.channel_members cm
  join public.channels c on c.id = cm.channel_id
  where cm.user_id = (select auth.uid()) and not cm.muted
    and c.workspace_id in (select private.workspace_ids())
    and c.last_seq > cm.last_read_seq
  group by c.workspace_id
$$;
