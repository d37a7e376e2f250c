-- The rules the data keeps whoever writes it: clean names, message limits, the per-channel
-- sequence, mentions of channel members only, reactions and attachments tied to their message,
-- at least one owner per workspace. Errors carry a sentence the app can show as it is
-- (message), what exactly was wrong (detail) and what to do (hint). SQLSTATEs are chosen for the
-- HTTP status PostgREST gives them: 22023/23514 -> 400, 42501 -> 403, 23505 -> 409.

-- Single-line text (names, topics): NFC, runs of whitespace made one space, trimmed; control
-- characters and invisible formatting characters (zero-width, text-direction overrides) refused.
create function private.clean_line(
  p_value text,
  p_label text,
  p_max_length integer,
  p_allow_empty boolean default false
) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v text := coalesce(p_value, '');
begin
  v := normalize(v, nfc);
  v := regexp_replace(v, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g');
  v := btrim(v, ' ');
  if v ~ '[\x01-\x1f\x7f-\x9f]' then
    raise exception using errcode = '22023',
      message = format('%s contains control characters.', p_label),
      hint = 'Use letters, digits, punctuation and emoji.';
  end if;
  if v ~ '[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]' then
    raise exception using errcode = '22023',
      message = format('%s contains invisible formatting characters.', p_label),
      hint = 'Remove zero-width and text-direction characters.';
  end if;
  if v = '' and not p_allow_empty then
    raise exception using errcode = '22023', message = format('%s must not be empty.', p_label);
  end if;
  if char_length(v) > p_max_length then
    raise exception using errcode = '22023',
      message = format('%s must be at most %s characters.', p_label, p_max_length),
      detail = format('It has %s characters.', char_length(v));
  end if;
  return v;
end
$$;

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

-- A reaction is one emoji character (sequence) or a :shortcode:.
create function private.clean_emoji(p_emoji text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v text := normalize(btrim(coalesce(p_emoji, '')), nfc);
begin
  if v = '' then
    raise exception using errcode = '22023', message = 'Reaction must not be empty.';
  end if;
  if char_length(v) > 32 or v ~ '[\s\x01-\x1f\x7f-\x9f<>&"''`]'
    or (v ~ '[A-Za-z]' and v !~ '^:[a-z0-9_+-]{1,30}:$') then
    raise exception using errcode = '22023',
      message = 'That reaction is not an emoji.',
      hint = 'Use an emoji, or a shortcode like :tada:.';
  end if;
  return v;
end
$$;

------------------------------------------------------------------------------------------------
-- profiles

-- The display name of a new account: the name given at sign-up (display_name, full_name or name
-- in the user metadata), else the email's local part, else "New user". Never fails.
create function private.display_name_for(p_meta jsonb, p_email text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  wanted text := coalesce(p_meta ->> 'display_name', p_meta ->> 'full_name', p_meta ->> 'name', '');
  fallback text := left(coalesce(nullif(split_part(coalesce(p_email, ''), '@', 1), ''), 'New user'), 64);
begin
  begin
    return private.clean_line(wanted, 'Display name', 64);
  exception when others then
    begin
      return private.clean_line(fallback, 'Display name', 64);
    exception when others then
      return 'New user';
    end;
  end;
end
$$;

-- Every new account gets a profile (sign-up must never fail because of it).
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, display_name)
  values (new.id, private.display_name_for(new.raw_user_meta_data, new.email))
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Accounts made before this migration (a hosted project where someone signed up first).
insert into public.profiles (id, display_name)
select u.id, private.display_name_for(u.raw_user_meta_data, u.email) from auth.users u
on conflict (id) do nothing;

create function private.profiles_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.display_name := private.clean_line(new.display_name, 'Display name', 64);
  new.avatar_path := nullif(btrim(coalesce(new.avatar_path, '')), '');
  if new.avatar_path is not null and (
    split_part(new.avatar_path, '/', 1) <> new.id::text
    or new.avatar_path !~ '^[^/]+/[^/]' or new.avatar_path like '%..%' or new.avatar_path like '%//%'
    or char_length(new.avatar_path) > 512
  ) then
    raise exception using errcode = '22023',
      message = 'Avatar must be a file in your own folder of the avatars bucket.',
      detail = format('Expected a path starting with %s/', new.id);
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger profiles_before_write
  before insert or update on public.profiles
  for each row execute function private.profiles_before_write();

------------------------------------------------------------------------------------------------
-- workspaces

create function private.workspaces_before_write() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := private.clean_line(new.name, 'Workspace name', 80);
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := lower(btrim(coalesce(new.slug, '')));
    if new.slug !~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$' then
      raise exception using errcode = '22023',
        message = 'Workspace address may use only a-z, 0-9 and dashes (1 to 48 characters).',
        hint = 'It must start and end with a letter or digit.';
    end if;
  end if;
  return new;
end
$$;

create trigger workspaces_before_write
  before insert or update of name, slug on public.workspaces
  for each row execute function private.workspaces_before_write();

-- At least one owner always. The membership RPCs refuse first with a clear message; this
-- catches everything else. Locking the workspace row orders concurrent demotions, so two
-- owners demoting each other cannot both succeed.
create function private.workspace_keeps_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ws uuid := old.workspace_id;
  heir uuid;
begin
  perform 1 from public.workspaces w where w.id = ws for no key update;
  if not found then
    return null; -- the workspace itself is being deleted
  end if;
  if exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = ws and wm.role = 'owner' and wm.left_at is null
  ) then
    return null;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from public.profiles p where p.id = old.user_id) then
    -- The last owner's account was deleted: the longest-standing admin, else member, takes over.
    select wm.id into heir
    from public.workspace_members wm
    where wm.workspace_id = ws and wm.left_at is null
    order by (wm.role = 'admin') desc, wm.joined_at
    limit 1;
    if heir is not null then
      update public.workspace_members set role = 'owner' where id = heir;
    end if;
    return null;
  end if;
  raise exception using errcode = '23514',
    message = 'A workspace needs at least one owner.',
    hint = 'Make someone else an owner first.';
