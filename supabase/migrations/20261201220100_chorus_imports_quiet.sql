-- Slack import, continued (see *_chorus_imports.sql): history goes in quietly.
--
-- An import's batches run with the transaction-local setting chorus.importing = 'on', outside
-- any request (no auth.uid(): only the Edge Function's direct database connection, never a
-- client, can be importing). private.importing() says so, and the triggers that must not fire for
-- history check it: no live events (private.live_send: no Realtime flood per row), no emails
-- queued, no outgoing events, no link previews, no broadcast-mention fan-out, no audit entry per
-- channel or member (the import's own entries say what it did), no empty-message check (a
-- file-only message gets its file after it is inserted). What must stay right still runs: the
-- search index, channel and thread sequence numbers, thread counters. messages_before_insert
-- keeps an imported message's times (created_at, edited_at, deleted_at) and derives its mentions
-- from the body among the workspace's members (the channel has nobody in it until the import is
-- done). Unread counts: people join the channels when the import is done, and joining reads
-- what came before.

create or replace function private.importing()
returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(current_setting('chorus.importing', true), '') = 'on' and auth.uid() is null
$$;
grant execute on function private.importing() to public;

create or replace function private.messages_queue_emails()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Tests only (the e2e set-up): a delay in seconds for every workspace.
  delay_seconds integer := (
    select value::integer from private.notification_config where name = 'email_delay_seconds'
  );
begin
  if private.importing() then
    return null;
  end if;
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
$function$;

create or replace function private.messages_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.channels;
  parent_at timestamptz;
  event jsonb;
begin
  if private.importing() then
    return null;
  end if;
  if new.deleted_at is not null then
    return null;
  end if;
  select * into c from public.channels x where x.id = new.channel_id;
  if c.kind is distinct from 'public' and c.kind is distinct from 'private' then
    return null;
  end if;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = c.workspace_id) then
    return null;
  end if;
  event := jsonb_build_object('type', 'message', 'channel', c.id, 'text', new.body,
    'ts', private.slack_ts(new.created_at), 'event_ts', private.slack_ts(new.created_at),
    'channel_type', case when c.kind = 'public' then 'channel' else 'group' end);
  if new.author_id is null then
    event := event || jsonb_build_object('subtype', 'bot_message');
  else
    event := event || jsonb_build_object('user', new.author_id);
  end if;
  if new.parent_id is not null then
    select m.created_at into parent_at from public.messages m where m.id = new.parent_id;
    event := event || jsonb_build_object('thread_ts', private.slack_ts(parent_at));
    if new.in_channel then
      event := event || jsonb_build_object('subtype', 'thread_broadcast');
    end if;
  end if;
  perform private.queue_event(c.workspace_id, c.id, 'message', event);
  return null;
end
$function$;

create or replace function private.messages_link_previews_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.importing() then
    return null;
  end if;
  perform private.request_link_previews(array(
    select n.id from new_rows n
    where n.deleted_at is null and n.body ~* 'https?://'
    order by n.created_at desc, n.id
    limit 20
  ));
  return null;
end
$function$;

create or replace function private.reactions_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
  ws uuid;
begin
  if private.importing() then
    return null;
  end if;
  select c.workspace_id into ws from public.channels c where c.id = new.channel_id;
  if not exists (select 1 from public.event_subscriptions s where s.workspace_id = ws) then
    return null;
  end if;
  select * into m from public.messages x where x.id = new.message_id;
  perform private.queue_event(ws, new.channel_id, 'reaction_added',
    jsonb_strip_nulls(jsonb_build_object('type', 'reaction_added', 'user', new.user_id,
      'reaction', case when new.emoji ~ '^:.+:$' then btrim(new.emoji, ':') else new.emoji end,
      'item_user', m.author_id,
      'item', jsonb_build_object('type', 'message', 'channel', new.channel_id,
        'ts', private.slack_ts(m.created_at)),
      'event_ts', private.slack_ts(new.created_at))));
  return null;
end
$function$;

create or replace function private.channel_members_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.channels;
begin
  if private.importing() then
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

create or replace function private.workspace_members_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p public.profiles;
begin
  if private.importing() then
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

create or replace function private.audit_channels()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.importing() then
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

create or replace function private.audit_workspace_members()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_label text := private.person_label(coalesce(new.user_id, old.user_id));
begin
  if private.importing() then
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

create or replace function private.messages_check_not_empty()
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
      hint = 'Write something, or attach a file.';
  end if;
  return null;
end
$function$;

create or replace function private.messages_broadcast_mentions()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.importing() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.body ~ '<!' then
      new.mentions := (
        select coalesce(array_agg(distinct u), '{}')
        from unnest(new.mentions || private.broadcast_mentions(new.channel_id, new.author_id, new.body)) u
      );
    end if;
  elsif new.deleted_at is null and new.body is distinct from old.body
    and new.body ~ '<!(channel|here|everyone|subteam\^)' then
    -- An edit reaches nobody new: it keeps whom the broadcast reached, while still named.
    new.mentions := (
      select coalesce(array_agg(distinct u), '{}') from unnest(new.mentions || old.mentions) u
    );
  end if;
  return new;
end
$function$;

create or replace function private.live_send(p_topic text, p_table text, p_operation text, p_record jsonb)
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
    raise exception using errcode = '42501', message = 'Live events are sent by the database only.';
  end if;
  perform realtime.send(
    jsonb_build_object('table', p_table, 'operation', p_operation, 'record', p_record),
    p_operation, p_topic, true
  );
end
$function$;

create or replace function private.messages_before_insert()
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
      raise exception using errcode = '42501', message = 'This channel is archived; messages can no longer be sent.';
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
$function$;
