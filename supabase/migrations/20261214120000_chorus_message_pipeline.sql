-- One pipeline for a written message (issue 70, item 1): what follows a message's insert runs in
-- one place, private.messages_written, in an order written down once (supabase/README.md, "A
-- written message"), each feature's part a set-based handler over the statement's rows, where
-- it was a row trigger of its own. What must see and change one row before it is written stays
-- row-level BEFORE, named so that Postgres (which fires a table's triggers of one timing by name)
-- fires them in the intended order: oauth_write_gate (every table's app gate, named alike on all),
-- row_1_insert / row_1_update (checks, clean body, numbering under the channel's lock), then
-- row_2_mentions (@channel, @here and groups added to the mentions).
--
-- An app's message (an incoming webhook's, a slash command's answer) carries its app's name on
-- its row, written by the function that posts it, so its live event is sent with the others,
-- not by a deferred trigger re-reading the row at commit to join integration_messages.

-- The app's name on the row ----------------------------------------------------------------------

alter table public.messages
  add column app_name text,
  add column app_username text,
  add constraint messages_app_only_authorless
    check (author_id is null or (app_name is null and app_username is null));

-- The messages posted by apps until now: their names from integration_messages, as the live event
-- joined them (no trigger: nothing about them changes for anyone).
alter table public.messages disable trigger user;
update public.messages m set app_name = i.app_name, app_username = i.username
from public.integration_messages i
where i.message_id = m.id and m.author_id is null;
alter table public.messages enable trigger user;

-- The functions that post an app's message write its name on it.
create or replace function public.post_incoming_webhook(p_webhook_id uuid, p_secret text, p_message_id uuid, p_body text, p_username text DEFAULT NULL::text, p_icon_emoji text DEFAULT NULL::text, p_icon_url text DEFAULT NULL::text)
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
  if not found then
    raise exception using errcode = '22023', message = 'Webhook not found.',
      detail = 'webhook_not_found';
  end if;
  if w.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This webhook was revoked.',
      detail = 'webhook_revoked';
  end if;
  if p_secret is null or w.secret_hash <> extensions.digest(p_secret, 'sha256') then
    raise exception using errcode = '42501',
      message = 'The webhook''s secret is wrong or was regenerated.',
      detail = 'webhook_secret_invalid';
  end if;
  select * into ch from public.channels c where c.id = w.channel_id;
  if not found then
    raise exception using errcode = '22023', message = 'The webhook''s channel no longer exists.',
      detail = 'channel_not_found';
  end if;
  if ch.archived_at is not null then
    raise exception using errcode = '22023', message = 'The webhook''s channel is archived.',
      detail = 'channel_archived';
  end if;
  -- The bucket (full when the webhook is made), refilled since its last use.
  available := least(burst, w.tokens + greatest(extract(epoch from now() - w.tokens_at), 0) * rate);
  if available < 1 then
    -- Refused, the bucket is not written back: the next call refills it from the same tokens and
    -- tokens_at to what writing `available` now would have given (below 1, least() caps nothing).
    raise exception using errcode = 'PT429',
      message = 'Too many messages for this webhook: wait and retry.',
      detail = 'rate_limited',
      hint = jsonb_build_object('retry_after',
        case when rate > 0 then ceil((1 - available) / rate)::int else 60 end)::text;
  end if;
  icon := private.clean_webhook_icon(p_icon_emoji, p_icon_url);
  username := nullif(private.clean_line(coalesce(p_username, ''), 'The username', 80, true), '');
  insert into public.messages (id, channel_id, author_id, body, app_name, app_username)
  values (p_message_id, w.channel_id, null, p_body, w.name, username)
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

create or replace function public.answer_slash_command(p_invocation_id uuid, p_response_secret text, p_in_channel boolean, p_body text, p_message_id uuid DEFAULT NULL::uuid)
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
    raise exception using errcode = '22023', message = 'No such command run.',
      detail = 'slash_command_run_not_found';
  end if;
  select * into c from public.slash_commands s where s.id = inv.command_id;
  if not found or c.revoked_at is not null then
    raise exception using errcode = '22023', message = 'This command was revoked.',
      detail = 'slash_command_revoked';
  end if;
  if p_response_secret is not null then
    if inv.response_hash <> extensions.digest(p_response_secret, 'sha256') then
      raise exception using errcode = '42501', message = 'The response URL''s secret is wrong.',
        detail = 'response_url_secret_invalid';
    end if;
    if inv.expires_at < now() then
      raise exception using errcode = '22023', message = 'The response URL has expired.',
        detail = 'response_url_expired';
    end if;
    if inv.uses >= 5 then
      raise exception using errcode = '22023', message = 'The response URL has been used 5 times.',
        detail = 'response_url_used_up';
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
    -- Refused, the use above is not counted, as a too long answer's is not: nothing was posted.
    raise exception using errcode = '22023', message = 'This channel is archived.',
      detail = 'channel_archived';
  end if;
  -- Slack shows the command that was run above its first answer in the channel.
  if not inv.echoed and exists (select 1 from public.channel_members cm
                                where cm.channel_id = ch.id and cm.user_id = inv.user_id) then
    insert into public.messages (channel_id, author_id, body)
    values (ch.id, inv.user_id, private.clean_line(c.name || ' ' || inv.text, 'The command', 4000));
    update private.slash_command_invocations i set echoed = true where i.id = inv.id;
  end if;
  insert into public.messages (id, channel_id, author_id, body, app_name)
  values (coalesce(p_message_id, gen_random_uuid()), ch.id, null, body, c.name)
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

-- The handlers ------------------------------------------------------------------------------------
-- Each takes the statement's operation and its rows (new, and for an update old, in the same
-- order), and does its feature's part for all of them at once. Only the pipeline calls them.

-- live: each new message on its channel's topic, as it is written (with its app's name, if any).
create function private.written_live(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op = 'INSERT' then
    perform private.live_send('live:channel:' || n.channel_id::text, 'messages', 'INSERT',
      to_jsonb(n))
    from unnest(p_new) as n;
  end if;
end
$$;

-- notifications: the mail of a DM or a mention, for each member who is not its author and has not
-- muted the channel (an app's message mails nobody).
create function private.written_email_queue(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
declare
  -- Tests only (the e2e set-up): a delay in seconds for every workspace.
  delay_seconds integer := (
    select value::integer from private.notification_config where name = 'email_delay_seconds'
  );
begin
  if p_op <> 'INSERT' or private.importing() then
    return;
  end if;
  insert into private.email_queue (user_id, workspace_id, channel_id, message_id, thread_id, seq,
    due_at)
  select cm.user_id, c.workspace_id, c.id, n.id,
    case when n.in_channel then null else n.parent_id end,
    case when n.in_channel then n.seq else n.thread_seq end,
    now() + coalesce(make_interval(secs => delay_seconds),
      make_interval(mins => w.email_delay_minutes))
  from unnest(p_new) as n
  join public.channels c on c.id = n.channel_id
  join public.workspaces w on w.id = c.workspace_id
  join public.channel_members cm on cm.channel_id = c.id
  where n.deleted_at is null and (cardinality(n.mentions) > 0 or c.kind = 'dm')
    and cm.user_id <> n.author_id and not cm.muted
    and (c.kind = 'dm' or cm.user_id = any (n.mentions))
  on conflict on constraint email_queue_once do nothing;
end
$$;

-- events: a person's message to the apps subscribed to the workspace's events (an app's message
-- is queued with its integration row, integration_messages_queue_events).
create function private.written_events(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'INSERT' or private.importing() then
    return;
  end if;
  perform private.queue_message_event(n) from unnest(p_new) as n where n.author_id is not null;
end
$$;

-- push: each member's devices that the member's push rule lets through.
create function private.written_push(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
declare
  delay_seconds integer := coalesce((
    select value::integer from private.notification_config where name = 'push_delay_seconds'
  ), 4);
begin
  if p_op <> 'INSERT' or private.importing() then
    return;
  end if;
  insert into private.push_queue (kind, user_id, subscription_id, workspace_id, channel_id,
    message_id, thread_id, seq, due_at)
  select 'message', cm.user_id, s.id, c.workspace_id, c.id, n.id,
    case when n.in_channel then null else n.parent_id end,
    case when n.in_channel then n.seq else n.thread_seq end,
    now() + make_interval(secs => delay_seconds)
  from unnest(p_new) as n
  join public.channels c on c.id = n.channel_id
  join public.channel_members cm on cm.channel_id = c.id
  join public.push_subscriptions s on s.user_id = cm.user_id
  left join public.notification_defaults d on d.workspace_id = c.workspace_id
    and d.user_id = cm.user_id
  where n.deleted_at is null and cm.user_id <> n.author_id
    and private.push_rule(cm.notify_level, d.level, c.kind::text, cm.muted,
      c.kind = 'dm' or cm.user_id = any (n.mentions), n.parent_id is not null,
      n.in_channel,
      -- Who follows the thread is the job's to decide (the threads handler runs after this
      -- one): any member is queued for a reply.
      true)
  on conflict do nothing;
end
$$;

-- search: each message's folded text in the search index.
create function private.written_search(p_op text, p_new public.messages[], p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
  select n.id, c.workspace_id, n.channel_id, n.created_at, private.search_text(n.id, n.body)
  from unnest(p_new) as n
  join public.channels c on c.id = n.channel_id
  where n.deleted_at is null
  on conflict (message_id) do nothing;
end
$$;

-- threads: each thread's count, last number and time, last three repliers; its followers (the
-- parent's author if still a member, whom a reply mentions, the reply's author, read up to it).
create function private.written_threads(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  update public.threads t
  set reply_count = t.reply_count + n.replies,
    last_seq = greatest(t.last_seq, n.last_seq),
    last_reply_at = greatest(coalesce(t.last_reply_at, n.last_at), n.last_at),
    last_repliers = coalesce((
      -- the newest reply's author first, then the others by their newest reply, then those
      -- already named, three at most
      select array_agg(r.author_id order by r.k) from (
        select x.author_id, min(x.k) as k from (
          select q.author_id, -q.thread_seq as k from unnest(p_new) as q
          where q.parent_id = t.id and q.author_id is not null
          union all
          select u, o from unnest(t.last_repliers) with ordinality as p(u, o)
        ) as x group by x.author_id order by min(x.k) limit 3
      ) as r
    ), '{}')
  from (
    select q.parent_id, count(*)::integer as replies, max(q.thread_seq) as last_seq,
      max(q.created_at) as last_at
    from unnest(p_new) as q where q.parent_id is not null group by q.parent_id
  ) as n
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
$$;

-- live (threads): a reply to the members who follow its thread (everyone in a DM), on their own
-- topics, once the threads handler has made its followers.
create function private.written_thread_live(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  perform private.live_send(
    'live:user:' || cm.user_id::text, 'thread_replies', 'INSERT',
    jsonb_build_object(
      'id', n.id,
      'channel_id', n.channel_id,
      'thread_id', n.parent_id,
      'workspace_id', c.workspace_id,
      'thread_seq', n.thread_seq,
      'kind', c.kind,
      'following', coalesce(tm.following, false),
      'muted', cm.muted,
      'notify_level', cm.notify_level
    )
  )
  from unnest(p_new) as n
  join public.channels c on c.id = n.channel_id
  join public.channel_members cm on cm.channel_id = c.id
  left join public.thread_members tm on tm.thread_id = n.parent_id and tm.user_id = cm.user_id
  where n.parent_id is not null and n.deleted_at is null
    and cm.user_id is distinct from n.author_id
    and (coalesce(tm.following, false) or c.kind = 'dm');
end
$$;

-- messages: the channel's last number and time, and its author's read position (their own
-- message is read). Also during an import's bulk insert, which numbered the rows itself.
create function private.written_message_numbers(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  update public.channels c
  set last_seq = greatest(c.last_seq, n.last_seq),
    last_message_at = greatest(coalesce(c.last_message_at, n.last_at), n.last_at)
  from (
    select i.channel_id, max(i.seq) as last_seq, max(i.created_at) as last_at
    from unnest(p_new) as i where i.in_channel group by i.channel_id
  ) as n
  where c.id = n.channel_id;
  update public.channel_members cm
  set last_read_seq = n.seq
  from (
    select i.channel_id, i.author_id, max(i.seq) as seq
    from unnest(p_new) as i where i.author_id is not null and i.in_channel
    group by i.channel_id, i.author_id
  ) as n
  where cm.channel_id = n.channel_id and cm.user_id = n.author_id and cm.last_read_seq < n.seq;
end
$$;

-- link previews: the links of the statement's newest 20 messages, asked for once.
create function private.written_link_previews(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
begin
  if p_op <> 'INSERT' or private.importing() then
    return;
  end if;
  perform private.request_link_previews(array(
    select n.id from unnest(p_new) as n
    where n.deleted_at is null and n.body ~* 'https?://'
    order by n.created_at desc, n.id
    limit 20
  ));
end
$$;

-- The pipeline ------------------------------------------------------------------------------------

create function private.messages_written(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
declare
  -- An import's batch, numbered, threaded and indexed by private.import_insert itself.
  bulk boolean := coalesce(current_setting('chorus.importing', true), '') = 'bulk';
begin
  if p_op = 'INSERT' then
    if not bulk then
      perform private.written_live(p_op, p_new, p_old);
      perform private.written_email_queue(p_op, p_new, p_old);
      perform private.written_events(p_op, p_new, p_old);
      perform private.written_push(p_op, p_new, p_old);
      perform private.written_search(p_op, p_new, p_old);
      perform private.written_threads(p_op, p_new, p_old);
      perform private.written_thread_live(p_op, p_new, p_old);
    end if;
    perform private.written_message_numbers(p_op, p_new, p_old);
    if not bulk then
      perform private.written_link_previews(p_op, p_new, p_old);
    end if;
  end if;
end
$$;

create function private.messages_written_insert()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.messages_written(tg_op,
    array(select row(n.*)::public.messages from new_rows as n), null);
  return null;
end
$$;

-- Only the triggers call them.
revoke all on function private.written_live(text, public.messages[], public.messages[]),
  private.written_email_queue(text, public.messages[], public.messages[]),
  private.written_events(text, public.messages[], public.messages[]),
  private.written_push(text, public.messages[], public.messages[]),
  private.written_search(text, public.messages[], public.messages[]),
  private.written_threads(text, public.messages[], public.messages[]),
  private.written_thread_live(text, public.messages[], public.messages[]),
  private.written_message_numbers(text, public.messages[], public.messages[]),
  private.written_link_previews(text, public.messages[], public.messages[]),
  private.messages_written(text, public.messages[], public.messages[]),
  private.messages_written_insert()
  from public, anon, authenticated, service_role;

-- The triggers ------------------------------------------------------------------------------------

drop trigger messages_live_insert on public.messages;
drop trigger messages_live_insert_authorless on public.messages;
drop trigger messages_queue_emails on public.messages;
drop trigger messages_queue_events on public.messages;
drop trigger messages_queue_push on public.messages;
drop trigger messages_thread_after_insert on public.messages;
drop trigger messages_thread_reply_live on public.messages;
drop trigger messages_after_insert on public.messages;
drop trigger messages_link_previews_insert on public.messages;
drop trigger messages_search_write on public.messages;

drop function private.messages_queue_emails();
drop function private.messages_queue_events();
drop function private.messages_queue_push();
drop function private.messages_thread_after_insert();
drop function private.live_thread_reply();
drop function private.messages_after_insert();
drop function private.messages_link_previews_insert();

-- The search index's edits and deletions stay a row trigger until updates join the pipeline.
create trigger messages_search_write after update of body, deleted_at on public.messages
  for each row when (current_setting('chorus.importing', true) is distinct from 'bulk')
  execute function private.message_search_write();

create trigger messages_written_insert after insert on public.messages
  referencing new table as new_rows
  for each statement execute function private.messages_written_insert();

-- An update's live event: the row as it is (its app's name on it).
create or replace function private.live_message()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:channel:' || new.channel_id::text, 'messages', tg_op,
    to_jsonb(new));
  return null;
end
$$;

-- The row triggers before a write, named in the order they must fire.
alter trigger messages_before_insert on public.messages rename to row_1_insert;
alter trigger messages_before_update on public.messages rename to row_1_update;
alter trigger messages_broadcast_mentions on public.messages rename to row_2_mentions;