end
$$;

create trigger workspace_members_keep_owner
  after update of role, left_at or delete on public.workspace_members
  for each row execute function private.workspace_keeps_owner();

-- Someone who leaves or is removed leaves every channel of the workspace with them.
create function private.workspace_members_after_leave() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.left_at is not null and old.left_at is null then
    delete from public.channel_members cm
    where cm.workspace_id = new.workspace_id and cm.user_id = new.user_id;
  end if;
  return null;
end
$$;

create trigger workspace_members_after_leave
  after update of left_at on public.workspace_members
  for each row execute function private.workspace_members_after_leave();

create function private.invites_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Server-made: never trust a client's token, count or author.
  new.token := private.new_token();
  new.use_count := 0;
  new.created_at := now();
  new.created_by := coalesce((select auth.uid()), new.created_by);
  new.email := nullif(lower(btrim(coalesce(new.email, ''))), '');
  if new.email is not null then
    if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(new.email) > 254 then
      raise exception using errcode = '22023', message = 'That is not a valid email address.';
    end if;
    new.max_uses := 1;
  end if;
  if new.role = 'owner' then
    raise exception using errcode = '22023',
      message = 'Invites are for members or admins.',
      hint = 'Make someone an owner after they join.';
  end if;
  new.expires_at := coalesce(new.expires_at, now() + interval '7 days');
  if new.expires_at < now() + interval '5 minutes' or new.expires_at > now() + interval '30 days' then
    raise exception using errcode = '22023',
      message = 'An invite must expire between 5 minutes and 30 days from now.';
  end if;
  return new;
end
$$;

create trigger invites_before_insert
  before insert on public.invites
  for each row execute function private.invites_before_insert();

------------------------------------------------------------------------------------------------
-- channels

create function private.channels_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if new.kind = 'dm' then
    if tg_op = 'UPDATE' and (new.name is distinct from old.name or new.archived_at is distinct from old.archived_at) then
      raise exception using errcode = '22023', message = 'Direct messages cannot be renamed or archived.';
    end if;
    new.topic := private.clean_line(new.topic, 'Topic', 250, true);
    return new;
  end if;

  if tg_op = 'INSERT' or new.name is distinct from old.name then
    -- "#general" and "general" are the same name.
    new.name := private.clean_line(regexp_replace(coalesce(new.name, ''), '^[\s#]+', ''), 'Channel name', 80);
    if exists (
      select 1 from public.channels c
      where c.workspace_id = new.workspace_id and c.kind <> 'dm'
        and lower(c.name) = lower(new.name) and c.id <> new.id
    ) then
      raise exception using errcode = '23505',
        message = format('A channel named "%s" already exists in this workspace.', new.name),
        hint = 'Pick another name (archived channels keep theirs).';
    end if;
  end if;
  new.topic := private.clean_line(new.topic, 'Topic', 250, true);

  if tg_op = 'UPDATE' and new.archived_at is distinct from old.archived_at then
    if old.is_default then
      raise exception using errcode = '22023',
        message = format('#%s is the workspace''s default channel and cannot be archived.', old.name);
    end if;
    if uid is not null and old.created_by is distinct from uid
      and coalesce(private.workspace_role(old.workspace_id)::text, '') not in ('owner', 'admin') then
      raise exception using errcode = '42501',
        message = 'Only the channel''s creator or a workspace admin can archive or unarchive it.';
    end if;
    new.archived_at := case when new.archived_at is null then null else now() end;
  end if;
  return new;
end
$$;

create trigger channels_before_write
  before insert or update of name, topic, archived_at on public.channels
  for each row execute function private.channels_before_write();

