-- Messages: markdown bodies with a gap-free sequence number per channel, mentions of channel
-- members only, edits, and tombstones in place of deleted messages. The RPCs run as the caller
-- (except delete, which lets admins delete any message), so the table policies still decide.

create table public.messages (
  -- Made by the client before sending, so a retried send is the same message.
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- Gap-free and ordered per channel, assigned by the database (never by the client).
  seq bigint not null,
  author_id uuid references public.profiles (id) on delete set null,
  -- Markdown source. Mentions are written <@user-id>; `mentions` is derived from the body.
  body text not null default '',
  mentions uuid[] not null default '{}',
  parent_id uuid references public.messages (id) on delete set null,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  constraint messages_body_length check (char_length(body) <= 4000)
);

-- Opening a channel reads the latest page; paging backwards reads seq < n. Both are this index.
create unique index messages_channel_seq on public.messages (channel_id, seq desc);

create index messages_author on public.messages (author_id);

create index messages_parent on public.messages (parent_id) where parent_id is not null;

alter table public.messages enable row level security;

-- Message bodies keep their text as written (markdown, newlines, tabs); CRLF becomes LF and
-- other control characters are dropped.
create function private.clean_body(p_body text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v text := coalesce(p_body, '');
begin
  v := replace(replace(v, e'\r\n', e'\n'), e'\r', e'\n');
  v := regexp_replace(v, '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]', '', 'g');
  if char_length(v) > 4000 then
    raise exception using errcode = '22023',
      message = 'Message is too long.',
      detail = format('It has %s characters; the limit is 4000.', char_length(v)),
      hint = 'Split it into several messages, or attach it as a file.';
  end if;
  return v;
end
$$;

-- Nothing but whitespace and invisible characters.
create function private.is_blank(p_text text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(p_text, '') !~ '[^\s\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
$$;

-- Mentions are written <@user-id> in the body.
create function private.mentioned_ids(p_body text) returns uuid[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg(distinct lower(m[1])::uuid), '{}')
  from regexp_matches(
    coalesce(p_body, ''),
    '<@([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})>',
    'g'
  ) as m
$$;

-- The mentions of a message, all of them members of its channel. Mentions a message already had
-- (before an edit) stay valid even if that person has left since.
create function private.checked_mentions(p_channel_id uuid, p_ids uuid[], p_previous uuid[])
returns uuid[]
language plpgsql stable security definer set search_path = '' as $$
declare
  missing uuid[];
begin
  select array_agg(u) into missing
  from unnest(p_ids) as u
  where not (u = any (coalesce(p_previous, '{}')))
    and not exists (
      select 1 from public.channel_members cm where cm.channel_id = p_channel_id and cm.user_id = u
    );
  if missing is not null then
    raise exception using errcode = '22023',
      message = 'You mentioned someone who is not in this channel.',
      detail = format('Not in this channel: %s', array_to_string(missing, ', ')),
      hint = 'Remove the mention, or add them to the channel first.';
  end if;
  return p_ids;
end
$$;

-- Sending: members only; a retried id is no new message; seq is the channel's next number,
-- taken under the channel row's lock (held to commit), so senders in one channel are ordered
-- and gap-free (a failed insert rolls its number back) while channels do not wait for each
-- other. "No key update" does not block inserts elsewhere that reference the channel.
-- The number is the larger of the channel's last_seq and the newest seq in the index, so a
-- statement inserting many rows numbers them in turn; last_seq itself is written once per
-- statement (below): updating one row per message would make a bulk insert quadratic.
create function private.messages_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  ch record;
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
  if new.parent_id is not null and not exists (
    select 1 from public.messages p where p.id = new.parent_id and p.channel_id = new.channel_id
  ) then
    raise exception using errcode = '22023', message = 'The message you reply to is not in this channel.';
  end if;
  if uid is not null or new.created_at is null then
    new.created_at := now();
  end if;
  new.edited_at := null;
  new.deleted_at := null;

  new.seq := greatest(
    ch.last_seq,
    coalesce((
      select m.seq from public.messages m where m.channel_id = new.channel_id order by m.seq desc limit 1
    ), 0)
  ) + 1;
  return new;
end
$$;

create trigger messages_before_insert
  before insert on public.messages
  for each row execute function private.messages_before_insert();

-- Once per statement: the channels' last_seq and last_message_at, and the authors' read
-- positions (the author has read what they wrote).
create function private.messages_after_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.channels c
  set last_seq = greatest(c.last_seq, n.last_seq),
    last_message_at = greatest(coalesce(c.last_message_at, n.last_at), n.last_at)
  from (
    select i.channel_id, max(i.seq) as last_seq, max(i.created_at) as last_at
    from inserted i group by i.channel_id
  ) as n
  where c.id = n.channel_id;
  update public.channel_members cm
  set last_read_seq = n.seq
  from (
    select i.channel_id, i.author_id, max(i.seq) as seq
    from inserted i where i.author_id is not null group by i.channel_id, i.author_id
  ) as n
  where cm.channel_id = n.channel_id and cm.user_id = n.author_id and cm.last_read_seq < n.seq;
  return null;
end
$$;

create trigger messages_after_insert
  after insert on public.messages
  referencing new table as inserted
  for each statement execute function private.messages_after_insert();

-- A message has text or files. Checked when the statement ends; send_message() defers it to
-- the end of its own work, after the attachment rows are in.
create function private.messages_check_not_empty() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (
    select 1 from public.messages m
    where m.id = new.id and m.deleted_at is null and private.is_blank(m.body)
      and not exists (select 1 from public.attachments a where a.message_id = m.id)
  ) then
    raise exception using errcode = '23514',
      message = 'Message is empty.',
      hint = 'Write something, or attach a file.';
  end if;
  return null;
end
$$;

create constraint trigger messages_not_empty
  after insert on public.messages
  deferrable initially immediate
  for each row execute function private.messages_check_not_empty();

-- Editing changes the body (and so the mentions) and marks the message edited; deleting
-- leaves a tombstone (seq stays, text and mentions go) so every client sees it in place.
create function private.messages_before_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  new.id := old.id;
  new.channel_id := old.channel_id;
  new.seq := old.seq;
  new.author_id := old.author_id;
  new.created_at := old.created_at;
  if new.deleted_at is not null then
    new.deleted_at := now();
    new.body := '';
    new.mentions := '{}';
    return new;
  end if;
  if new.body is distinct from old.body then
    new.body := private.clean_body(new.body);
    if private.is_blank(new.body)
      and not exists (select 1 from public.attachments a where a.message_id = old.id) then
      raise exception using errcode = '23514',
        message = 'Message is empty.',
        hint = 'Delete the message instead.';
    end if;
    new.mentions := private.checked_mentions(old.channel_id, private.mentioned_ids(new.body), old.mentions);
    if new.body is distinct from old.body then
      new.edited_at := now();
    end if;
  else
    new.mentions := old.mentions;
    new.edited_at := old.edited_at;
  end if;
  return new;
end
$$;

create trigger messages_before_update
  before update on public.messages
  for each row execute function private.messages_before_update();

-- A deleted message takes its reactions and attachment rows with it (its files become
-- unreadable through the storage policies).
create function private.messages_after_delete_mark() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    delete from public.reactions r where r.message_id = new.id;
    delete from public.attachments a where a.message_id = new.id;
  end if;
  return null;
end
$$;

create trigger messages_after_delete_mark
  after update of deleted_at on public.messages
  for each row execute function private.messages_after_delete_mark();

-- messages: channel members read; members post as themselves; authors edit and delete (a
-- delete is an update setting deleted_at; admins delete through delete_message()).
create policy "messages: members read" on public.messages
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

create policy "messages: members post" on public.messages
  for insert to authenticated
  with check (author_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

create policy "messages: authors edit" on public.messages
  for update to authenticated
  using (author_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()))
  with check (author_id = (select auth.uid()) and channel_id in (select private.postable_channel_ids()));

-- Privileges (see the foundation): anon only reads (no rows, under the policies);
-- authenticated updates only the columns a client may change.
revoke all on public.messages from anon;
grant select on public.messages to anon;
revoke truncate, references, trigger, update on public.messages from authenticated;
grant update (body, deleted_at) on public.messages to authenticated;

-- Sends a message whose id the client made. A retry with the same id returns the stored
-- message and changes nothing. p_attachments: [{ "path": "<ws>/<channel>/<id>/<file>",
-- "name"?: text, "width"?: int, "height"?: int }] for files already uploaded to `attachments`.
create function public.send_message(
  p_id uuid,
  p_channel_id uuid,
  p_body text,
  p_attachments jsonb default '[]'::jsonb,
  p_parent_id uuid default null
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
    -- The text-or-files rule waits until the attachment rows are in.
    set constraints public.messages_not_empty deferred;
    insert into public.messages (id, channel_id, author_id, body, parent_id)
    values (p_id, p_channel_id, (select auth.uid()), p_body, p_parent_id)
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
      -- A concurrent retry stored it first.
      select * into m from public.messages x where x.id = p_id;
    end if;
    set constraints public.messages_not_empty immediate;
  end if;

  if m.id is null or m.channel_id <> p_channel_id or m.author_id is distinct from (select auth.uid()) then
    raise exception using errcode = '23505',
      message = 'Another message already has this id.', hint = 'Make a new id for a new message.';
  end if;
  return m;
end
$$;

-- Replaces the body of one of the caller's messages.
create function public.edit_message(p_id uuid, p_body text)
returns public.messages
language plpgsql volatile set search_path = '' as $$
declare
  m public.messages;
begin
  update public.messages x set body = p_body
  where x.id = p_id and x.author_id = (select auth.uid()) and x.deleted_at is null
  returning * into m;
  if found then
    return m;
  end if;
  select * into m from public.messages x where x.id = p_id;
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  elsif m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  elsif m.author_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'You can only edit your own messages.';
  end if;
  raise exception using errcode = '42501', message = 'This channel is archived; messages can no longer be changed.';
end
$$;

-- Deletes a message (a tombstone keeps its place): its author, or an owner or admin of the
-- workspace. Deleting a deleted message returns it unchanged.
create function public.delete_message(p_id uuid)
returns public.messages
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
  ws uuid;
begin
  select x.* into m from public.messages x
  where x.id = p_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  select c.workspace_id into ws from public.channels c where c.id = m.channel_id;
  if m.deleted_at is not null then
    return m;
  end if;
  if m.author_id is distinct from uid and not private.is_workspace_admin(ws) then
    raise exception using errcode = '42501',
      message = 'You can only delete your own messages.', hint = 'Workspace owners and admins can delete any message.';
  end if;
  update public.messages x set deleted_at = now() where x.id = p_id returning * into m;
  return m;
end
$$;
