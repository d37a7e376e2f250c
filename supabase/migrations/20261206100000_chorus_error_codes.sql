-- Chorus's error codes (issue 51, item 2). Every refusal a Chorus function raises keeps its
-- SQLSTATE (so PostgREST's HTTP status) and gains a code in DETAIL: a snake_case name of what went
-- wrong (`message_too_long`, `not_channel_member`), listed once in supabase/errors.json with its
-- HTTP status and a sentence for people. Apps and functions switch on the code, never on the
-- wording. What a DETAIL said before (the people, channels or counts concerned) moved into the
-- message or the hint; the invitation-mail limits' JSON {limit, max, resets_at} is now the HINT.
-- Three refusals take the SQLSTATE their code has elsewhere: a message id already taken is 23505
-- (HTTP 409) everywhere; leaving or reading a channel or workspace one is not in is 42501 (403);
-- an archived channel is 22023 (400) wherever something is refused because of it.
-- The functions are restated whole, as they were, but for their RAISE statements.


-- Chorus error codes in DETAIL for the functions of messages.sql threads.sql reactions.sql pins.sql
-- saved.sql search.sql reads.sql message-versions.sql link-previews.sql live.sql attachments.sql
-- storage.sql (supabase/schema/; issue 51 item 2, "Errors have codes end to end"). Each error RAISE
-- of these functions keeps its SQLSTATE and message and gains detail = '<code>', a snake_case
-- Chorus code an API client or the app can switch on (the catalogue gives each one's HTTP status,
-- SQLSTATE and a message to show). Where DETAIL held specifics (how long a message is, whom a
-- mention missed, the thread a reply is in, the expected attachment path), they move into the
-- message or the hint. Sites meaning a shared code take its SQLSTATE: the archived-channel refusals
-- of messages_before_insert, edit_message and require_pinnable 42501 -> 22023 (channel_archived);
-- the taken ids of slash-command answers and webhook posts 22023 -> 23505 (message_id_taken,
-- as send_message's already was); mark_read's and mark_unread's
-- not-a-member 22023 -> 42501 (not_channel_member). Only the RAISE statements change;
-- message-versions.sql and storage.sql raise nothing.

CREATE OR REPLACE FUNCTION private.broadcast_mentions(p_channel_id uuid, p_author_id uuid, p_body text)
 RETURNS uuid[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_channel public.channels;
  v_policy text;
  v_words text[];
  v_groups uuid[];
  v_unknown uuid[];
  v_reached uuid[] := '{}';
begin
  if coalesce(p_body, '') !~ '<!(channel|here|everyone|subteam\^[0-9a-fA-F-]{36}(\|[^<>|]{1,40})?)>' then
    return '{}';
  end if;
  select * into v_channel from public.channels c where c.id = p_channel_id;
  select array_agg(distinct m[1]) into v_words
  from regexp_matches(p_body, '<!(channel|here|everyone)>', 'g') as m;
  if v_words is not null and p_author_id is not null then
    select w.broadcast_mentions into v_policy from public.workspaces w where w.id = v_channel.workspace_id;
    if v_policy = 'admins' and not exists (
      select 1 from public.workspace_members wm
      where wm.workspace_id = v_channel.workspace_id and wm.user_id = p_author_id
        and wm.left_at is null and wm.role in ('owner', 'admin')
    ) then
      raise exception using errcode = '42501',
        message = format('Only admins can use @%s in this workspace.', v_words[1]),
        detail = 'broadcast_mention_admins_only',
        hint = 'Mention the people you mean, or ask an admin.';
    end if;
  end if;
  if 'everyone' = any (coalesce(v_words, '{}')) and not v_channel.is_default then
    raise exception using errcode = '22023',
      message = '@everyone works only in the workspace''s general channel.',
      detail = 'everyone_mention_outside_general',
      hint = 'Use @channel to notify everyone in this channel.';
  end if;
  if 'channel' = any (coalesce(v_words, '{}')) or 'everyone' = any (coalesce(v_words, '{}')) then
    select v_reached || coalesce(array_agg(cm.user_id), '{}') into v_reached
    from public.channel_members cm where cm.channel_id = p_channel_id;
  elsif 'here' = any (coalesce(v_words, '{}')) then
    select v_reached || coalesce(array_agg(cm.user_id), '{}') into v_reached
    from public.channel_members cm
    join public.user_activity a on a.user_id = cm.user_id and a.workspace_id = cm.workspace_id
    where cm.channel_id = p_channel_id and a.active_at > now() - interval '2 minutes';
  end if;
  select array_agg(distinct lower(m[1])::uuid) into v_groups
  from regexp_matches(p_body, '<!subteam\^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(\|[^<>|]{1,40})?>', 'g') as m;
  if v_groups is not null then
    select array_agg(g) into v_unknown from unnest(v_groups) g
    where not exists (
      select 1 from public.user_groups ug where ug.id = g and ug.workspace_id = v_channel.workspace_id
    );
    if v_unknown is not null then
      raise exception using errcode = '22023',
        message = format('You mentioned a group that is not in this workspace: %s.', array_to_string(v_unknown, ', ')),
        detail = 'mention_group_not_in_workspace';
    end if;
    select v_reached || coalesce(array_agg(gm.user_id), '{}') into v_reached
    from public.user_group_members gm
    join public.channel_members cm on cm.user_id = gm.user_id and cm.channel_id = p_channel_id
    where gm.group_id = any (v_groups);
  end if;
  return coalesce((
    select array_agg(distinct u) from unnest(v_reached) u where u is distinct from p_author_id
  ), '{}');
end
$function$;

CREATE OR REPLACE FUNCTION private.checked_mentions(p_channel_id uuid, p_ids uuid[], p_previous uuid[])
 RETURNS uuid[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
      message = format('You mentioned someone who is not in this channel: %s.', array_to_string(missing, ', ')),
      detail = 'mention_not_in_channel',
      hint = 'Remove the mention, or add them to the channel first.';
  end if;
  return p_ids;
end
$function$;

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
  if char_length(v) > 4000 then
    raise exception using errcode = '22023',
      message = format('Message is too long: it has %s characters; the limit is 4000.', char_length(v)),
      detail = 'message_too_long',
      hint = 'Split it into several messages, or attach it as a file.';
  end if;
  return v;
end
$function$;

CREATE OR REPLACE FUNCTION private.messages_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
        message = 'You can only post in channels you are a member of, as yourself.',
        detail = 'not_channel_member';
    end if;
  end if;

  select c.archived_at, c.last_seq into ch from public.channels c where c.id = new.channel_id for no key update;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.', detail = 'channel_not_found';
  end if;
  if exists (select 1 from public.messages m where m.id = new.id) then
    return null; -- the same message again: nothing to insert
  end if;
  if private.importing() then
    new.body := private.clean_body(new.body);
    new.mentions := coalesce((
      select array_agg(distinct u) from unnest(private.mentioned_ids(new.body)) u
      join public.channels c on c.id = new.channel_id
      join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = u
    ), '{}');
    new.created_at := coalesce(new.created_at, now());
    if new.deleted_at is not null then
      new.body := '';
      new.mentions := '{}';
    end if;
  else
    if ch.archived_at is not null then
      raise exception using errcode = '22023', message = 'This channel is archived; messages can no longer be sent.', detail = 'channel_archived';
    end if;

    new.body := private.clean_body(new.body);
    new.mentions := private.checked_mentions(new.channel_id, private.mentioned_ids(new.body), '{}');
    if uid is not null or new.created_at is null then
      new.created_at := now();
    end if;
    new.edited_at := null;
    new.deleted_at := null;
  end if;

  if new.parent_id is null then
    new.in_channel := true;
    new.thread_seq := null;
  else
    select p.channel_id, p.parent_id into parent from public.messages p where p.id = new.parent_id;
    if not found or parent.channel_id <> new.channel_id then
      raise exception using errcode = '22023',
        message = 'The message you reply to is not in this channel.',
        detail = 'reply_parent_not_in_channel',
        hint = 'Reply from the channel the message is in.';
    end if;
    if parent.parent_id is not null then
      raise exception using errcode = '22023',
        message = format('You cannot reply to a reply: message %s is a reply in the thread of %s.', new.parent_id, parent.parent_id),
        detail = 'reply_to_reply',
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
$function$;

CREATE OR REPLACE FUNCTION private.messages_before_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_claim text := coalesce(current_setting('chorus.claiming', true), '');
  v_from uuid;
  v_to uuid;
begin
  if v_claim <> '' then
    v_from := split_part(v_claim, ':', 1)::uuid;
    v_to := split_part(v_claim, ':', 2)::uuid;
    new := old;
    if old.author_id = v_from then
      new.author_id := v_to;
    end if;
    new.body := replace(old.body, '<@' || v_from::text || '>', '<@' || v_to::text || '>');
    new.mentions := array_replace(old.mentions, v_from, v_to);
    return new;
  end if;
  -- retention: an account being deleted (chorus.deleting_account) loses authorship, nothing else
  if old.author_id is not null and new.author_id is null
    and current_setting('chorus.deleting_account', true) = old.author_id::text then
    new := old;
    new.author_id := null;
    return new;
  end if;
  if old.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  new.id := old.id;
  new.channel_id := old.channel_id;
  new.seq := old.seq;
  new.author_id := old.author_id;
  new.created_at := old.created_at;
  -- moderation: removing or restoring sets the text as given, nothing else
  if new.removed_at is distinct from old.removed_at then
    new.edited_at := old.edited_at;
    new.deleted_at := null;
    return new;
  end if;
  if old.removed_at is not null then
    raise exception using errcode = '42501', message = 'This message was removed by an admin.', detail = 'message_removed';
  end if;
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
        detail = 'message_empty',
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
$function$;

CREATE OR REPLACE FUNCTION private.messages_check_not_empty()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.importing() then
    return null;
  end if;
  if exists (
    select 1 from public.messages m
    where m.id = new.id and m.deleted_at is null and private.is_blank(m.body)
      and not exists (select 1 from public.attachments a where a.message_id = m.id)
  ) then
    raise exception using errcode = '23514',
      message = 'Message is empty.',
      detail = 'message_empty',
      hint = 'Write something, or attach a file.';
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_moderated_message(p_message_id uuid)
 RETURNS public.messages
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
  ws uuid;
begin
  select x.* into m from public.messages x where x.id = p_message_id;
  select c.workspace_id into ws from public.channels c where c.id = m.channel_id;
  if m.id is null or not coalesce(private.is_workspace_admin(ws), false) then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  return m;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_readable_message(p_message_id uuid)
 RETURNS public.messages
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
begin
  select x.* into m from public.messages x
  where x.id = p_message_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  return m;
end
$function$;

CREATE OR REPLACE FUNCTION public.delete_message(p_id uuid)
 RETURNS public.messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages;
  ws uuid;
begin
  select x.* into m from public.messages x
  where x.id = p_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  select c.workspace_id into ws from public.channels c where c.id = m.channel_id;
  if m.deleted_at is not null then
    return m;
  end if;
  if m.author_id is distinct from uid and not private.is_workspace_admin(ws) then
    raise exception using errcode = '42501',
      message = 'You can only delete your own messages.', detail = 'not_message_author', hint = 'Workspace owners and admins can delete any message.';
  end if;
  update public.messages x set deleted_at = now() where x.id = p_id returning * into m;
  return m;
end
$function$;

CREATE OR REPLACE FUNCTION public.edit_message(p_id uuid, p_body text)
 RETURNS public.messages
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  elsif m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  elsif m.author_id is distinct from (select auth.uid()) then
    raise exception using errcode = '42501', message = 'You can only edit your own messages.', detail = 'not_message_author';
  end if;
  raise exception using errcode = '22023', message = 'This channel is archived; messages can no longer be changed.', detail = 'channel_archived';
end
$function$;

CREATE OR REPLACE FUNCTION public.mention_reach(p_channel_id uuid, p_body text)
 RETURNS TABLE(reach integer, warn_over integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select private.is_channel_member(p_channel_id)) then
    raise exception using errcode = '42501',
      message = 'You can only mention people in a channel you are in.',
      detail = 'not_channel_member';
  end if;
  if length(coalesce(p_body, '')) > 40000 then
    raise exception using errcode = '22023', message = 'This message is too long.', detail = 'message_too_long';
  end if;
  return query
    select cardinality(private.broadcast_mentions(p_channel_id, (select auth.uid()), p_body)),
      w.broadcast_warn_over
    from public.channels c
    join public.workspaces w on w.id = c.workspace_id
    where c.id = p_channel_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.send_message(p_id uuid, p_channel_id uuid, p_body text, p_attachments jsonb DEFAULT '[]'::jsonb, p_parent_id uuid DEFAULT NULL::uuid, p_in_channel boolean DEFAULT false)
 RETURNS public.messages
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  m public.messages;
  a jsonb;
  files jsonb := coalesce(p_attachments, '[]'::jsonb);
begin
  if p_id is null or p_channel_id is null then
    raise exception using errcode = '22023', message = 'A message needs its id and channel.', detail = 'missing_argument';
  end if;
  if jsonb_typeof(files) <> 'array' then
    raise exception using errcode = '22023', message = 'p_attachments must be a JSON array.', detail = 'invalid_argument';
  end if;
  if jsonb_array_length(files) > 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.', detail = 'too_many_attachments';
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
            message = 'Each attachment needs a "path" (text), and optionally "name", "width", "height".',
            detail = 'invalid_argument';
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
      message = 'Another message already has this id.', detail = 'message_id_taken', hint = 'Make a new id for a new message.';
  end if;
  return m;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_broadcast_mentions(p_workspace_id uuid, p_who text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select private.is_workspace_owner(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner can choose who may notify everyone.',
      detail = 'workspace_owner_only';
  end if;
  if p_who is null or p_who not in ('everyone', 'admins') then
    raise exception using errcode = '22023',
      message = format('%s is not one of everyone, admins.', coalesce(p_who, 'null')),
      detail = 'invalid_argument';
  end if;
  update public.workspaces set broadcast_mentions = p_who where id = p_workspace_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_broadcast_warning(p_workspace_id uuid, p_over integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select private.is_workspace_owner(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner can choose when mentioning many asks first.',
      detail = 'workspace_owner_only';
  end if;
  if p_over is not null and (p_over < 1 or p_over > 100000) then
    raise exception using errcode = '22023',
      message = format('Ask before notifying more than %s people: choose a number from 1 to 100000, or never.', p_over),
      detail = 'invalid_argument';
  end if;
  update public.workspaces set broadcast_warn_over = p_over where id = p_workspace_id;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_thread_parent(p_thread_id uuid)
 RETURNS public.messages
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
begin
  select x.* into m from public.messages x
  where x.id = p_thread_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.parent_id is not null then
    raise exception using errcode = '22023',
      message = 'A reply has no thread of its own.', detail = 'message_is_reply', hint = 'Use the thread it is in.';
  end if;
  return m;
end
$function$;

CREATE OR REPLACE FUNCTION public.mark_thread_unread(p_message_id uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages;
  pos bigint;
begin
  select x.* into m from public.messages x
  where x.id = p_message_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.parent_id is null or m.thread_seq is null then
    raise exception using errcode = '22023', message = 'This message is not a reply in a thread.',
      detail = 'message_not_reply',
      hint = 'Use mark_unread for a channel message.';
  end if;
  insert into public.threads (id, channel_id) values (m.parent_id, m.channel_id)
  on conflict (id) do nothing;
  insert into public.thread_members as tm (thread_id, user_id, channel_id, following, last_read_seq)
  values (m.parent_id, uid, m.channel_id, false, m.thread_seq - 1)
  on conflict (thread_id, user_id) do update
    set last_read_seq = least(tm.last_read_seq, excluded.last_read_seq), updated_at = now()
  returning tm.last_read_seq into pos;
  return pos;
end
$function$;

CREATE OR REPLACE FUNCTION private.clean_emoji(p_emoji text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v text := normalize(btrim(coalesce(p_emoji, '')), nfc);
begin
  if v = '' then
    raise exception using errcode = '22023', message = 'Reaction must not be empty.', detail = 'reaction_empty';
  end if;
  if char_length(v) > 32 or v ~ '[\s\x01-\x1f\x7f-\x9f<>&"''`]'
    or (v ~ '[A-Za-z]' and v !~ '^:[a-z0-9_+-]{1,30}:$') then
    raise exception using errcode = '22023',
      message = 'That reaction is not an emoji.',
      detail = 'reaction_not_emoji',
      hint = 'Use an emoji, or a shortcode like :tada:.';
  end if;
  return v;
end
$function$;

CREATE OR REPLACE FUNCTION private.reactions_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := (select auth.uid());
  msg record;
begin
  if uid is not null then
    new.user_id := coalesce(new.user_id, uid);
  end if;
  select m.channel_id, m.deleted_at into msg from public.messages m where m.id = new.message_id;
  if not found or (uid is not null and not private.is_channel_member(msg.channel_id)) then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'You cannot react to a deleted message.', detail = 'message_deleted';
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
    raise exception using errcode = '22023', message = 'A message can have at most 50 different reactions.', detail = 'too_many_reactions';
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_pinnable(p_message_id uuid)
 RETURNS public.messages
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
begin
  select x.* into m from public.messages x
  where x.id = p_message_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  if exists (select 1 from public.channels c where c.id = m.channel_id and c.archived_at is not null) then
    raise exception using errcode = '22023',
      message = 'This channel is archived; pins can no longer be changed.',
      detail = 'channel_archived';
  end if;
  return m;
end
$function$;

CREATE OR REPLACE FUNCTION public.pin_message(p_message_id uuid)
 RETURNS public.pins
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_pinnable(p_message_id);
  p public.pins;
begin
  select x.* into p from public.pins x where x.message_id = m.id;
  if found then
    return p;
  end if;
  -- The channel row's lock orders concurrent pins, so the limit holds.
  perform 1 from public.channels c where c.id = m.channel_id for no key update;
  if (select count(*) from public.pins x where x.channel_id = m.channel_id) >= 100 then
    raise exception using errcode = '22023', message = 'This channel has 100 pinned messages.',
      detail = 'too_many_pins',
      hint = 'Unpin one first.';
  end if;
  insert into public.pins (message_id, channel_id, pinned_by) values (m.id, m.channel_id, uid)
  on conflict (message_id) do nothing
  returning * into p;
  if not found then
    select x.* into p from public.pins x where x.message_id = m.id;
  end if;
  return p;
end
$function$;

CREATE OR REPLACE FUNCTION public.unpin_message(p_message_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_pinnable(p_message_id);
  p public.pins;
begin
  select x.* into p from public.pins x where x.message_id = m.id;
  if not found then
    return false;
  end if;
  if p.pinned_by is distinct from uid and m.author_id is distinct from uid
    and not private.is_workspace_admin((select c.workspace_id from public.channels c where c.id = m.channel_id)) then
    raise exception using errcode = '42501',
      message = 'Only who pinned it, its author or a workspace admin can unpin this message.',
      detail = 'unpin_not_allowed';
  end if;
  delete from public.pins x where x.id = p.id;
  return true;
end
$function$;

CREATE OR REPLACE FUNCTION public.save_message(p_message_id uuid, p_remind_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS public.saved_items
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_readable_message(p_message_id);
  s public.saved_items;
begin
  if p_remind_at is not null and p_remind_at < now() - interval '1 minute' then
    raise exception using errcode = '22023', message = 'The reminder must be in the future.', detail = 'reminder_in_past';
  end if;
  if p_remind_at > now() + interval '1 year' then
    raise exception using errcode = '22023', message = 'The reminder must be within a year.', detail = 'reminder_too_far';
  end if;
  insert into public.saved_items as si (user_id, message_id, channel_id, remind_at)
  values (uid, m.id, m.channel_id, p_remind_at)
  on conflict (user_id, message_id) do update
    set remind_at = excluded.remind_at, done_at = null, updated_at = now()
  returning * into s;
  return s;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_saved_done(p_message_id uuid, p_done boolean DEFAULT true)
 RETURNS public.saved_items
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  s public.saved_items;
begin
  update public.saved_items si
  set done_at = case when coalesce(p_done, true) then coalesce(si.done_at, now()) end,
    updated_at = now()
  where si.user_id = uid and si.message_id = p_message_id
    and si.channel_id in (select private.member_channel_ids())
  returning * into s;
  if not found then
    raise exception using errcode = '22023', message = 'This message is not saved.', detail = 'message_not_saved';
  end if;
  return s;
end
$function$;

CREATE OR REPLACE FUNCTION public.search_messages(p_workspace_id uuid, p_terms text[] DEFAULT '{}'::text[], p_excluded text[] DEFAULT '{}'::text[], p_in text[] DEFAULT '{}'::text[], p_from text[] DEFAULT '{}'::text[], p_mentions text[] DEFAULT '{}'::text[], p_has_file boolean DEFAULT false, p_has_link boolean DEFAULT false, p_is_thread boolean DEFAULT false, p_after timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone, p_order text DEFAULT 'newest'::text, p_limit integer DEFAULT 20)
 RETURNS TABLE(id uuid, channel_id uuid, seq bigint, author_id uuid, parent_id uuid, created_at timestamp with time zone, edited_at timestamp with time zone, snippet text, file_names text[], rank real)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  terms text[] := array(
    select t from unnest(coalesce(p_terms, '{}')) as t where private.search_fold(t) !~ '^\s*$'
    order by char_length(private.search_fold(t)) desc
  );
  excluded text[] := array(
    select t from unnest(coalesce(p_excluded, '{}')) as t where private.search_fold(t) !~ '^\s*$'
  );
  lim integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  authors uuid[];
  mentioned uuid[];
  q text;
begin
  if p_workspace_id is null then
    raise exception using errcode = '22023', message = 'Search needs a workspace.', detail = 'missing_argument';
  end if;
  if cardinality(terms) + cardinality(excluded) > 20 then
    raise exception using errcode = '22023', message = 'Too many words: at most 20.', detail = 'too_many_search_words';
  end if;
  if exists (select 1 from unnest(terms || excluded || coalesce(p_in, '{}') || coalesce(p_from, '{}')
      || coalesce(p_mentions, '{}')) as t where char_length(t) > 200) then
    raise exception using errcode = '22023', message = 'A word or name is too long: at most 200 characters.', detail = 'search_word_too_long';
  end if;
  if cardinality(coalesce(p_in, '{}')) + cardinality(coalesce(p_from, '{}'))
      + cardinality(coalesce(p_mentions, '{}')) > 20 then
    raise exception using errcode = '22023', message = 'Too many filters: at most 20.', detail = 'too_many_search_filters';
  end if;
  if coalesce(p_order, 'newest') not in ('newest', 'relevance') then
    raise exception using errcode = '22023', message = 'Order must be newest or relevance.', detail = 'invalid_argument';
  end if;
  if p_after is not null and p_before is not null and p_after >= p_before then
    return;
  end if;
  if cardinality(coalesce(p_from, '{}')) > 0 then
    authors := private.search_people(p_workspace_id, p_from);
    if cardinality(authors) = 0 then return; end if;
  end if;
  if cardinality(coalesce(p_mentions, '{}')) > 0 then
    mentioned := private.search_people(p_workspace_id, p_mentions);
    if cardinality(mentioned) = 0 then return; end if;
  end if;

  -- Words (or exclusions alone): search_hits matches the stored folded texts through the
  -- trigram indexes, in the caller's channels of the workspace, within the dates. When nothing
  -- else narrows the search and the newest come first, it also takes just the newest. Each
  -- hit's row is then read by its id as the caller (lateral; offset 0 keeps the planner from
  -- flattening it into a scan of the workspace's messages), so RLS has the last word.
  if cardinality(terms) + cardinality(excluded) > 0 then
    q := 'with hits as materialized (
        select h.* from private.search_hits($3,
          array(select private.search_pattern(t) from unnest($1) as t),
          array(select private.search_pattern(t) from unnest($2) as t),
          $7, $8, $10) as h
      ),
      found as (
        select m.*, hits.folded from hits
        cross join lateral (select x.* from public.messages x where x.id = hits.id offset 0) as m
        where m.deleted_at is null';
  else
    q := 'with found as (
        select m.*, null::text as folded
        from public.messages m
        where m.channel_id in (select c.id from public.channels c where c.workspace_id = $3)
          and m.deleted_at is null';
    if p_after is not null then
      q := q || ' and m.created_at >= $7';
    end if;
    if p_before is not null then
      q := q || ' and m.created_at < $8';
    end if;
  end if;
  if cardinality(coalesce(p_in, '{}')) > 0 then
    q := q || '
        and m.channel_id in (select c.id from public.channels c where c.workspace_id = $3
          and private.search_fold(c.name) in (select private.search_fold(ltrim(n, ''#'')) from unnest($4) as n))';
  end if;
  if authors is not null then
    q := q || ' and m.author_id = any ($5)';
  end if;
  if mentioned is not null then
    q := q || ' and m.mentions && $6';
  end if;
  if p_has_file then
    q := q || ' and exists (select 1 from public.attachments a where a.message_id = m.id)';
  end if;
  if p_has_link then
    q := q || ' and m.body ~* ''(https?://|mailto:)[^[:space:]]''';
  end if;
  if p_is_thread then
    q := q || ' and (m.parent_id is not null
        or exists (select 1 from public.messages r where r.parent_id = m.id and r.deleted_at is null))';
  end if;
  q := q || '),
    ranked as (
      select f.*,
        case when cardinality($1) > 0
          then extensions.word_similarity($11, f.folded) + extensions.similarity($11, f.folded)
          else 0 end::real as rank
      from found f
      order by ' || case when p_order = 'relevance' then 'rank desc, ' else '' end
        || 'f.created_at desc, f.id
      limit $9
    )
    select r.id, r.channel_id, r.seq, r.author_id, r.parent_id, r.created_at, r.edited_at,
      case when at.start > 1 then ''…'' else '''' end || substr(r.body, at.start, 240)
        || case when char_length(r.body) >= at.start + 240 then ''…'' else '''' end,
      coalesce((select array_agg(a.name order by a.created_at, a.id)
        from public.attachments a where a.message_id = r.id), ''{}''),
      r.rank
    from ranked r
    cross join lateral (select strpos(r.folded, $12) as pos) as found
    cross join lateral (
      select case when found.pos between 1 and char_length(r.body) then greatest(found.pos - 80, 1)
        else 1 end as start
    ) as at
    order by ' || case when p_order = 'relevance' then 'r.rank desc, ' else '' end
      || 'r.created_at desc, r.id';

  return query execute q
    using terms, excluded, p_workspace_id, coalesce(p_in, '{}'), authors, mentioned, p_after, p_before,
      lim,
      -- search_hits may stop at the newest rows only when nothing after it narrows them.
      case when coalesce(p_order, 'newest') = 'newest' and cardinality(coalesce(p_in, '{}')) = 0
        and authors is null and mentioned is null and not p_has_file and not p_has_link
        and not p_is_thread then lim end,
      private.search_fold(array_to_string(terms, ' ')),
      private.search_fold(terms[1]);
end
$function$;

CREATE OR REPLACE FUNCTION public.mark_read(p_channel_id uuid, p_seq bigint DEFAULT NULL::bigint)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_position bigint;
begin
  update public.channel_members cm
  set last_read_seq = coalesce(p_seq, (select c.last_seq from public.channels c where c.id = cm.channel_id))
  where cm.channel_id = p_channel_id and cm.user_id = (select auth.uid())
    and cm.last_read_seq < coalesce(p_seq, (select c.last_seq from public.channels c where c.id = cm.channel_id))
  returning cm.last_read_seq into v_position;
  if not found then
    select cm.last_read_seq into v_position from public.channel_members cm
    where cm.channel_id = p_channel_id and cm.user_id = (select auth.uid());
    if not found then
      raise exception using errcode = '42501', message = 'You are not a member of this channel.', detail = 'not_channel_member';
    end if;
  end if;
  return v_position;
end
$function$;

CREATE OR REPLACE FUNCTION public.mark_unread(p_message_id uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages;
  pos bigint;
begin
  select x.* into m from public.messages x
  where x.id = p_message_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.in_channel then
    perform set_config('chorus.read_back', 'on', true);
    update public.channel_members cm set last_read_seq = m.seq - 1
    where cm.channel_id = m.channel_id and cm.user_id = uid
    returning cm.last_read_seq into pos;
    perform set_config('chorus.read_back', '', true);
    if not found then
      raise exception using errcode = '42501', message = 'You are not a member of this channel.', detail = 'not_channel_member';
    end if;
    return pos;
  end if;
  insert into public.threads (id, channel_id) values (m.parent_id, m.channel_id)
  on conflict (id) do nothing;
  insert into public.thread_members as tm (thread_id, user_id, channel_id, following, last_read_seq)
  values (m.parent_id, uid, m.channel_id, false, m.thread_seq - 1)
  on conflict (thread_id, user_id) do update
    set last_read_seq = least(tm.last_read_seq, excluded.last_read_seq), updated_at = now()
  returning tm.last_read_seq into pos;
  return pos;
end
$function$;

CREATE OR REPLACE FUNCTION public.remove_link_preview(p_id uuid)
 RETURNS public.link_previews
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  p public.link_previews;
  author uuid;
begin
  select x.* into p from public.link_previews x
  where x.id = p_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Link preview not found.', detail = 'link_preview_not_found';
  end if;
  select m.author_id into author from public.messages m where m.id = p.message_id;
  if author is distinct from uid then
    raise exception using errcode = '42501',
      message = 'Only the author of the message can remove its link preview.',
      detail = 'not_message_author';
  end if;
  update public.link_previews x
  set removed_by_author = true, title = null, description = null, site_name = null,
    image_path = null, image_width = null, image_height = null
  where x.id = p.id
  returning * into p;
  return p;
end
$function$;

CREATE OR REPLACE FUNCTION private.live_send(p_topic text, p_table text, p_operation text, p_record jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.importing() then
    return;
  end if;
  if pg_trigger_depth() = 0 then
    raise exception using errcode = '42501', message = 'Live events are sent by the database only.', detail = 'live_send_not_allowed';
  end if;
  perform realtime.send(
    jsonb_build_object('table', p_table, 'operation', p_operation, 'record', p_record),
    p_operation, p_topic, true
  );
end
$function$;

CREATE OR REPLACE FUNCTION private.attachments_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    raise exception using errcode = '42501', message = 'You can only attach files to your own messages.', detail = 'not_message_author';
  end if;
  if msg.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  folder := msg.workspace_id::text || '/' || msg.channel_id::text || '/' || new.message_id::text || '/';
  if new.path is null or left(new.path, char_length(folder)) <> folder
    or char_length(new.path) = char_length(folder) or strpos(substr(new.path, char_length(folder) + 1), '/') > 0 then
    raise exception using errcode = '22023',
      message = 'An attachment must be a file in its message''s folder.',
      detail = 'attachment_path_invalid',
      hint = format('Expected attachments/%s<file name>', folder);
  end if;
  select o.owner_id, o.owner, o.metadata into obj
  from storage.objects o where o.bucket_id = 'attachments' and o.name = new.path;
  if not found then
    raise exception using errcode = '22023',
      message = 'The file has not been uploaded.',
      detail = 'attachment_not_uploaded',
      hint = 'Upload it to the attachments bucket first.';
  end if;
  if uid is not null and coalesce(obj.owner_id, obj.owner::text) is distinct from uid::text then
    raise exception using errcode = '42501', message = 'You can only attach files you uploaded.', detail = 'not_file_uploader';
  end if;
  if (select count(*) from public.attachments a where a.message_id = new.message_id) >= 10 then
    raise exception using errcode = '22023', message = 'A message can have at most 10 attachments.', detail = 'too_many_attachments';
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
$function$;

-- Chorus error codes in DETAIL for the functions of channels.sql, workspaces.sql, invites.sql,
-- groups.sql, profiles.sql and status.sql (issue 51 item 2): every error RAISE of these functions
-- keeps its SQLSTATE and message and carries its code (supabase/errors.json) as DETAIL. Where DETAIL
-- held something else it moved into the message (the people, channels or counts concerned), or,
-- for the invitation-mail limits' JSON {limit, max, resets_at}, into the HINT. Two refusals change
-- SQLSTATE to their shared code's: leave_channel and leave_workspace for a non-member (22023 to 42501).
-- Only the RAISE statements change.

CREATE OR REPLACE FUNCTION private.add_to_channel(p_channel public.channels, p_user_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  outsiders uuid[];
  added integer;
begin
  select array_agg(u) into outsiders
  from unnest(coalesce(p_user_ids, '{}')) as u
  where not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = p_channel.workspace_id and wm.user_id = u and wm.left_at is null
  );
  if outsiders is not null then
    raise exception using errcode = '22023',
      message = format('Only members of this workspace can be added to its channels. Not in this workspace: %s.', array_to_string(outsiders, ', ')),
      detail = 'person_not_in_workspace',
      hint = 'Invite them to the workspace first.';
  end if;
  insert into public.channel_members (channel_id, user_id)
  select p_channel.id, u from unnest(coalesce(p_user_ids, '{}')) as u
  on conflict (channel_id, user_id) do nothing;
  get diagnostics added = row_count;
  return added;
end
$function$;

CREATE OR REPLACE FUNCTION private.channel_members_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ch record;
begin
  select c.workspace_id, c.last_seq, c.archived_at into ch
  from public.channels c where c.id = new.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.', detail = 'channel_not_found';
  end if;
  if ch.archived_at is not null and (select auth.uid()) is not null
    and coalesce(current_setting('chorus.claiming', true), '') = ''
    and new.channel_id in (select private.visible_channel_ids()) then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.', detail = 'channel_archived';
  end if;
  new.workspace_id := ch.workspace_id;
  -- What was said before joining is history, not unread.
  new.last_read_seq := ch.last_seq;
  new.joined_at := now();
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.channel_members_guests()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_actor uuid := (select auth.uid());
  v_channel public.channels;
  v_kind text;
  v_count integer;
begin
  select * into v_channel from public.channels c where c.id = new.channel_id;
  if v_channel.id is null or v_channel.kind = 'dm' or v_actor is null then
    return new;
  end if;
  if v_actor = new.user_id then
    -- Joining yourself: the policies decide (a guest joins nothing), or accept_invite() does.
    return new;
  end if;
  if private.is_guest(v_channel.workspace_id, v_actor) then
    raise exception using errcode = '42501', message = 'Guests cannot add people to channels.', detail = 'guest_not_allowed';
  end if;
  select wm.guest_kind into v_kind from public.workspace_members wm
  where wm.workspace_id = v_channel.workspace_id and wm.user_id = new.user_id
    and wm.left_at is null and wm.role = 'guest';
  if v_kind is null then
    return new;
  end if;
  if not private.is_workspace_admin(v_channel.workspace_id) then
    raise exception using errcode = '42501',
      message = format('Only owners and admins can add guests to channels; %s is a guest.', private.person_label(new.user_id)),
      detail = 'workspace_admin_only';
  end if;
  if v_kind = 'single' then
    select count(*) into v_count
    from public.channel_members cm join public.channels c on c.id = cm.channel_id
    where cm.workspace_id = v_channel.workspace_id and cm.user_id = new.user_id
      and c.kind <> 'dm' and c.id <> new.channel_id;
    if v_count > 0 then
      raise exception using errcode = '22023',
        message = format('A single-channel guest can be in only one channel; %s is already in a channel.', private.person_label(new.user_id)),
        detail = 'single_channel_guest',
        hint = 'Make them a multi-channel guest first.';
    end if;
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.channels_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := (select auth.uid());
begin
  if new.kind = 'dm' then
    if tg_op = 'UPDATE' and (new.name is distinct from old.name or new.archived_at is distinct from old.archived_at) then
      raise exception using errcode = '22023', message = 'Direct messages cannot be renamed or archived.', detail = 'dm_not_editable';
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
        detail = 'channel_name_taken',
        hint = 'Pick another name (archived channels keep theirs).';
    end if;
  end if;
  new.topic := private.clean_line(new.topic, 'Topic', 250, true);

  if tg_op = 'UPDATE' and new.archived_at is distinct from old.archived_at then
    if old.is_default then
      raise exception using errcode = '22023',
        message = format('#%s is the workspace''s default channel and cannot be archived.', old.name),
        detail = 'default_channel_permanent';
    end if;
    if uid is not null and old.created_by is distinct from uid
      and not private.is_workspace_admin(old.workspace_id) then
      raise exception using errcode = '42501',
        message = 'Only the channel''s creator or a workspace admin can archive or unarchive it.',
        detail = 'channel_manager_only';
    end if;
    new.archived_at := case when new.archived_at is null then null else now() end;
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.refuse_channel_change(p_channel_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ch public.channels;
begin
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'Direct messages cannot be renamed or archived.', detail = 'dm_not_editable';
  end if;
  raise exception using errcode = '42501',
    message = 'Only members of this channel can change it (and workspace admins, for public channels).',
    detail = 'not_channel_member';
end
$function$;

CREATE OR REPLACE FUNCTION private.require_visible_channel(p_channel_id uuid)
 RETURNS public.channels
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ch public.channels;
begin
  select * into ch from public.channels c
  where c.id = p_channel_id and c.id in (select private.visible_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.', detail = 'channel_not_found';
  end if;
  return ch;
end
$function$;

CREATE OR REPLACE FUNCTION public.add_channel_members(p_channel_id uuid, p_user_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind = 'dm' then
    raise exception using errcode = '22023',
      message = 'People cannot be added to a direct message.', detail = 'membership_fixed', hint = 'Start a new one with everyone.';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.', detail = 'channel_archived';
  end if;
  if not private.is_channel_member(ch.id) and not private.is_workspace_admin(ch.workspace_id) then
    raise exception using errcode = '42501', message = 'Only members of this channel can add people to it.', detail = 'not_channel_member';
  end if;
  return private.add_to_channel(ch, p_user_ids);
end
$function$;

CREATE OR REPLACE FUNCTION public.create_channel(p_workspace_id uuid, p_name text, p_kind public.channel_kind DEFAULT 'public'::public.channel_kind, p_topic text DEFAULT ''::text, p_member_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS public.channels
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role := private.workspace_role(p_workspace_id);
  ch public.channels;
begin
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  if mine = 'guest' then
    raise exception using errcode = '42501', message = 'Guests cannot create channels.',
      detail = 'guest_not_allowed',
      hint = 'Ask an admin of the workspace.';
  end if;
  if p_kind is null or p_kind = 'dm' then
    raise exception using errcode = '22023',
      message = 'A channel is public or private.', detail = 'invalid_argument', hint = 'Use open_dm() for direct messages.';
  end if;
  insert into public.channels (workspace_id, kind, name, topic, created_by)
  values (p_workspace_id, p_kind, p_name, coalesce(p_topic, ''), uid)
  returning * into ch;
  insert into public.channel_members (channel_id, user_id) values (ch.id, uid);
  perform private.add_to_channel(ch, p_member_ids);
  return ch;
end
$function$;

CREATE OR REPLACE FUNCTION public.join_channel(p_channel_id uuid)
 RETURNS public.channel_members
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  membership public.channel_members;
begin
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind <> 'public' and not private.is_channel_member(ch.id) then
    raise exception using errcode = '42501',
      message = 'Private channels can only be joined when a member adds you.',
      detail = 'channel_private';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.', detail = 'channel_archived';
  end if;
  insert into public.channel_members (channel_id, user_id) values (ch.id, uid)
  on conflict (channel_id, user_id) do nothing;
  select * into membership from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = uid;
  return membership;
end
$function$;

CREATE OR REPLACE FUNCTION public.leave_channel(p_channel_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  select c.* into ch from public.channels c
  join public.channel_members cm on cm.channel_id = c.id and cm.user_id = uid
  where c.id = p_channel_id;
  if not found then
    raise exception using errcode = '42501', message = 'You are not a member of this channel.', detail = 'not_channel_member';
  end if;
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'You cannot leave a direct message.', detail = 'membership_fixed';
  end if;
  if ch.is_default then
    raise exception using errcode = '22023',
      message = format('Everyone in the workspace is in #%s; it cannot be left.', ch.name),
      detail = 'membership_fixed';
  end if;
  delete from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = uid;
end
$function$;

CREATE OR REPLACE FUNCTION public.open_dm(p_workspace_id uuid, p_user_ids uuid[])
 RETURNS public.channels
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ids uuid[];
  key text;
  ch public.channels;
  strangers uuid[];
begin
  if private.workspace_role(p_workspace_id) is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  select array_agg(distinct u order by u) into ids
  from unnest(array_append(coalesce(p_user_ids, '{}'), uid)) as u
  where u is not null;
  if cardinality(ids) > 9 then
    raise exception using errcode = '22023', message = 'A direct message can have at most 9 people.', detail = 'too_many_dm_members';
  end if;
  select array_agg(distinct o) into strangers
  from unnest(ids) as g, unnest(ids) as o
  where g <> o and private.is_guest(p_workspace_id, g)
    and not private.share_channel(p_workspace_id, g, o);
  if strangers is not null then
    raise exception using errcode = '42501',
      message = format('A guest can only message people who are in one of their channels. Not in a channel with the guest: %s.', array_to_string(strangers, ', ')),
      detail = 'guest_dm_stranger';
  end if;
  key := array_to_string(ids, ',');
  insert into public.channels (workspace_id, kind, dm_key, created_by)
  values (p_workspace_id, 'dm', key, uid)
  on conflict (workspace_id, dm_key) where kind = 'dm' do nothing
  returning * into ch;
  if ch.id is null then
    select * into ch from public.channels c
    where c.workspace_id = p_workspace_id and c.kind = 'dm' and c.dm_key = key;
  end if;
  perform private.add_to_channel(ch, ids);
  return ch;
end
$function$;

CREATE OR REPLACE FUNCTION public.remove_channel_member(p_channel_id uuid, p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
begin
  if p_user_id = uid then
    perform public.leave_channel(p_channel_id);
    return;
  end if;
  ch := private.require_visible_channel(p_channel_id);
  if ch.kind = 'dm' or ch.is_default then
    raise exception using errcode = '22023', message = 'Nobody can be removed from this conversation.', detail = 'membership_fixed';
  end if;
  if ch.created_by is distinct from uid and not private.is_workspace_admin(ch.workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only the channel''s creator or a workspace admin can remove people.',
      detail = 'channel_manager_only';
  end if;
  delete from public.channel_members cm where cm.channel_id = ch.id and cm.user_id = p_user_id;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not in this channel.', detail = 'person_not_in_channel';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_workspace_admin(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select private.is_workspace_admin(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage groups.',
      detail = 'workspace_admin_only';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.workspace_keeps_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    detail = 'last_workspace_owner',
    hint = 'Make someone else an owner first.';
end
$function$;

CREATE OR REPLACE FUNCTION private.workspace_members_guest_kind()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  if new.role <> 'guest' then
    new.guest_kind := null;
    return new;
  end if;
  new.guest_kind := coalesce(new.guest_kind, 'multi');
  if new.guest_kind = 'single' and tg_op = 'UPDATE' then
    select count(*) into v_count
    from public.channel_members cm join public.channels c on c.id = cm.channel_id
    where cm.workspace_id = new.workspace_id and cm.user_id = new.user_id and c.kind <> 'dm';
    if v_count > 1 then
      raise exception using errcode = '22023',
        message = format('A single-channel guest can be in only one channel; %s is in %s channels.', private.person_label(new.user_id), v_count),
        detail = 'single_channel_guest',
        hint = 'Remove them from the other channels first.';
    end if;
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.workspaces_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.name := private.clean_line(new.name, 'Workspace name', 80);
  if tg_op = 'INSERT' or new.slug is distinct from old.slug then
    new.slug := lower(btrim(coalesce(new.slug, '')));
    if new.slug !~ '^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$' then
      raise exception using errcode = '22023',
        message = 'Workspace address may use only a-z, 0-9 and dashes (1 to 48 characters).',
        detail = 'workspace_address_invalid',
        hint = 'It must start and end with a letter or digit.';
    end if;
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION public.create_workspace(p_name text, p_slug text DEFAULT NULL::text)
 RETURNS public.workspaces
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ws public.workspaces;
  v_slug text;
  general uuid;
begin
  if nullif(btrim(coalesce(p_slug, '')), '') is null then
    v_slug := private.slug_for(private.clean_line(p_name, 'Workspace name', 80));
  else
    v_slug := lower(btrim(p_slug));
    if exists (select 1 from public.workspaces w where w.slug = v_slug) then
      raise exception using errcode = '23505',
        message = 'That workspace address is taken.', detail = 'workspace_address_taken', hint = 'Pick another one.';
    end if;
  end if;
  insert into public.workspaces (name, slug, created_by) values (p_name, v_slug, uid) returning * into ws;
  insert into public.workspace_members (workspace_id, user_id, role) values (ws.id, uid, 'owner');
  insert into public.channels (workspace_id, kind, name, topic, is_default, created_by)
  values (ws.id, 'public', 'general', 'Everyone in the workspace', true, uid)
  returning id into general;
  insert into public.channel_members (channel_id, user_id) values (general, uid);
  return ws;
end
$function$;

CREATE OR REPLACE FUNCTION public.leave_workspace(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
begin
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  if mine = 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514',
      message = 'You are the last owner of this workspace.',
      detail = 'last_workspace_owner',
      hint = 'Make someone else an owner before you leave.';
  end if;
  update public.workspace_members wm set left_at = now()
  where wm.workspace_id = p_workspace_id and wm.user_id = uid;
end
$function$;

CREATE OR REPLACE FUNCTION public.remove_member(p_workspace_id uuid, p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
begin
  if p_user_id = uid then
    perform public.leave_workspace(p_workspace_id);
    return;
  end if;
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  if mine not in ('owner', 'admin') then
    raise exception using errcode = '42501', message = 'Only owners and admins can remove people.', detail = 'workspace_admin_only';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.', detail = 'person_not_in_workspace';
  end if;
  if mine = 'admin' and target.role not in ('member', 'guest') then
    raise exception using errcode = '42501', message = 'Admins can remove members and guests; only owners can remove admins and owners.', detail = 'workspace_owner_only';
  end if;
  if target.role = 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514', message = 'A workspace needs at least one owner.', detail = 'last_workspace_owner';
  end if;
  update public.workspace_members wm set left_at = now() where wm.id = target.id;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_member_role(p_workspace_id uuid, p_user_id uuid, p_role public.workspace_role)
 RETURNS public.workspace_members
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
  was public.workspace_role;
begin
  perform private.lock_workspace(p_workspace_id);
  mine := private.workspace_role(p_workspace_id);
  if mine is null then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  if mine not in ('owner', 'admin') then
    raise exception using errcode = '42501', message = 'Only owners and admins can change roles.', detail = 'workspace_admin_only';
  end if;
  if p_role is null then
    raise exception using errcode = '22023', message = 'Role must be owner, admin, member or guest.', detail = 'missing_argument';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if not found then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.', detail = 'person_not_in_workspace';
  end if;
  if mine = 'admin' and (target.role = 'owner' or p_role = 'owner') then
    raise exception using errcode = '42501', message = 'Only owners can make someone an owner or change an owner''s role.', detail = 'workspace_owner_only';
  end if;
  if target.role = 'owner' and p_role <> 'owner' and (
    select count(*) from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.role = 'owner' and wm.left_at is null
  ) = 1 then
    raise exception using errcode = '23514',
      message = 'A workspace needs at least one owner.', detail = 'last_workspace_owner', hint = 'Make someone else an owner first.';
  end if;
  was := target.role;
  update public.workspace_members wm set role = p_role where wm.id = target.id returning * into target;
  if was = 'guest' and p_role <> 'guest' then
    insert into public.channel_members (channel_id, user_id)
    select c.id, p_user_id from public.channels c
    where c.workspace_id = p_workspace_id and c.is_default and c.archived_at is null
    on conflict (channel_id, user_id) do nothing;
  end if;
  return target;
end
$function$;

CREATE OR REPLACE FUNCTION public.workspace_analytics(p_workspace_id uuid, p_days integer DEFAULT 30)
 RETURNS TABLE(channel_id uuid, name text, kind text, messages bigint, people bigint, last_message_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_workspace_id is null
    or p_workspace_id not in (select private.admin_workspace_ids()) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can see its analytics.',
      detail = 'workspace_admin_only';
  end if;
  if p_days is null or p_days < 1 or p_days > 366 then
    raise exception using errcode = '22023', message = 'p_days must be from 1 to 366.', detail = 'invalid_argument';
  end if;
  return query
    select c.id, c.name, c.kind::text, count(m.id), count(distinct m.author_id), max(m.created_at)
    from public.channels c
    left join public.messages m
      on m.channel_id = c.id
      and m.deleted_at is null
      and m.created_at >= now() - make_interval(days => p_days)
    where c.workspace_id = p_workspace_id and c.kind <> 'dm' and c.archived_at is null
    group by c.id, c.name, c.kind
    order by count(m.id) desc, c.name;
end
$function$;

CREATE OR REPLACE FUNCTION private.invites_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_missing uuid[];
begin
  -- Server-made: never trust a client's token, count or author.
  new.token := private.new_token();
  new.use_count := 0;
  new.created_at := now();
  new.created_by := coalesce((select auth.uid()), new.created_by);
  new.email := nullif(lower(btrim(coalesce(new.email, ''))), '');
  if new.email is not null then
    if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(new.email) > 254 then
      raise exception using errcode = '22023', message = 'That is not a valid email address.', detail = 'email_invalid';
    end if;
    new.max_uses := 1;
  end if;
  if new.role = 'owner' then
    raise exception using errcode = '22023',
      message = 'Invites are for members, admins or guests.',
      detail = 'invite_role_invalid',
      hint = 'Make someone an owner after they join.';
  end if;
  if new.role = 'guest' then
    if new.email is null then
      raise exception using errcode = '22023',
        message = 'Guests are invited by email.', detail = 'guest_email_required', hint = 'Enter the guest''s email address.';
    end if;
    new.guest_kind := coalesce(new.guest_kind, 'multi');
    select coalesce(array_agg(distinct u), '{}') into new.channel_ids
    from unnest(coalesce(new.channel_ids, '{}')) as u where u is not null;
    if cardinality(new.channel_ids) = 0 then
      raise exception using errcode = '22023',
        message = 'A guest invite names the channels the guest may use.',
        detail = 'guest_channels_required',
        hint = 'Pick at least one channel.';
    end if;
    if new.guest_kind = 'single' and cardinality(new.channel_ids) > 1 then
      raise exception using errcode = '22023',
        message = format('A single-channel guest can be in only one channel; this invite names %s channels.', cardinality(new.channel_ids)),
        detail = 'single_channel_guest',
        hint = 'Pick one channel, or invite a multi-channel guest.';
    end if;
    select array_agg(u) into v_missing
    from unnest(new.channel_ids) as u
    where not exists (
      select 1 from public.channels c
      where c.id = u and c.workspace_id = new.workspace_id and c.kind <> 'dm'
        and c.archived_at is null and c.id in (select private.visible_channel_ids())
    );
    if v_missing is not null then
      raise exception using errcode = '22023',
        message = format('Channel not found. Not a channel of this workspace you can see: %s.', array_to_string(v_missing, ', ')),
        detail = 'channel_not_found';
    end if;
  else
    new.channel_ids := null;
    new.guest_kind := null;
  end if;
  new.expires_at := coalesce(new.expires_at, now() + interval '7 days');
  if new.expires_at < now() + interval '5 minutes' or new.expires_at > now() + interval '30 days' then
    raise exception using errcode = '22023',
      message = 'An invite must expire between 5 minutes and 30 days from now.',
      detail = 'invite_expiry_invalid';
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.take_invite_mail(p_workspace uuid, p_inviter uuid, p_invite uuid DEFAULT NULL::uuid, p_source text DEFAULT 'invite'::text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_per_inviter integer := private.invite_mail_limit('per_inviter_per_hour');
  v_per_workspace integer := private.invite_mail_limit('per_workspace_per_day');
  v_count integer;
  v_resets timestamptz;
  v_id bigint;
begin
  if p_inviter is null or p_workspace is null then
    raise exception using errcode = '22023', message = 'An invitation mail needs an inviter and a workspace.', detail = 'missing_argument';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('chorus.invite_mail.inviter:' || p_inviter::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('chorus.invite_mail.workspace:' || p_workspace::text, 0));

  select count(*) into v_count from private.invite_mails m
  where m.inviter = p_inviter and m.sent_at > now() - interval '1 hour';
  if v_count >= v_per_inviter then
    -- Free again when enough of the hour's mails are more than an hour old.
    select m.sent_at + interval '1 hour' into v_resets from private.invite_mails m
    where m.inviter = p_inviter and m.sent_at > now() - interval '1 hour'
    order by m.sent_at offset greatest(v_count - v_per_inviter, 0) limit 1;
    raise exception using errcode = 'PT429',
      message = case when v_per_inviter = 0
        then 'Invitations by email are turned off on this server.'
        else format('You have sent %s invitations by email in the last hour, the most one person may send. You can send more after %s UTC.',
          v_count, to_char(v_resets at time zone 'UTC', 'YYYY-MM-DD HH24:MI')) end,
      detail = 'invite_limit_reached',
      hint = jsonb_build_object('limit', 'per_inviter_per_hour', 'max', v_per_inviter,
        'resets_at', v_resets)::text;
  end if;

  select count(*) into v_count from private.invite_mails m
  where m.workspace_id = p_workspace and m.sent_at > now() - interval '1 day';
  if v_count >= v_per_workspace then
    select m.sent_at + interval '1 day' into v_resets from private.invite_mails m
    where m.workspace_id = p_workspace and m.sent_at > now() - interval '1 day'
    order by m.sent_at offset greatest(v_count - v_per_workspace, 0) limit 1;
    raise exception using errcode = 'PT429',
      message = case when v_per_workspace = 0
        then 'Invitations by email are turned off on this server.'
        else format('This workspace has sent %s invitations by email in the last 24 hours, the most a workspace may send. It can send more after %s UTC.',
          v_count, to_char(v_resets at time zone 'UTC', 'YYYY-MM-DD HH24:MI')) end,
      detail = 'invite_limit_reached',
      hint = jsonb_build_object('limit', 'per_workspace_per_day', 'max', v_per_workspace,
        'resets_at', v_resets)::text;
  end if;

  delete from private.invite_mails m where m.sent_at < now() - interval '2 days';
  insert into private.invite_mails (inviter, workspace_id, invite_id, source)
  values (p_inviter, p_workspace, p_invite, coalesce(p_source, 'invite'))
  returning id into v_id;
  return v_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.accept_invite(p_token text)
 RETURNS public.workspaces
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  inv public.invites;
  account record;
  ws public.workspaces;
  v_member boolean;
  v_claims uuid[];
  v_from uuid;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') for update;
  if not found then
    raise exception using errcode = '22023',
      message = 'This invite link is not valid.', detail = 'invite_not_found', hint = 'Ask for a new invite.';
  end if;
  select * into ws from public.workspaces w where w.id = inv.workspace_id;
  v_member := exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = inv.workspace_id and wm.user_id = uid and wm.left_at is null
  );
  if inv.email is not null and inv.role <> 'guest' then
    v_claims := array(
      select ph.profile_id from private.import_placeholders ph
      join public.imports i on i.id = ph.import_id and i.status = 'done'
      where ph.workspace_id = inv.workspace_id and ph.email = inv.email and ph.active
        and i.finished_at <= inv.created_at
        and exists (select 1 from public.workspace_members o
          where o.workspace_id = inv.workspace_id and o.user_id = inv.created_by
            and o.role = 'owner' and o.left_at is null)
      order by ph.created_at);
  end if;
  if v_member and coalesce(cardinality(v_claims), 0) = 0 then
    return ws;
  end if;
  if inv.expires_at <= now() then
    raise exception using errcode = '22023',
      message = 'This invite has expired.', detail = 'invite_expired', hint = 'Ask for a new invite.';
  end if;
  if inv.max_uses is not null and inv.use_count >= inv.max_uses then
    raise exception using errcode = '22023',
      message = 'This invite has already been used.', detail = 'invite_expired', hint = 'Ask for a new invite.';
  end if;
  if inv.email is not null then
    select u.email, u.email_confirmed_at into account from auth.users u where u.id = uid;
    if account.email_confirmed_at is null or lower(coalesce(account.email, '')) <> inv.email then
      raise exception using errcode = '42501',
        message = format('This invite was sent to another email address: it is for %s.', inv.email),
        detail = 'invite_email_mismatch',
        hint = 'Sign in with that address, or ask for an invite link.';
    end if;
  end if;
  if inv.role = 'guest' and not exists (
    select 1 from public.channels c
    where c.id = any (inv.channel_ids) and c.workspace_id = inv.workspace_id and c.archived_at is null
  ) then
    raise exception using errcode = '22023',
      message = 'The channels of this invite are archived or gone.', detail = 'invite_channels_gone', hint = 'Ask for a new invite.';
  end if;

  perform private.lock_workspace(inv.workspace_id);
  if not v_member then
    insert into public.workspace_members (workspace_id, user_id, role, guest_kind)
    values (inv.workspace_id, uid, inv.role, inv.guest_kind)
    on conflict (workspace_id, user_id)
    do update set role = excluded.role, guest_kind = excluded.guest_kind, left_at = null, joined_at = now();
    insert into public.channel_members (channel_id, user_id)
    select c.id, uid from public.channels c
    where c.workspace_id = inv.workspace_id and c.archived_at is null
      and case when inv.role = 'guest' then c.id = any (inv.channel_ids) else c.is_default end
    on conflict (channel_id, user_id) do nothing;
  end if;
  update public.invites i set use_count = i.use_count + 1 where i.id = inv.id;
  foreach v_from in array coalesce(v_claims, '{}') loop
    perform private.import_placeholder_claim(inv.workspace_id, v_from, uid);
  end loop;
  return ws;
end
$function$;

CREATE OR REPLACE FUNCTION public.claim_invite_mail(p_token text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  inv public.invites;
begin
  select * into inv from public.invites i where i.token = coalesce(p_token, '') and i.email is not null;
  if not found or not private.is_workspace_admin(inv.workspace_id) then
    raise exception using errcode = '42501',
      message = 'No email invitation of yours has that token.',
      detail = 'email_invite_not_yours';
  end if;
  if inv.expires_at <= now() or inv.use_count >= coalesce(inv.max_uses, 2147483647) then
    raise exception using errcode = '22023',
      message = 'This invitation has expired or has been used.', detail = 'invite_expired', hint = 'Make a new invitation.';
  end if;
  return private.take_invite_mail(inv.workspace_id, uid, inv.id, 'invite');
end
$function$;

CREATE OR REPLACE FUNCTION public.create_invite(p_workspace_id uuid, p_email text DEFAULT NULL::text, p_role public.workspace_role DEFAULT 'member'::public.workspace_role, p_expires_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_max_uses integer DEFAULT NULL::integer, p_channel_ids uuid[] DEFAULT NULL::uuid[], p_guest_kind text DEFAULT NULL::text)
 RETURNS public.invites
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  inv public.invites;
begin
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501', message = 'Only owners and admins can invite people.', detail = 'workspace_admin_only';
  end if;
  insert into public.invites (workspace_id, email, role, expires_at, max_uses, created_by,
    channel_ids, guest_kind)
  values (p_workspace_id, p_email, coalesce(p_role, 'member'), p_expires_at, p_max_uses,
    (select auth.uid()), p_channel_ids, p_guest_kind)
  returning * into inv;
  return inv;
end
$function$;

CREATE OR REPLACE FUNCTION private.user_group_members_no_guests()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.is_guest(new.workspace_id, new.user_id) then
    raise exception using errcode = '22023',
      message = format('Guests cannot be in user groups; %s is a guest.', private.person_label(new.user_id)),
      detail = 'guest_in_group',
      hint = 'Make them a member first.';
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION public.add_user_group_members(p_group_id uuid, p_user_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_workspace uuid;
  v_me uuid := (select auth.uid());
  v_strangers uuid[];
begin
  select g.workspace_id into v_workspace from public.user_groups g where g.id = p_group_id;
  if v_workspace is null or v_workspace not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.', detail = 'group_not_found';
  end if;
  if coalesce(array_length(p_user_ids, 1), 0) = 0 then
    return;
  end if;
  if not (select private.is_workspace_admin(v_workspace)) and p_user_ids <> array[v_me] then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can add others to a group.',
      detail = 'workspace_admin_only',
      hint = 'You can join a group yourself.';
  end if;
  select array_agg(u) into v_strangers from unnest(p_user_ids) u
  where not exists (
    select 1 from public.workspace_members wm
    where wm.workspace_id = v_workspace and wm.user_id = u and wm.left_at is null
  );
  if v_strangers is not null then
    raise exception using errcode = '22023',
      message = format('Only people of the workspace can be in its groups. Not in the workspace: %s.', array_to_string(v_strangers, ', ')),
      detail = 'person_not_in_workspace';
  end if;
  insert into public.user_group_members (group_id, workspace_id, user_id, added_by)
  select p_group_id, v_workspace, u, v_me from unnest(p_user_ids) u
  on conflict (group_id, user_id) do nothing;
end
$function$;

CREATE OR REPLACE FUNCTION public.create_user_group(p_workspace_id uuid, p_handle text, p_name text, p_description text DEFAULT ''::text, p_user_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS public.user_groups
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_group public.user_groups;
begin
  perform private.require_workspace_admin(p_workspace_id);
  begin
    insert into public.user_groups (workspace_id, handle, name, description, created_by)
    values (p_workspace_id, private.clean_handle(p_handle), btrim(coalesce(p_name, '')),
      btrim(coalesce(p_description, '')), (select auth.uid()))
    returning * into v_group;
  exception
    when unique_violation then
      raise exception using errcode = '23505',
        message = format('There is already a group @%s.', private.clean_handle(p_handle)),
        detail = 'group_handle_taken';
    when check_violation then
      raise exception using errcode = '22023',
        message = 'A group needs a name of 1 to 80 characters and a description of at most 250.',
        detail = 'group_fields_invalid';
  end;
  perform public.add_user_group_members(v_group.id, p_user_ids);
  return v_group;
end
$function$;

CREATE OR REPLACE FUNCTION public.delete_user_group(p_group_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_workspace uuid;
begin
  select g.workspace_id into v_workspace from public.user_groups g where g.id = p_group_id;
  if v_workspace is null or v_workspace not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.', detail = 'group_not_found';
  end if;
  perform private.require_workspace_admin(v_workspace);
  delete from public.user_groups where id = p_group_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.remove_user_group_member(p_group_id uuid, p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_workspace uuid;
begin
  select g.workspace_id into v_workspace from public.user_groups g where g.id = p_group_id;
  if v_workspace is null or v_workspace not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.', detail = 'group_not_found';
  end if;
  if p_user_id is distinct from (select auth.uid())
    and not (select private.is_workspace_admin(v_workspace)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can remove others from a group.',
      detail = 'workspace_admin_only',
      hint = 'You can leave a group yourself.';
  end if;
  delete from public.user_group_members m where m.group_id = p_group_id and m.user_id = p_user_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.update_user_group(p_group_id uuid, p_handle text DEFAULT NULL::text, p_name text DEFAULT NULL::text, p_description text DEFAULT NULL::text)
 RETURNS public.user_groups
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_group public.user_groups;
begin
  select * into v_group from public.user_groups g where g.id = p_group_id;
  if v_group.id is null or v_group.workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Group not found.', detail = 'group_not_found';
  end if;
  perform private.require_workspace_admin(v_group.workspace_id);
  begin
    update public.user_groups g set
      handle = coalesce(private.clean_handle(nullif(p_handle, '')), g.handle),
      name = coalesce(nullif(btrim(p_name), ''), g.name),
      description = coalesce(btrim(p_description), g.description)
    where g.id = p_group_id
    returning * into v_group;
  exception
    when unique_violation then
      raise exception using errcode = '23505',
        message = format('There is already a group @%s.', private.clean_handle(p_handle)),
        detail = 'group_handle_taken';
    when check_violation then
      raise exception using errcode = '22023',
        message = 'A group needs a name of 1 to 80 characters and a description of at most 250.',
        detail = 'group_fields_invalid';
  end;
  return v_group;
end
$function$;

CREATE OR REPLACE FUNCTION private.handle_new_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from public.profiles p where p.id = new.id and p.is_placeholder) then
    raise exception using errcode = '23505', message = 'That id is an imported person''s.', detail = 'profile_id_taken';
  end if;
  insert into public.profiles (id, display_name)
  values (new.id, private.display_name_for(new.raw_user_meta_data, new.email))
  on conflict (id) do nothing;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.profiles_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.display_name := private.clean_line(new.display_name, 'Display name', 64);
  new.avatar_path := nullif(btrim(coalesce(new.avatar_path, '')), '');
  if new.avatar_path is not null and (
    split_part(new.avatar_path, '/', 1) <> new.id::text
    or new.avatar_path !~ '^[^/]+/[^/]' or new.avatar_path like '%..%' or new.avatar_path like '%//%'
    or char_length(new.avatar_path) > 512
  ) then
    raise exception using errcode = '22023',
      message = format('Avatar must be a file in your own folder of the avatars bucket: a path starting with %s/.', new.id),
      detail = 'avatar_path_invalid';
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.status_clear_at(p_clear_after text, p_time_zone text)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  local_now timestamp;
begin
  if p_clear_after is null
    or p_clear_after not in ('30_minutes', 'today', 'this_week', 'never') then
    raise exception using errcode = '22023',
      message = format('Unknown clear-after choice: %s.', coalesce(p_clear_after, 'null')),
      detail = 'invalid_argument',
      hint = 'Use 30_minutes, today, this_week or never.';
  end if;
  begin
    local_now := now() at time zone coalesce(p_time_zone, '');
  exception when invalid_parameter_value then
    raise exception using errcode = '22023',
      message = format('Unknown time zone: %s.', coalesce(p_time_zone, 'null')),
      detail = 'unknown_time_zone',
      hint = 'Use an IANA time zone name such as Europe/Paris.';
  end;
  return case p_clear_after
    when '30_minutes' then now() + interval '30 minutes'
    when 'today' then (date_trunc('day', local_now) + interval '1 day') at time zone p_time_zone
    when 'this_week' then (date_trunc('week', local_now) + interval '7 days') at time zone p_time_zone
    else null
  end;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_status(p_emoji text, p_text text, p_clear_after text, p_time_zone text DEFAULT 'UTC'::text)
 RETURNS public.user_statuses
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v_text text := private.clean_line(p_text, 'Status text', 100, true);
  v_emoji text := btrim(normalize(coalesce(p_emoji, ''), nfc));
  v_clear_at timestamptz := private.status_clear_at(p_clear_after, p_time_zone);
  saved public.user_statuses;
begin
  if v_emoji = '' and v_text = '' then
    raise exception using errcode = '22023', message = 'A status needs an emoji or some text.',
      detail = 'status_empty',
      hint = 'Call clear_status() to clear it.';
  end if;
  if v_emoji = '' then
    v_emoji := '💬';
  end if;
  if char_length(v_emoji) > 32
    or v_emoji !~ '^[#*0-9\u00a9\u00ae\u203c-\u2bff\u3030\u303d\u3297\u3299\ufe0f\u200d\u20e3\U0001f000-\U0001faff\U000e0020-\U000e007f]+$'
    or v_emoji !~ '[^#*0-9]' then
    raise exception using errcode = '22023',
      message = format('The status emoji must be one emoji; got %s characters.', char_length(v_emoji)),
      detail = 'status_emoji_invalid';
  end if;
  insert into public.user_statuses as s (user_id, emoji, text, clear_after, clear_at, updated_at)
  values (uid, v_emoji, v_text, p_clear_after, v_clear_at, now())
  on conflict (user_id) do update
    set emoji = excluded.emoji, text = excluded.text, clear_after = excluded.clear_after,
      clear_at = excluded.clear_at, updated_at = excluded.updated_at
  returning s.* into saved;
  return saved;
end
$function$;

-- Chorus error codes in DETAIL for the functions of common.sql, notifications.sql, push.sql, mfa.sql
-- and audit.sql (issue 51 item 2): every error these functions raise keeps its SQLSTATE and its
-- message and carries its Chorus code (supabase/errors.json) as DETAIL. What a DETAIL said before
-- (the value that was refused, an example) is now in the message or the hint. Only the RAISE
-- statements change; the functions are otherwise as they were.

CREATE OR REPLACE FUNCTION private.clean_handle(p_handle text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v text := lower(btrim(coalesce(p_handle, '')));
begin
  v := regexp_replace(v, '^@', '');
  if v !~ '^[a-z0-9][a-z0-9._-]{0,29}$' then
    raise exception using errcode = '22023',
      message = format('A group handle is 1 to 30 letters, digits, dots, dashes or underscores; got "%s".',
        left(coalesce(p_handle, ''), 40)),
      detail = 'group_handle_invalid';
  end if;
  if v in ('channel', 'here', 'everyone') then
    raise exception using errcode = '22023',
      message = format('@%s is taken: it mentions the whole channel or workspace.', v),
      detail = 'group_handle_reserved';
  end if;
  return v;
end
$function$;

CREATE OR REPLACE FUNCTION private.clean_line(p_value text, p_label text, p_max_length integer, p_allow_empty boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v text := coalesce(p_value, '');
begin
  v := normalize(v, nfc);
  v := regexp_replace(v, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g');
  v := btrim(v, ' ');
  if v ~ '[\x01-\x1f\x7f-\x9f]' then
    raise exception using errcode = '22023',
      message = format('%s contains control characters.', p_label),
      detail = 'text_has_control_characters',
      hint = 'Use letters, digits, punctuation and emoji.';
  end if;
  if v ~ '[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]' then
    raise exception using errcode = '22023',
      message = format('%s contains invisible formatting characters.', p_label),
      detail = 'text_has_invisible_characters',
      hint = 'Remove zero-width and text-direction characters.';
  end if;
  if v = '' and not p_allow_empty then
    raise exception using errcode = '22023', message = format('%s must not be empty.', p_label), detail = 'text_empty';
  end if;
  if char_length(v) > p_max_length then
    raise exception using errcode = '22023',
      message = format('%s must be at most %s characters; it has %s.', p_label, p_max_length,
        char_length(v)),
      detail = 'text_too_long';
  end if;
  return v;
end
$function$;

CREATE OR REPLACE FUNCTION private.clean_slash_url(p_url text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  url text := btrim(coalesce(p_url, ''));
begin
  if url !~* '^https?://[^\s<>"/@]+(/[^\s<>"]*)?$' or char_length(url) > 2000 then
    raise exception using errcode = '22023',
      message = 'The URL must be an http:// or https:// address.',
      detail = 'url_invalid',
      hint = 'For example https://deploy.example.com/slack/command.';
  end if;
  return url;
end
$function$;

CREATE OR REPLACE FUNCTION private.credential_needs_proof()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if coalesce((select auth.jwt()) ->> 'role', '') is distinct from 'authenticated'
    or private.recent_proof() then
    return new;
  end if;
  raise exception using errcode = '42501',
    message = 'Confirm it is you before making an API credential.',
    detail = 'reauthentication_needed',
    hint = 'Sign in again (your password, or a code emailed to you) or verify your second factor, '
      || 'then try again within 15 minutes.';
end
$function$;

CREATE OR REPLACE FUNCTION private.join_app_gate(p_table regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  t record;
begin
  select c.relname, c.relrowsecurity, n.nspname into t
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = p_table;
  if t.nspname is distinct from 'public' then
    raise exception using errcode = '22023', message = 'Only tables of public join the app gate.', detail = 'table_not_public';
  end if;
  perform private.create_app_write_gate(p_table);
  if t.relrowsecurity then
    execute format(
      'create policy %I on public.%I as restrictive for select to authenticated '
      'using ((select private.oauth_session_live()))',
      t.relname || ': a revoked app reads nothing', t.relname);
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.oauth_write_gate()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  ws uuid;
begin
  if tg_table_name = 'workspaces' then
    ws := (r ->> 'id')::uuid;
  elsif r ? 'workspace_id' then
    ws := (r ->> 'workspace_id')::uuid;
  elsif r ? 'channel_id' then
    select c.workspace_id into ws from public.channels c where c.id = (r ->> 'channel_id')::uuid;
  end if;
  if ws is not null and private.oauth_client_may(ws, true) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception using errcode = '42501',
    message = 'This app may not change anything in this workspace.',
    detail = 'app_write_not_granted',
    hint = 'The person who connected it can allow it to write: Settings, Connected apps.';
end
$function$;

CREATE OR REPLACE FUNCTION private.require_slash_admin(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_uid();
  if p_workspace_id is null or not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.',
      detail = 'integrations_admin_only';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_slash_command_admin(p_id uuid)
 RETURNS public.slash_commands
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.slash_commands;
begin
  perform private.require_uid();
  select * into c from public.slash_commands s
  where s.id = p_id and s.workspace_id in (select private.admin_workspace_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Command not found.', detail = 'slash_command_not_found';
  end if;
  if c.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This command was revoked.', detail = 'slash_command_revoked';
  end if;
  return c;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_uid()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in first.', detail = 'not_signed_in';
  end if;
  return uid;
end
$function$;

CREATE OR REPLACE FUNCTION public.answer_slash_command(p_invocation_id uuid, p_response_secret text, p_in_channel boolean, p_body text, p_message_id uuid DEFAULT NULL::uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  inv private.slash_command_invocations;
  c public.slash_commands;
  ch public.channels;
  body text := coalesce(p_body, '');
  v_message_id uuid;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id for update;
  if not found or inv.response_hash is null then
    return 'no_service';
  end if;
  select * into c from public.slash_commands s where s.id = inv.command_id;
  if not found or c.revoked_at is not null then
    return 'no_service';
  end if;
  if p_response_secret is not null then
    if inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
      return 'invalid_token';
    end if;
    if inv.expires_at < now() then
      return 'expired';
    end if;
    if inv.uses >= 5 then
      return 'used_up';
    end if;
    update private.slash_command_invocations i set uses = uses + 1 where i.id = inv.id;
  end if;
  if char_length(body) > 4000 then
    raise exception using errcode = '22023', message = 'The answer must be at most 4000 characters.', detail = 'text_too_long';
  end if;
  if not p_in_channel then
    if p_response_secret is not null and body <> '' then
      insert into public.slash_command_responses (user_id, channel_id, command, body, invocation_id)
      values (inv.user_id, inv.channel_id, c.name, body, inv.id);
    end if;
    return 'ok';
  end if;
  select * into ch from public.channels x where x.id = inv.channel_id;
  if ch.archived_at is not null then
    return 'channel_is_archived';
  end if;
  -- Slack shows the command that was run above its first answer in the channel.
  if not inv.echoed and exists (select 1 from public.channel_members cm
                                where cm.channel_id = ch.id and cm.user_id = inv.user_id) then
    insert into public.messages (channel_id, author_id, body)
    values (ch.id, inv.user_id, private.clean_line(c.name || ' ' || inv.text, 'The command', 4000));
    update private.slash_command_invocations i set echoed = true where i.id = inv.id;
  end if;
  insert into public.messages (id, channel_id, author_id, body)
  values (coalesce(p_message_id, gen_random_uuid()), ch.id, null, body)
  returning id into v_message_id;
  if v_message_id is null then
    -- an id already taken (the insert trigger skips a repeated message): never attach to it
    raise exception using errcode = '23505', message = 'This message id is taken.', detail = 'message_id_taken';
  end if;
  insert into public.integration_messages (message_id, channel_id, app_name, slash_command_id)
  values (v_message_id, ch.id, c.name, c.id);
  return 'ok';
end
$function$;

CREATE OR REPLACE FUNCTION public.create_slash_command(p_workspace_id uuid, p_name text, p_url text, p_description text DEFAULT ''::text, p_usage_hint text DEFAULT ''::text)
 RETURNS TABLE(id uuid, signing_secret text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v_name text := lower(btrim(coalesce(p_name, '')));
  s text := encode(extensions.gen_random_bytes(16), 'hex');
  c_id uuid;
begin
  perform private.require_slash_admin(p_workspace_id);
  if v_name !~ '^/' then
    v_name := '/' || v_name;
  end if;
  if v_name !~ '^/[a-z0-9][a-z0-9_-]{0,31}$' then
    raise exception using errcode = '22023',
      message = 'A command is a slash and up to 32 letters, digits, - or _.',
      detail = 'slash_command_name_invalid',
      hint = 'For example /deploy.';
  end if;
  if v_name in ('/me', '/shrug', '/topic', '/invite', '/leave', '/remind', '/mute', '/status') then
    raise exception using errcode = '22023', message = format('%s is a built-in command.', v_name), detail = 'slash_command_builtin';
  end if;
  if exists (select 1 from public.slash_commands x
             where x.workspace_id = p_workspace_id and x.name = v_name and x.revoked_at is null) then
    raise exception using errcode = '23505', message = format('%s already exists.', v_name),
      detail = 'slash_command_exists',
      hint = 'Edit its URL or revoke it first.';
  end if;
  insert into public.slash_commands (workspace_id, name, url, description, usage_hint, created_by)
  values (p_workspace_id, v_name, private.clean_slash_url(p_url),
    private.clean_line(p_description, 'The description', 140, true),
    private.clean_line(p_usage_hint, 'The usage hint', 100, true), uid)
  returning slash_commands.id into c_id;
  insert into private.slash_command_secrets (command_id, secret) values (c_id, s);
  return query select c_id, s;
end
$function$;

CREATE OR REPLACE FUNCTION public.prepare_slash_command(p_invocation_id uuid, p_response_secret text)
 RETURNS TABLE(url text, signing_secret text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  inv private.slash_command_invocations;
begin
  select * into inv from private.slash_command_invocations i where i.id = p_invocation_id for update;
  if not found or inv.response_hash is not null or coalesce(p_response_secret, '') = '' then
    raise exception using errcode = '22023', message = 'No such command run.', detail = 'slash_command_run_not_found';
  end if;
  update private.slash_command_invocations i
  set response_hash = extensions.digest(p_response_secret, 'sha256')
  where i.id = inv.id;
  return query
    select s.url, x.secret
    from public.slash_commands s join private.slash_command_secrets x on x.command_id = s.id
    where s.id = inv.command_id and s.revoked_at is null;
end
$function$;

CREATE OR REPLACE FUNCTION public.revoke_app(p_client_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
begin
  if (select private.oauth_client_id()) is not null then
    raise exception using errcode = '42501',
      message = 'Only the person, not an app, decides what apps may do.',
      detail = 'person_only';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'Choose an app.', detail = 'missing_argument';
  end if;
  delete from public.app_access a where a.user_id = uid and a.client_id = p_client_id;
  delete from auth.sessions s where s.user_id = uid and s.oauth_client_id = p_client_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_app_access(p_client_id uuid, p_workspace_id uuid, p_access text)
 RETURNS public.app_access
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  saved public.app_access;
begin
  if (select private.oauth_client_id()) is not null then
    raise exception using errcode = '42501',
      message = 'Only the person, not an app, decides what apps may do.',
      detail = 'person_only';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'Choose an app.', detail = 'missing_argument';
  end if;
  if p_access is null or p_access not in ('none', 'read', 'write') then
    raise exception using errcode = '22023',
      message = format('An app''s access is none, read or write; got "%s".',
        left(coalesce(p_access, ''), 40)),
      detail = 'invalid_argument';
  end if;
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '22023', message = 'Workspace not found.', detail = 'workspace_not_found';
  end if;
  insert into public.app_access (user_id, client_id, workspace_id, access)
  values (uid, p_client_id, p_workspace_id, p_access)
  on conflict on constraint app_access_once
  do update set access = excluded.access, updated_at = now()
  returning * into saved;
  return saved;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_guest_kind(p_workspace_id uuid, p_user_id uuid, p_kind text)
 RETURNS public.workspace_members
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.workspace_members;
  was text;
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501', message = 'Only owners and admins can change a guest''s channels.', detail = 'workspace_admin_only';
  end if;
  if p_kind is null or p_kind not in ('single', 'multi') then
    raise exception using errcode = '22023',
      message = 'A guest is single-channel or multi-channel.', detail = 'invalid_argument', hint = 'Use ''single'' or ''multi''.';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null
  for update;
  if not found or target.role <> 'guest' then
    raise exception using errcode = '22023', message = 'That person is not a guest of this workspace.', detail = 'person_not_guest';
  end if;
  was := target.guest_kind;
  update public.workspace_members wm set guest_kind = p_kind where wm.id = target.id
  returning * into target;
  if was is distinct from p_kind then
    perform private.audit(p_workspace_id, 'guest.kind_changed', 'person', p_user_id::text,
      private.person_label(p_user_id), jsonb_build_object('from', was, 'to', p_kind));
  end if;
  return target;
end
$function$;

CREATE OR REPLACE FUNCTION public.start_slash_command(p_channel_id uuid, p_command text, p_text text)
 RETURNS TABLE(invocation_id uuid, command_id uuid, command text, user_id uuid, user_name text, channel_name text, team_id uuid, team_domain text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  c public.slash_commands;
  i_id uuid;
begin
  select * into ch from public.channels x where x.id = p_channel_id;
  if not found or not private.is_channel_member(p_channel_id) then
    raise exception using errcode = '42501', message = 'You are not in this channel.', detail = 'not_channel_member';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.', detail = 'channel_archived';
  end if;
  if char_length(coalesce(p_text, '')) > 4000 then
    raise exception using errcode = '22023', message = 'The text must be at most 4000 characters.', detail = 'text_too_long';
  end if;
  select * into c from public.slash_commands s
  where s.workspace_id = ch.workspace_id and s.name = lower(coalesce(p_command, ''))
    and s.revoked_at is null;
  if not found then
    raise exception using errcode = '22023',
      message = format('%s is not a command.', coalesce(p_command, '')),
      detail = 'slash_command_not_found',
      hint = 'Type / to see the commands.';
  end if;
  -- the old runs' response_urls are expired: forget them
  delete from private.slash_command_invocations i where i.expires_at < now() - interval '1 day';
  insert into private.slash_command_invocations (command_id, user_id, channel_id, text)
  values (c.id, uid, ch.id, coalesce(p_text, ''))
  returning id into i_id;
  update public.slash_commands s set last_used_at = now() where s.id = c.id;
  return query
    select i_id, c.id, c.name, uid, p.display_name,
      coalesce(ch.name, 'directmessage'), w.id, w.slug
    from public.profiles p, public.workspaces w
    where p.id = uid and w.id = ch.workspace_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.touch_activity(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  insert into public.user_activity (user_id, workspace_id, active_at)
  values ((select auth.uid()), p_workspace_id, now())
  on conflict (workspace_id, user_id) do update set active_at = excluded.active_at;
end
$function$;

CREATE OR REPLACE FUNCTION private.notify_level_of(p_level text, p_allow_default boolean)
 RETURNS public.notify_level
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_level in ('all', 'mentions', 'nothing') then
    return p_level::public.notify_level;
  end if;
  if p_allow_default and p_level = 'default' then
    return null;
  end if;
  raise exception using errcode = '22023',
    message = format('Choose a notification level: %s is not one of all, mentions, nothing%s.',
      coalesce(quote_literal(p_level), 'null'), case when p_allow_default then ', default' end),
    detail = 'invalid_argument';
end
$function$;

CREATE OR REPLACE FUNCTION public.acknowledge_notification_email(p_batch_id uuid, p_ids bigint[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  gone integer;
begin
  if p_batch_id is null or p_ids is null then
    raise exception using errcode = '22023', message = 'p_batch_id and p_ids are required.', detail = 'missing_argument';
  end if;
  delete from private.email_queue q where q.batch_id = p_batch_id and q.id = any (p_ids);
  get diagnostics gone = row_count;
  update private.email_batches set sent_at = now() where id = p_batch_id;
  return gone;
end
$function$;

CREATE OR REPLACE FUNCTION public.my_notification_settings(p_workspace_id uuid)
 RETURNS TABLE(default_level public.notify_level, dnd_enabled boolean, dnd_start time without time zone, dnd_end time without time zone, dnd_time_zone text, snooze_until timestamp with time zone, email_enabled boolean, email_delay_minutes integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  return query
  select coalesce(d.level, 'mentions'), coalesce(s.dnd_enabled, false),
    coalesce(s.dnd_start, '22:00'::time), coalesce(s.dnd_end, '08:00'::time),
    coalesce(s.dnd_time_zone, 'UTC'), s.snooze_until, coalesce(s.email_enabled, true),
    w.email_delay_minutes
  from public.workspaces w
  left join public.notification_defaults d on d.workspace_id = w.id and d.user_id = uid
  left join public.notification_settings s on s.user_id = uid
  where w.id = p_workspace_id;
end
$function$;

CREATE OR REPLACE FUNCTION public.release_notification_email(p_batch_id uuid, p_ids bigint[], p_error text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  unit constant interval := interval '1 minute';
  max_attempts constant integer := 8;
  result jsonb;
begin
  if p_batch_id is null or p_ids is null then
    raise exception using errcode = '22023', message = 'p_batch_id and p_ids are required.', detail = 'missing_argument';
  end if;
  with released as (
    update private.email_queue q
    set batch_id = null,
      lease_until = null,
      last_error = left(coalesce(p_error, 'unknown error'), 1000),
      failed_at = case when q.attempts >= max_attempts then now() end,
      due_at = case when q.attempts >= max_attempts then q.due_at
        else now() + unit * power(2, greatest(q.attempts, 1) - 1) end
    where q.batch_id = p_batch_id and q.id = any (p_ids)
    returning q.*
  )
  select jsonb_build_object(
    'retrying', count(*) filter (where failed_at is null),
    'gave_up', count(*) filter (where failed_at is not null),
    'attempts', coalesce(max(attempts), 0),
    'next_attempt_at', min(due_at) filter (where failed_at is null)
  ) into result
  from released;
  return result;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_channel_notifications(p_channel_id uuid, p_level text DEFAULT NULL::text, p_muted boolean DEFAULT NULL::boolean)
 RETURNS TABLE(channel_id uuid, notify_level public.notify_level, muted boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v_level public.notify_level := case
    when p_level is null then null else private.notify_level_of(p_level, true) end;
begin
  return query
  update public.channel_members cm
  set notify_level = case when p_level is null then cm.notify_level else v_level end,
    muted = coalesce(p_muted, cm.muted)
  where cm.channel_id = p_channel_id and cm.user_id = uid
    and cm.workspace_id in (select private.workspace_ids())
  returning cm.channel_id, cm.notify_level, cm.muted;
  if not found then
    raise exception using errcode = '42501', message = 'You are not a member of this channel.', detail = 'not_channel_member';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_do_not_disturb(p_enabled boolean, p_start time without time zone DEFAULT NULL::time without time zone, p_end time without time zone DEFAULT NULL::time without time zone, p_time_zone text DEFAULT NULL::text)
 RETURNS public.notification_settings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_enabled is null then
    raise exception using errcode = '22023', message = 'Say whether Do Not Disturb is on.', detail = 'missing_argument';
  end if;
  if p_time_zone is not null
    and not exists (select 1 from pg_catalog.pg_timezone_names where name = p_time_zone) then
    raise exception using errcode = '22023',
      message = format('Choose a time zone: %s is not a known time zone.', quote_literal(p_time_zone)),
      detail = 'unknown_time_zone',
      hint = 'Use an IANA name such as Europe/Paris.';
  end if;
  update public.notification_settings s
  set dnd_enabled = p_enabled,
    dnd_start = coalesce(p_start, s.dnd_start),
    dnd_end = coalesce(p_end, s.dnd_end),
    dnd_time_zone = coalesce(p_time_zone, s.dnd_time_zone),
    updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
exception when check_violation then
  raise exception using errcode = '22023',
    message = 'Do Not Disturb must end at another time than it starts.',
    detail = 'dnd_start_equals_end';
end
$function$;

CREATE OR REPLACE FUNCTION public.set_email_notifications(p_enabled boolean)
 RETURNS public.notification_settings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_enabled is null then
    raise exception using errcode = '22023', message = 'Say whether emails are on.', detail = 'missing_argument';
  end if;
  update public.notification_settings s
  set email_enabled = p_enabled, updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_notification_content_hidden(p_workspace_id uuid, p_hidden boolean)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can change what notifications show.',
      detail = 'workspace_admin_only';
  end if;
  if p_hidden is null then
    raise exception using errcode = '22023', message = 'Say whether message text is hidden.', detail = 'missing_argument';
  end if;
  update public.workspaces set notifications_hide_content = p_hidden where id = p_workspace_id;
  return p_hidden;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_notification_default(p_workspace_id uuid, p_level text)
 RETURNS public.notify_level
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v_level public.notify_level := private.notify_level_of(p_level, false);
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.', detail = 'not_workspace_member';
  end if;
  insert into public.notification_defaults (workspace_id, user_id, level)
  values (p_workspace_id, uid, v_level)
  on conflict (workspace_id, user_id)
  do update set level = excluded.level, updated_at = now();
  return v_level;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_workspace_email_delay(p_workspace_id uuid, p_minutes integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_uid();
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can change when emails are sent.',
      detail = 'workspace_admin_only';
  end if;
  if p_minutes is null or p_minutes not between 0 and 1440 then
    raise exception using errcode = '22023',
      message = format('The email delay is 0 to 1440 minutes; %s was asked.',
        coalesce(p_minutes::text, 'null')),
      detail = 'email_delay_out_of_range';
  end if;
  update public.workspaces set email_delay_minutes = p_minutes where id = p_workspace_id;
  return p_minutes;
end
$function$;

CREATE OR REPLACE FUNCTION public.snooze_notifications(p_until timestamp with time zone)
 RETURNS public.notification_settings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_until > now() + interval '7 days' then
    raise exception using errcode = '22023',
      message = format('A snooze lasts 7 days at most; until %s was asked.', p_until),
      detail = 'snooze_too_long';
  end if;
  update public.notification_settings s
  set snooze_until = case when p_until > now() then p_until end, updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
end
$function$;

CREATE OR REPLACE FUNCTION public.unsubscribe_email(p_token text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  was_enabled boolean;
begin
  if p_token is null or p_token = '' then
    raise exception using errcode = '22023', message = 'This unsubscribe link has no token.',
      detail = 'missing_argument',
      hint = 'Open the link from the email again, or turn emails off in Chorus, under Notifications.';
  end if;
  select s.email_enabled into was_enabled
  from public.notification_settings s
  where s.email_token = p_token
  for update;
  if not found then
    raise exception using errcode = '22023', message = 'This unsubscribe link is not valid.',
      detail = 'unsubscribe_link_invalid',
      hint = 'Turn emails off in Chorus, under Notifications.';
  end if;
  if not was_enabled then
    raise exception using errcode = '22023',
      message = 'This unsubscribe link was used already: emails are off.',
      detail = 'unsubscribe_link_used',
      hint = 'Turn them on again in Chorus, under Notifications.';
  end if;
  update public.notification_settings s
  set email_enabled = false, updated_at = now()
  where s.email_token = p_token;
  return true;
end
$function$;

CREATE OR REPLACE FUNCTION public.finish_push_batch(p_batch_id uuid, p_sent bigint[], p_gone bigint[], p_retry jsonb DEFAULT '[]'::jsonb, p_failed jsonb DEFAULT '[]'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  max_attempts constant integer := 6;
  n_gone integer;
  result jsonb;
begin
  if p_batch_id is null then
    raise exception using errcode = '22023', message = 'p_batch_id is required.', detail = 'missing_argument';
  end if;
  insert into private.push_unread (user_id, channel_id, thread_id, message_id, seq)
  select distinct on (q.user_id, q.message_id) q.user_id, q.channel_id, q.thread_id,
    q.message_id, q.seq
  from private.push_queue q
  where q.batch_id = p_batch_id and q.id = any (coalesce(p_sent, '{}')) and q.kind = 'message'
  on conflict do nothing;
  update public.push_subscriptions s set last_used_at = now()
  where s.id in (select q.subscription_id from private.push_queue q
    where q.batch_id = p_batch_id and q.id = any (coalesce(p_sent, '{}')));
  delete from private.push_queue q
  where q.batch_id = p_batch_id and q.id = any (coalesce(p_sent, '{}'));
  delete from public.push_subscriptions s
  where s.id in (select q.subscription_id from private.push_queue q
    where q.batch_id = p_batch_id and q.id = any (coalesce(p_gone, '{}')));
  get diagnostics n_gone = row_count;
  update private.push_queue q
  set batch_id = null, lease_until = null, last_error = left(coalesce(r.error, 'failed'), 1000),
    failed_at = now()
  from jsonb_to_recordset(coalesce(p_failed, '[]')) as r(id bigint, error text)
  where q.batch_id = p_batch_id and q.id = r.id;
  with retried as (
    update private.push_queue q
    set batch_id = null, lease_until = null,
      last_error = left(coalesce(r.error, 'failed'), 1000),
      failed_at = case when q.attempts >= max_attempts then now() end,
      due_at = now() + greatest(make_interval(secs => coalesce(r.after_seconds, 0)),
        interval '10 seconds' * power(2, greatest(q.attempts, 1) - 1))
    from jsonb_to_recordset(coalesce(p_retry, '[]')) as r(id bigint, error text,
      after_seconds integer)
    where q.batch_id = p_batch_id and q.id = r.id
    returning q.*
  )
  select jsonb_build_object(
    'gone', n_gone,
    'retrying', count(*) filter (where failed_at is null),
    'gave_up', count(*) filter (where failed_at is not null),
    'gave_up_ids', coalesce(jsonb_agg(id) filter (where failed_at is not null), '[]'::jsonb),
    'next_attempt_at', min(due_at) filter (where failed_at is null)
  ) into result
  from retried;
  update private.push_batches set finished_at = now() where id = p_batch_id;
  return result;
end
$function$;

CREATE OR REPLACE FUNCTION public.register_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_device_name text)
 RETURNS public.push_subscriptions
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v_name text := left(btrim(regexp_replace(coalesce(p_device_name, ''), '\s+', ' ', 'g')), 60);
  v_key bytea := private.push_key_bytes(p_p256dh);
  v_session uuid := case when (select auth.jwt()) ->> 'session_id'
      ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then ((select auth.jwt()) ->> 'session_id')::uuid end;
  result public.push_subscriptions;
begin
  if p_endpoint is null or p_endpoint !~ '^https?://[^\s/?#]+' or length(p_endpoint) > 2048 then
    raise exception using errcode = '22023',
      message = format('A push endpoint is an https URL; got %s.',
        coalesce(quote_literal(left(p_endpoint, 80)), 'null')),
      detail = 'invalid_argument';
  end if;
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    raise exception using errcode = '22023',
      message = 'The p256dh key is a P-256 public key (65 bytes, base64url).',
      detail = 'invalid_argument';
  end if;
  if length(coalesce(private.push_key_bytes(p_auth), '')) <> 16 then
    raise exception using errcode = '22023',
      message = 'The auth secret is 16 bytes, base64url.',
      detail = 'invalid_argument';
  end if;
  if v_name = '' then
    v_name := 'This device';
  end if;
  if (select count(*) from public.push_subscriptions s
      where s.user_id = uid and s.endpoint <> p_endpoint) >= 20 then
    raise exception using errcode = '22023',
      message = 'Push is on for 20 devices already: remove one first.',
      detail = 'too_many_push_devices';
  end if;
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, device_name,
    session_id)
  values (uid, p_endpoint, p_p256dh, p_auth, v_name, v_session)
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      device_name = excluded.device_name, session_id = excluded.session_id,
      created_at = case when s.user_id = excluded.user_id then s.created_at else now() end
  returning * into result;
  return result;
end
$function$;

CREATE OR REPLACE FUNCTION public.test_push_subscription(p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
begin
  if not exists (select 1 from public.push_subscriptions s where s.id = p_id and s.user_id = uid)
  then
    raise exception using errcode = '42501', message = 'This device is not one of yours.', detail = 'push_device_not_yours';
  end if;
  insert into private.push_queue (kind, user_id, subscription_id) values ('test', uid, p_id);
end
$function$;

CREATE OR REPLACE FUNCTION private.require_mfa_for_sessions()
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if (select private.oauth_client_id()) is not null then
    raise exception using errcode = '42501',
      message = 'Only the person, not an app, manages their sessions.',
      detail = 'person_only';
  end if;
  if not private.mfa_ok() then
    raise exception using errcode = '42501',
      message = 'Sign in with your second factor to manage your sessions.',
      detail = 'insufficient_aal',
      hint = 'Verify a code from your authenticator app or use your security key first.';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_workspace_require_mfa(p_workspace_id uuid, p_required boolean)
 RETURNS public.workspaces
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  w public.workspaces;
begin
  perform private.require_uid();
  if p_required is null then
    raise exception using errcode = '22023', message = 'p_required must be true or false.', detail = 'missing_argument';
  end if;
  perform private.lock_workspace(p_workspace_id);
  if private.workspace_role(p_workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only an owner can change the workspace''s sign-in policy.',
      detail = 'workspace_owner_only';
  end if;
  if p_required and not private.session_aal2() then
    raise exception using errcode = '42501',
      message = 'Turn on two-factor sign-in for yourself first.',
      detail = 'insufficient_aal',
      hint = 'Settings, Security: add an authenticator app or a security key, then sign in with it.';
  end if;
  update public.workspaces set require_mfa = p_required where id = p_workspace_id
  returning * into w;
  return w;
end
$function$;

CREATE OR REPLACE FUNCTION public.sign_out_session(p_session_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
begin
  perform private.require_mfa_for_sessions();
  if p_session_id is null then
    raise exception using errcode = '22023', message = 'Choose a session to sign out.', detail = 'missing_argument';
  end if;
  if p_session_id::text = (select auth.jwt()) ->> 'session_id' then
    raise exception using errcode = '22023',
      message = 'This is the session you are using.',
      detail = 'session_is_current',
      hint = 'Sign out to end it.';
  end if;
  delete from auth.sessions s where s.id = p_session_id and s.user_id = uid;
  if not found then
    raise exception using errcode = '22023', message = 'Session not found.',
      detail = 'session_not_found',
      hint = 'It may have been signed out already.';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.audit_log_is_history()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE'
    and not exists (select 1 from public.workspaces w where w.id = old.workspace_id) then
    return old;
  end if;
  raise exception using errcode = '42501',
    message = 'The audit log cannot be changed or deleted.',
    detail = 'audit_log_immutable',
    hint = 'Audit entries are history: they are only ever added.';
end
$function$;

-- Chorus error codes in DETAIL for the functions of integrations.sql, bots.sql, events.sql,
-- exports.sql, imports.sql, moderation.sql and retention.sql (issue 51 item 2, "Errors have codes
-- end to end"). Each error RAISE keeps its SQLSTATE and message and gains detail = '<code>', a code
-- of the error catalogue (snake_case, as Supabase's and GoTrue's). Where the DETAIL said more (what
-- was asked for, an example, what is not allowed), that moved into the message or the hint. Only
-- the RAISE statements change.

CREATE OR REPLACE FUNCTION private.clean_webhook_icon(p_icon_emoji text, p_icon_url text)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  emoji text := nullif(btrim(coalesce(p_icon_emoji, '')), '');
  url text := nullif(btrim(coalesce(p_icon_url, '')), '');
begin
  if emoji is not null and emoji !~ '^:[a-z0-9_+-]{1,64}:$' then
    raise exception using errcode = '22023', message = 'The icon must be an emoji shortcode.',
      detail = 'icon_emoji_invalid', hint = 'For example :robot_face:.';
  end if;
  if url is not null and (url !~ '^https://[^\s<>"]+$' or char_length(url) > 2000) then
    raise exception using errcode = '22023', message = 'The icon URL must be an https:// address.',
      detail = 'icon_url_invalid';
  end if;
  return array[emoji, url];
end
$function$;

CREATE OR REPLACE FUNCTION private.require_webhook_admin(p_id uuid)
 RETURNS public.incoming_webhooks
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  w public.incoming_webhooks;
begin
  perform private.require_uid();
  select * into w from public.incoming_webhooks h
  where h.id = p_id
    and h.workspace_id in (select private.admin_workspace_ids())
    and h.channel_id in (select private.visible_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Webhook not found.',
      detail = 'webhook_not_found';
  end if;
  return w;
end
$function$;

CREATE OR REPLACE FUNCTION public.create_incoming_webhook(p_channel_id uuid, p_name text, p_icon_emoji text DEFAULT NULL::text, p_icon_url text DEFAULT NULL::text)
 RETURNS TABLE(id uuid, secret text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  ch public.channels;
  icon text[];
  s text := private.new_token() || private.new_token();
  w_id uuid;
begin
  ch := private.require_visible_channel(p_channel_id);
  if not private.is_workspace_admin(ch.workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.',
      detail = 'integrations_admin_only';
  end if;
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'A webhook posts to a channel, not a direct message.',
      detail = 'webhook_in_dm';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'This channel is archived.',
      detail = 'channel_archived';
  end if;
  icon := private.clean_webhook_icon(p_icon_emoji, p_icon_url);
  insert into public.incoming_webhooks (workspace_id, channel_id, name, icon_emoji, icon_url,
    secret_hash, created_by, tokens)
  values (ch.workspace_id, ch.id, private.clean_line(p_name, 'The name', 80), icon[1], icon[2],
    extensions.digest(s, 'sha256'), uid, private.integration_setting('webhook_burst', 10))
  returning incoming_webhooks.id into w_id;
  return query select w_id, s;
end
$function$;

CREATE OR REPLACE FUNCTION public.post_incoming_webhook(p_webhook_id uuid, p_secret text, p_message_id uuid, p_body text, p_username text DEFAULT NULL::text, p_icon_emoji text DEFAULT NULL::text, p_icon_url text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  w public.incoming_webhooks;
  ch public.channels;
  burst double precision := private.integration_setting('webhook_burst', 10);
  rate double precision := private.integration_setting('webhook_per_second', 1);
  available double precision;
  icon text[];
  username text;
  v_message_id uuid;
begin
  if p_message_id is null then
    raise exception using errcode = '22023', message = 'p_message_id is required.',
      detail = 'missing_argument';
  end if;
  select * into w from public.incoming_webhooks h where h.id = p_webhook_id for update;
  if not found or w.revoked_at is not null then
    return 'no_service';
  end if;
  if p_secret is null or w.secret_hash <> extensions.digest(p_secret, 'sha256') then
    return 'invalid_token';
  end if;
  select * into ch from public.channels c where c.id = w.channel_id;
  if not found then
    return 'channel_not_found';
  end if;
  if ch.archived_at is not null then
    return 'channel_is_archived';
  end if;
  -- The bucket (full when the webhook is made), refilled since its last use.
  available := least(burst, w.tokens + greatest(extract(epoch from now() - w.tokens_at), 0) * rate);
  if available < 1 then
    update public.incoming_webhooks h set tokens = available, tokens_at = now() where h.id = w.id;
    return 'rate_limited:' || case when rate > 0 then ceil((1 - available) / rate)::int else 60 end;
  end if;
  icon := private.clean_webhook_icon(p_icon_emoji, p_icon_url);
  username := nullif(private.clean_line(coalesce(p_username, ''), 'The username', 80, true), '');
  insert into public.messages (id, channel_id, author_id, body)
  values (p_message_id, w.channel_id, null, p_body)
  returning id into v_message_id;
  if v_message_id is null then
    -- an id already taken (the insert trigger skips a repeated message): never attach to it
    raise exception using errcode = '23505', message = 'This message id is taken.',
      detail = 'message_id_taken';
  end if;
  insert into public.integration_messages (message_id, channel_id, webhook_id, app_name, username,
    icon_emoji, icon_url)
  values (v_message_id, w.channel_id, w.id, w.name, username,
    coalesce(icon[1], w.icon_emoji), coalesce(icon[2], w.icon_url));
  update public.incoming_webhooks h
  set tokens = available - 1, tokens_at = now(), last_used_at = now()
  where h.id = w.id;
  return 'ok';
end
$function$;

CREATE OR REPLACE FUNCTION public.regenerate_incoming_webhook(p_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  w public.incoming_webhooks := private.require_webhook_admin(p_id);
  s text := private.new_token() || private.new_token();
begin
  if w.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This webhook was revoked.',
      detail = 'webhook_revoked',
      hint = 'Create a new one.';
  end if;
  update public.incoming_webhooks h
  set secret_hash = extensions.digest(s, 'sha256'), regenerated_at = now()
  where h.id = w.id;
  return s;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_bot_admin(p_id uuid)
 RETURNS public.bots
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bots;
begin
  perform private.require_uid();
  select * into b from public.bots x
  where x.id = p_id and x.workspace_id in (select private.admin_workspace_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Bot not found.', detail = 'bot_not_found';
  end if;
  return b;
end
$function$;

CREATE OR REPLACE FUNCTION public.create_bot(p_workspace_id uuid, p_name text)
 RETURNS TABLE(id uuid, token text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  bot_name text := private.clean_line(p_name, 'The name', 64);
  bot_id uuid := gen_random_uuid();
  t text := private.new_bot_token();
begin
  if p_workspace_id is null or not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.',
      detail = 'integrations_admin_only';
  end if;
  -- An account nobody can sign in to: no email, no phone, no password.
  insert into auth.users as u (instance_id, id, aud, role, email, encrypted_password,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
  values ('00000000-0000-0000-0000-000000000000', bot_id, 'authenticated', 'authenticated', null,
    null, jsonb_build_object('provider', 'chorus_bot', 'providers', '[]'::jsonb, 'bot', true),
    jsonb_build_object('display_name', bot_name), now(), now(), false);
  update public.profiles p set is_bot = true, display_name = bot_name where p.id = bot_id;
  insert into public.workspace_members (workspace_id, user_id, role)
  values (p_workspace_id, bot_id, 'member');
  insert into public.bots (id, workspace_id, name, token_hash, created_by, tokens)
  values (bot_id, p_workspace_id, bot_name, extensions.digest(t, 'sha256'), uid,
    private.integration_setting('bot_burst', 50));
  return query select bot_id, t;
end
$function$;

CREATE OR REPLACE FUNCTION public.regenerate_bot_token(p_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bots := private.require_bot_admin(p_id);
  t text := private.new_bot_token();
begin
  if b.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This bot was revoked.',
      detail = 'bot_revoked',
      hint = 'Create a new one.';
  end if;
  update public.bots x set token_hash = extensions.digest(t, 'sha256'), regenerated_at = now()
  where x.id = b.id;
  return t;
end
$function$;

CREATE OR REPLACE FUNCTION private.clean_event_choice(p_workspace_id uuid, p_event_types text[], p_private_channel_ids uuid[])
 RETURNS uuid[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  wanted uuid[] := coalesce(
    (select array_agg(distinct x) from unnest(p_private_channel_ids) x where x is not null), '{}');
  bad uuid[];
begin
  if p_event_types is null or cardinality(p_event_types) = 0 then
    raise exception using errcode = '22023', message = 'Choose at least one event.',
      detail = 'event_type_missing';
  end if;
  if not (p_event_types <@ array['message', 'reaction_added', 'member_joined_channel', 'team_join']) then
    raise exception using errcode = '22023', message = 'Unknown event type.',
      detail = 'event_type_unknown',
      hint = 'Events: message, reaction_added, member_joined_channel, team_join.';
  end if;
  bad := array(
    select x from unnest(wanted) x
    where not exists (
      select 1 from public.channels c
      where c.id = x and c.workspace_id = p_workspace_id and c.kind = 'private'
        and c.id in (select private.member_channel_ids())
    )
  );
  if cardinality(bad) > 0 then
    raise exception using errcode = '22023',
      message = format('Only private channels you are a member of can be chosen; not allowed: %s.',
        array_to_string(bad, ', ')),
      detail = 'event_channel_not_allowed';
  end if;
  return wanted;
end
$function$;

CREATE OR REPLACE FUNCTION private.clean_event_url(p_url text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  url text := btrim(coalesce(p_url, ''));
begin
  if url !~* '^https?://[^\s<>"/?#]+' or url ~ '[\s<>"]' or char_length(url) > 2000 then
    raise exception using errcode = '22023', message = 'The URL must be an http:// or https:// address.',
      detail = 'url_invalid';
  end if;
  if url ~* '^https?://[^/?#]*@' then
    raise exception using errcode = '22023', message = 'The URL must not contain a user name or password.',
      detail = 'url_has_credentials';
  end if;
  return url;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_event_subscription_admin(p_id uuid)
 RETURNS public.event_subscriptions
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.event_subscriptions;
begin
  perform private.require_uid();
  select * into s from public.event_subscriptions e
  where e.id = p_id and e.workspace_id in (select private.admin_workspace_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Subscription not found.',
      detail = 'event_subscription_not_found';
  end if;
  return s;
end
$function$;

CREATE OR REPLACE FUNCTION public.create_event_subscription(p_workspace_id uuid, p_url text, p_event_types text[], p_private_channel_ids uuid[] DEFAULT '{}'::uuid[])
 RETURNS TABLE(id uuid, secret text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  channels uuid[];
  s text := encode(extensions.gen_random_bytes(16), 'hex');
  limit_n integer := private.integration_setting('events_per_subscription', 20)::integer;
  e_id uuid;
begin
  if not private.is_workspace_admin(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner or admin can manage integrations.',
      detail = 'integrations_admin_only';
  end if;
  if (select count(*) from public.event_subscriptions e where e.workspace_id = p_workspace_id) >= limit_n then
    raise exception using errcode = '22023',
      message = 'This workspace has ' || limit_n || ' event subscriptions.',
      detail = 'too_many_event_subscriptions',
      hint = 'Delete one first.';
  end if;
  channels := private.clean_event_choice(p_workspace_id, p_event_types, p_private_channel_ids);
  insert into public.event_subscriptions (workspace_id, url, event_types, private_channel_ids,
    created_by)
  values (p_workspace_id, private.clean_event_url(p_url),
    array(select distinct t from unnest(p_event_types) t order by t), channels, uid)
  returning event_subscriptions.id into e_id;
  insert into private.event_subscription_secrets (subscription_id, secret) values (e_id, s);
  return query select e_id, s;
end
$function$;

CREATE OR REPLACE FUNCTION public.retry_event_delivery(p_id bigint)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d public.event_deliveries;
begin
  perform private.require_uid();
  select * into d from public.event_deliveries x
  where x.id = p_id and x.workspace_id in (select private.admin_workspace_ids())
    and (x.channel_id is null or x.channel_id in (select private.visible_channel_ids()));
  if not found then
    raise exception using errcode = '22023', message = 'Delivery not found.',
      detail = 'event_delivery_not_found';
  end if;
  if d.status <> 'failed' then
    raise exception using errcode = '22023', message = 'Only a failed delivery can be retried.',
      detail = 'event_delivery_not_failed';
  end if;
  update public.event_deliveries x
  set status = 'retrying', next_attempt_at = now(), retry_reason = coalesce(x.retry_reason, 'unknown_error')
  where x.id = d.id;
  return 'retrying';
end
$function$;

CREATE OR REPLACE FUNCTION public.set_event_subscription_active(p_id uuid, p_active boolean)
 RETURNS public.event_subscriptions
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.event_subscriptions := private.require_event_subscription_admin(p_id);
begin
  if p_active is null then
    raise exception using errcode = '22023', message = 'p_active is required.',
      detail = 'missing_argument';
  end if;
  update public.event_subscriptions e
  set active = p_active,
    paused_reason = case when p_active then null else 'admin' end,
    paused_at = case when p_active then null else now() end,
    consecutive_failures = case when p_active then 0 else e.consecutive_failures end,
    updated_at = now()
  where e.id = s.id
  returning * into s;
  return s;
end
$function$;

CREATE OR REPLACE FUNCTION public.dismiss_export_notice(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := private.require_uid();
begin
  if p_workspace_id is null or not (p_workspace_id in (select private.workspace_ids())) then
    raise exception using errcode = '22023', message = 'Workspace not found.',
      detail = 'workspace_not_found';
  end if;
  insert into private.export_notices_seen (workspace_id, user_id, seen_at)
  values (p_workspace_id, v_uid, now())
  on conflict (workspace_id, user_id) do update set seen_at = excluded.seen_at;
end
$function$;

CREATE OR REPLACE FUNCTION public.request_export(p_workspace uuid, p_kind text)
 RETURNS public.exports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_id uuid := gen_random_uuid();
  v_row public.exports;
  v_name text;
  v_scope text;
begin
  if v_uid is null then
    raise exception using errcode = '42501', message = 'Sign in first.', detail = 'not_signed_in';
  end if;
  if p_kind is null or p_kind not in ('workspace', 'personal') then
    raise exception using errcode = '22023',
      message = format('An export is of the workspace or of your own data: %s was asked for.',
        coalesce(p_kind, 'null')),
      detail = 'invalid_argument',
      hint = 'Ask for workspace or personal.';
  end if;
  if p_workspace is null or not (p_workspace in (select private.workspace_ids())) then
    raise exception using errcode = '22023', message = 'Workspace not found.',
      detail = 'workspace_not_found';
  end if;
  if p_kind = 'workspace' and not private.is_workspace_owner(p_workspace) then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can export it.',
      detail = 'workspace_owner_only',
      hint = 'You can export your own data instead.';
  end if;
  if exists (
    select 1 from public.exports e
    where e.requested_by = v_uid and e.status in ('queued', 'running')
  ) then
    raise exception using errcode = '23505',
      message = 'An export of yours is still being made.',
      detail = 'export_in_progress',
      hint = 'Wait for it to finish, then ask again.';
  end if;
  select w.name, case when p_kind = 'personal' then 'own' else w.export_scope end
  into v_name, v_scope
  from public.workspaces w where w.id = p_workspace;
  begin
    insert into public.exports (id, workspace_id, requested_by, kind, storage_path, scope)
    values (v_id, p_workspace, v_uid, p_kind, format('%s/%s.zip', p_workspace, v_id), v_scope)
    returning * into v_row;
  exception when unique_violation then
    raise exception using errcode = '23505',
      message = 'An export of yours is still being made.',
      detail = 'export_in_progress',
      hint = 'Wait for it to finish, then ask again.';
  end;
  if p_kind = 'workspace' then
    perform private.audit(p_workspace, 'export.requested', 'workspace', p_workspace::text, v_name,
      jsonb_build_object('export_id', v_id, 'scope', v_scope));
  end if;
  if not private.kick_export(v_id) then
    update public.exports e
    set status = 'failed', finished_at = now(), expires_at = now() + interval '7 days',
      error = 'Exports cannot run here: Vault has no project_url or publishable_key.'
    where e.id = v_id
    returning * into v_row;
  end if;
  return v_row;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_export_scope(p_workspace_id uuid, p_scope text)
 RETURNS public.workspaces
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  w public.workspaces;
begin
  perform private.require_uid();
  if p_scope is null or p_scope not in ('public', 'all') then
    raise exception using errcode = '22023',
      message = format('A workspace export holds public channels only, or everything: %s was asked for.',
        coalesce(p_scope, 'null')),
      detail = 'invalid_argument',
      hint = 'Ask for public or all.';
  end if;
  if p_workspace_id is null or not (p_workspace_id in (select private.workspace_ids())) then
    raise exception using errcode = '22023', message = 'Workspace not found.',
      detail = 'workspace_not_found';
  end if;
  perform private.lock_workspace(p_workspace_id);
  if private.workspace_role(p_workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only an owner can choose what a workspace export holds.',
      detail = 'workspace_owner_only';
  end if;
  update public.workspaces
  set export_scope = p_scope, export_scope_changed_at = now(),
    export_scope_changed_by = auth.uid()
  where id = p_workspace_id and export_scope is distinct from p_scope;
  select * into w from public.workspaces where id = p_workspace_id;
  return w;
end
$function$;

CREATE OR REPLACE FUNCTION private.import_messages(p_import uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, p_report jsonb, p_checkpoint jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v public.imports := private.import_lock(p_import);
  v_existing uuid[];
  v_held uuid[];
  v_rows jsonb := coalesce(p_rows, '[]');
  v_reactions jsonb := coalesce(p_reactions, '[]');
  v_files jsonb := coalesce(p_files, '[]');
  v_staged_rows jsonb;
  v_staged_reactions jsonb;
  v_staged_files jsonb;
  v_new integer := 0;
  v_new_files integer := 0;
  v_done record;
begin
  if v.id is null then
    return -1;
  end if;
  if auth.uid() is not null then
    raise exception using errcode = '42501', message = 'Only the import itself inserts its batches.',
      detail = 'import_internal_only';
  end if;
  v_existing := array(select ic.channel_id from private.import_channels ic
    where ic.import_id = p_import and ic.existing);
  if cardinality(v_existing) > 0 then
    -- the ids of the batch's messages in those channels (new ones, and ones already there that
    -- reactions and files may name)
    v_held := array(select (r->>'id')::uuid from jsonb_array_elements(v_rows) r
      where (r->>'channel_id')::uuid = any(v_existing));
    select coalesce(jsonb_agg(r order by o), '[]') into v_staged_rows
    from jsonb_array_elements(v_rows) with ordinality as x(r, o)
    where (r->>'channel_id')::uuid = any(v_existing)
      and not exists (select 1 from public.messages m where m.id = (r->>'id')::uuid);
    select coalesce(jsonb_agg(r order by o), '[]') into v_staged_reactions
    from jsonb_array_elements(v_reactions) with ordinality as x(r, o)
    where (r->>'message_id')::uuid = any(v_held);
    select coalesce(jsonb_agg(r order by o), '[]') into v_staged_files
    from jsonb_array_elements(v_files) with ordinality as x(r, o)
    where (r->>'message_id')::uuid = any(v_held);
    if cardinality(v_held) > 0 then
      if jsonb_array_length(v_staged_rows) + jsonb_array_length(v_staged_reactions)
        + jsonb_array_length(v_staged_files) > 0 then
        insert into private.import_staged (import_id, rows, reactions, files)
        values (p_import, v_staged_rows, v_staged_reactions, v_staged_files);
      end if;
      select count(distinct r->>'id')::integer into v_new from jsonb_array_elements(v_staged_rows) r;
      select count(*)::integer into v_new_files
      from jsonb_array_elements(v_staged_files) f
      where not exists (select 1 from public.attachments a where a.path = f->>'path');
      select coalesce(jsonb_agg(r order by o), '[]') into v_rows
      from jsonb_array_elements(v_rows) with ordinality as x(r, o)
      where not (r->>'channel_id')::uuid = any(v_existing);
      select coalesce(jsonb_agg(r order by o), '[]') into v_reactions
      from jsonb_array_elements(v_reactions) with ordinality as x(r, o)
      where not (r->>'message_id')::uuid = any(v_held);
      select coalesce(jsonb_agg(r order by o), '[]') into v_files
      from jsonb_array_elements(v_files) with ordinality as x(r, o)
      where not (r->>'message_id')::uuid = any(v_held);
    end if;
  end if;
  select * into v_done from private.import_insert(p_import, v.workspace_id, v_rows, v_reactions, v_files);
  update public.imports i
  set messages_done = i.messages_done + v_done.messages + v_new,
    files_done = i.files_done + v_done.files + v_new_files,
    report = i.report || coalesce(p_report, '[]'),
    checkpoint = p_checkpoint, heartbeat_at = now()
  where i.id = p_import;
  return v_done.messages + v_new;
end
$function$;

CREATE OR REPLACE FUNCTION public.cancel_import(p_import uuid)
 RETURNS public.imports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v public.imports;
begin
  select * into v from public.imports i where i.id = p_import;
  if v.id is null or private.workspace_role(v.workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501', message = 'Only the workspace''s owners can cancel its imports.',
      detail = 'workspace_owner_only';
  end if;
  if v.status not in ('queued', 'running') then
    raise exception using errcode = '22023',
      message = format('This import is no longer running: it is %s.', v.status),
      detail = 'import_not_running';
  end if;
  v := private.import_undo(p_import, 'cancelled', null);
  -- the accounts it invited: the next call of the function (the cron job's) deletes them
  perform private.kick_import(p_import);
  return coalesce(v, (select i from public.imports i where i.id = p_import));
end
$function$;

CREATE OR REPLACE FUNCTION public.import_invitees(p_import uuid)
 RETURNS TABLE(user_id uuid, email text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v public.imports;
begin
  perform private.require_uid();
  select * into v from public.imports i where i.id = p_import;
  if not found or private.workspace_role(v.workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can invite the people of its imports.',
      detail = 'workspace_owner_only';
  end if;
  if v.status <> 'done' then
    raise exception using errcode = '22023',
      message = 'The import is not done.',
      detail = 'import_not_done',
      hint = 'Invite its people once it is done.';
  end if;
  return query
  select distinct on (ph.email) ph.profile_id, ph.email
  from private.import_people ip
  join private.import_placeholders ph on ph.profile_id = ip.user_id
  where ip.import_id = p_import and ph.email is not null and ph.active
    and not exists (
      select 1 from public.invites i
      where i.workspace_id = v.workspace_id and i.email = ph.email
        and i.expires_at > now() and i.use_count < coalesce(i.max_uses, 1)
    )
  order by ph.email, ph.created_at;
end
$function$;

CREATE OR REPLACE FUNCTION public.start_import(p_workspace uuid, p_path text)
 RETURNS public.imports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  v_import public.imports;
begin
  if private.workspace_role(p_workspace) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can import into it.', detail = 'workspace_owner_only';
  end if;
  if p_path is null or split_part(p_path, '/', 1) <> p_workspace::text
    or not private.import_folder_owner(p_path) then
    raise exception using errcode = '22023', message = 'The archive must be a .zip file in the workspace''s import folder.',
      detail = 'import_path_invalid', hint = format('Expected imports/%s/<name>.zip.', p_workspace);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'imports' and o.name = p_path) then
    raise exception using errcode = '22023', message = 'The archive has not been uploaded.',
      detail = 'import_archive_not_uploaded',
      hint = 'Upload it to the imports bucket first.';
  end if;
  if exists (select 1 from public.imports i
    where i.workspace_id = p_workspace and i.status in ('queued', 'running')) then
    raise exception using errcode = '23505', message = 'An import into this workspace is already running.',
      detail = 'import_in_progress',
      hint = 'Wait for it to finish, or cancel it.';
  end if;
  insert into public.imports (workspace_id, started_by, source_path)
  values (p_workspace, uid, p_path)
  returning * into v_import;
  perform private.audit(p_workspace, 'import.started', 'import', v_import.id::text,
    split_part(p_path, '/', 2), jsonb_build_object('path', p_path));
  perform private.kick_import(v_import.id);
  return v_import;
end
$function$;

CREATE OR REPLACE FUNCTION public.start_import(p_workspace uuid, p_path text, p_invite boolean)
 RETURNS public.imports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_import public.imports;
begin
  if coalesce(p_invite, false) then
    raise exception using errcode = '22023',
      message = 'An import emails nobody.',
      detail = 'import_invite_unsupported',
      hint = 'When it is done, invite its people from the import''s summary.';
  end if;
  v_import := public.start_import(p_workspace, p_path);
  insert into private.import_invitations (import_id, invite) values (v_import.id, false);
  return v_import;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_moderator(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce(private.is_workspace_admin(p_workspace_id), false) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can moderate this workspace.',
      detail = 'workspace_admin_only';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_suspendable(p_workspace_id uuid, p_user_id uuid)
 RETURNS public.workspace_members
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
begin
  mine := private.workspace_role(p_workspace_id);
  if mine is null or mine not in ('owner', 'admin') then -- guests: a guest suspends nobody
    raise exception using errcode = '42501', message = 'Only owners and admins can suspend people.',
      detail = 'workspace_admin_only';
  end if;
  if p_user_id = uid then
    raise exception using errcode = '22023', message = 'You cannot suspend yourself.',
      detail = 'cannot_suspend_self';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if target.id is null then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.',
      detail = 'person_not_in_workspace';
  end if;
  if target.role = 'owner' then
    raise exception using errcode = '42501', message = 'Owners cannot be suspended.',
      detail = 'owner_not_suspendable';
  end if;
  if target.role = 'admin' and mine <> 'owner' then
    raise exception using errcode = '42501', message = 'Only owners can suspend admins.',
      detail = 'workspace_owner_only';
  end if;
  return target;
end
$function$;

CREATE OR REPLACE FUNCTION public.dismiss_reports(p_message_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  n integer;
begin
  perform private.require_uid();
  n := private.resolve_open_reports(private.require_moderated_message(p_message_id), 'dismissed');
  if n = 0 then
    raise exception using errcode = '22023', message = 'This message has no open reports.',
      detail = 'no_open_reports';
  end if;
  return n;
end
$function$;

CREATE OR REPLACE FUNCTION public.report_message(p_message_id uuid, p_reason text, p_note text DEFAULT NULL::text)
 RETURNS public.message_reports
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
  m public.messages;
  r public.message_reports;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
begin
  if p_message_id is null then
    raise exception using errcode = '22023', message = 'Say which message you report.',
      detail = 'missing_argument';
  end if;
  if p_reason is null or p_reason not in ('spam', 'harassment', 'inappropriate', 'other') then
    raise exception using errcode = '22023',
      message = 'Choose a reason: spam, harassment, inappropriate or other.',
      detail = 'invalid_argument';
  end if;
  if char_length(coalesce(v_note, '')) > 500 then
    raise exception using errcode = '22023', message = 'A report''s note can be at most 500 characters.',
      detail = 'report_note_too_long';
  end if;
  m := private.require_readable_message(p_message_id);
  if m.removed_at is not null then
    raise exception using errcode = '22023', message = 'This message was already removed by an admin.',
      detail = 'message_already_removed';
  end if;
  if m.author_id = uid then
    raise exception using errcode = '22023', message = 'You cannot report your own message.',
      detail = 'report_own_message';
  end if;
  insert into public.message_reports (workspace_id, channel_id, message_id, reporter_id, reason, note)
  select c.workspace_id, m.channel_id, m.id, uid, p_reason::public.report_reason, v_note
  from public.channels c where c.id = m.channel_id
  on conflict (message_id, reporter_id) do nothing
  returning * into r;
  if r.id is null then
    raise exception using errcode = '23505', message = 'You already reported this message.',
      detail = 'message_already_reported';
  end if;
  return r;
end
$function$;

CREATE OR REPLACE FUNCTION public.restore_message(p_message_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
  orig private.removed_messages;
begin
  perform private.require_uid();
  m := private.require_moderated_message(p_message_id);
  select * into orig from private.removed_messages r where r.message_id = m.id;
  if m.removed_at is null or orig.message_id is null then
    raise exception using errcode = '22023', message = 'This message was not removed.',
      detail = 'message_not_removed';
  end if;
  delete from private.removed_messages r where r.message_id = m.id;
  update public.messages x set body = orig.body, mentions = orig.mentions, removed_at = null,
    removed_by = null
  where x.id = m.id;
  insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
  select m.id, c.workspace_id, m.channel_id, m.created_at, private.search_text(m.id, orig.body)
  from public.channels c where c.id = m.channel_id
  on conflict (message_id) do update set folded = excluded.folded;
end
$function$;

CREATE OR REPLACE FUNCTION private.check_retention_days(p_keep_days integer)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if p_keep_days is not null and (p_keep_days < 1 or p_keep_days > 36500) then
    raise exception using errcode = '22023',
      message = format('Messages are kept from 1 to 36500 days, or forever: %s days was asked for.',
        p_keep_days),
      detail = 'retention_days_out_of_range',
      hint = 'Give a number of days from 1 to 36500, or null for forever.';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_retention_owner(p_workspace_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in first.', detail = 'not_signed_in';
  end if;
  if not private.is_workspace_owner(p_workspace_id) then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can change how long messages are kept.',
      detail = 'workspace_owner_only';
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION public.clear_channel_retention(p_channel_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_channel public.channels;
begin
  select * into v_channel from public.channels c where c.id = p_channel_id;
  if v_channel.id is null or not (p_channel_id in (select private.visible_channel_ids())) then
    raise exception using errcode = '22023', message = 'Channel not found.',
      detail = 'channel_not_found';
  end if;
  perform private.require_retention_owner(v_channel.workspace_id);
  delete from public.channel_retention r where r.channel_id = p_channel_id;
  return found;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_channel_retention(p_channel_id uuid, p_keep_days integer)
 RETURNS public.channel_retention
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_channel public.channels;
  v_row public.channel_retention;
begin
  select * into v_channel from public.channels c where c.id = p_channel_id;
  if v_channel.id is null or not (p_channel_id in (select private.visible_channel_ids())) then
    raise exception using errcode = '22023', message = 'Channel not found.',
      detail = 'channel_not_found';
  end if;
  perform private.require_retention_owner(v_channel.workspace_id);
  perform private.check_retention_days(p_keep_days);
  insert into public.channel_retention as r (channel_id, workspace_id, keep_days, updated_by, updated_at)
  values (p_channel_id, v_channel.workspace_id, p_keep_days, auth.uid(), now())
  on conflict (channel_id) do update
    set keep_days = excluded.keep_days, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at
  returning * into v_row;
  return v_row;
end
$function$;

CREATE OR REPLACE FUNCTION public.set_workspace_retention(p_workspace_id uuid, p_keep_days integer, p_deleted_accounts text DEFAULT NULL::text)
 RETURNS public.workspace_retention
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.workspace_retention;
begin
  perform private.require_retention_owner(p_workspace_id);
  perform private.check_retention_days(p_keep_days);
  if p_deleted_accounts is not null and p_deleted_accounts not in ('keep', 'anonymize', 'remove') then
    raise exception using errcode = '22023',
      message = format('What happens to a deleted account''s messages must be keep, anonymize or remove: %s was asked for.',
        p_deleted_accounts),
      detail = 'invalid_argument';
  end if;
  insert into public.workspace_retention as r
    (workspace_id, keep_days, deleted_accounts, updated_by, updated_at)
  values (p_workspace_id, p_keep_days, coalesce(p_deleted_accounts, 'keep'), auth.uid(), now())
  on conflict (workspace_id) do update
    set keep_days = excluded.keep_days,
      deleted_accounts = coalesce(p_deleted_accounts, r.deleted_accounts),
      updated_by = excluded.updated_by, updated_at = excluded.updated_at
  returning * into v_row;
  return v_row;
end
$function$;