create function private.channel_members_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ch record;
begin
  select c.workspace_id, c.last_seq, c.archived_at into ch
  from public.channels c where c.id = new.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.';
  end if;
  if ch.archived_at is not null and (select auth.uid()) is not null
    and new.channel_id in (select private.visible_channel_ids()) then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.';
  end if;
  new.workspace_id := ch.workspace_id;
  -- What was said before joining is history, not unread.
  new.last_read_seq := ch.last_seq;
  new.joined_at := now();
  return new;
end
$$;

create trigger channel_members_before_insert
  before insert on public.channel_members
  for each row execute function private.channel_members_before_insert();

-- Read positions only move forward (two devices may report out of order) and never past the
-- channel's last message.
create function private.channel_members_before_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.last_read_seq := least(
    greatest(old.last_read_seq, coalesce(new.last_read_seq, old.last_read_seq)),
    (select c.last_seq from public.channels c where c.id = new.channel_id)
  );
  return new;
end
$$;

create trigger channel_members_before_update
  before update of last_read_seq on public.channel_members
  for each row execute function private.channel_members_before_update();

------------------------------------------------------------------------------------------------
-- messages

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

------------------------------------------------------------------------------------------------
-- reactions

create function private.reactions_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  msg record;
begin
  if uid is not null then
    new.user_id := coalesce(new.user_id, uid);
  end if;
  select m.channel_id, m.deleted_at into msg from public.messages m where m.id = new.message_id;
  if not found or (uid is not null and not private.is_channel_member(msg.channel_id)) then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'You cannot react to a deleted message.';
  end if;
  new.channel_id := msg.channel_id;
  new.emoji := private.clean_emoji(new.emoji);
  new.created_at := now();
  if exists (
    select 1 from public.reactions r
    where r.message_id = new.message_id and r.user_id = new.user_id and r.emoji = new.emoji
  ) then
    return null; -- already there: adding it again changes nothing
  end if;
  if not exists (select 1 from public.reactions r where r.message_id = new.message_id and r.emoji = new.emoji)
    and (select count(distinct r.emoji) from public.reactions r where r.message_id = new.message_id) >= 50 then
    raise exception using errcode = '22023', message = 'A message can have at most 50 different reactions.';
  end if;
  return new;
end
$$;

create trigger reactions_before_insert
  before insert on public.reactions
  for each row execute function private.reactions_before_insert();

------------------------------------------------------------------------------------------------
-- attachments

-- An attachment row points at a file its author uploaded to
-- attachments/<workspace_id>/<channel_id>/<message_id>/<file>; size and type come from the
-- stored object (which the bucket's limits already checked), never from the client.
create function private.attachments_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  msg record;
  obj record;
  folder text;
begin
  select m.channel_id, m.author_id, m.deleted_at, c.workspace_id into msg
  from public.messages m join public.channels c on c.id = m.channel_id
  where m.id = new.message_id;
  if not found or (uid is not null and msg.author_id is distinct from uid) then
    raise exception using errcode = '42501', message = 'You can only attach files to your own messages.';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  folder := msg.workspace_id::text || '/' || msg.channel_id::text || '/' || new.message_id::text || '/';
  if new.path is null or left(new.path, char_length(folder)) <> folder
    or char_length(new.path) = char_length(folder) or strpos(substr(new.path, char_length(folder) + 1), '/') > 0 then
    raise exception using errcode = '22023',
      message = 'An attachment must be a file in its message''s folder.',
      detail = format('Expected attachments/%s<file name>', folder);
  end if;
  select o.owner_id, o.owner, o.metadata into obj
  from storage.objects o where o.bucket_id = 'attachments' and o.name = new.path;
  if not found then
    raise exception using errcode = '22023',
      message = 'The file has not been uploaded.',
      hint = 'Upload it to the attachments bucket first.';
  end if;
  if uid is not null and coalesce(obj.owner_id, obj.owner::text) is distinct from uid::text then
    raise exception using errcode = '42501', message = 'You can only attach files you uploaded.';
  end if;
  if (select count(*) from public.attachments a where a.message_id = new.message_id) >= 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.';
  end if;
  new.size := coalesce((obj.metadata ->> 'size')::bigint, (obj.metadata ->> 'contentLength')::bigint, 0);
  new.mime_type := coalesce(nullif(obj.metadata ->> 'mimetype', ''), 'application/octet-stream');
  new.name := private.clean_line(
    coalesce(nullif(new.name, ''), substr(new.path, char_length(folder) + 1)), 'File name', 255
  );
  new.channel_id := msg.channel_id;
  new.uploader_id := coalesce(uid, new.uploader_id, msg.author_id);
  new.bucket_id := 'attachments';
  new.created_at := now();
  return new;
end
$$;

create trigger attachments_before_insert
  before insert on public.attachments
  for each row execute function private.attachments_before_insert();
