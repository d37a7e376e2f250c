-- Issue 70, item 1's last part: the Slack import through the one message pipeline with no
-- session flag for its messages. A message says on its row that it is history: import_id, the
-- import that brought it in (set only outside a request: a signed-in caller cannot). History is
-- kept, numbered, threaded, indexed and counted like any message, but nobody is told of it (no
-- live frame, mail, push, event, thread reply or link preview), posting rules and the not-empty
-- check do not apply to it, and its mentions are the archive's. 'bulk' and the messages' reading
-- of private.importing() go: the pipeline filters its statement's rows by import_id. An import
-- numbers its batch at once through private.messages_insert_history (row_1_write leaves a numbered
-- history row as it is). private.importing() stays for the import's writes to other tables
-- (people, channels, memberships, reactions, files, forwards, and the threads, followers and
-- channel rows the pipeline's handlers write for history), whose rows carry no origin.
-- (No foreign key: an import's row goes only with its workspace, and its messages with it; a
-- key would cost a lookup per imported row.)
alter table public.messages add column import_id uuid;

-- History's insert for a batch at once: what row_1_write does one row at a time on insert
-- (message_before_insert), set-based, so that an import's 2,000 rows are checked and numbered in
-- one step (one row at a time doubled a 200,000-message import's database time), then inserted
-- in one statement through the pipeline, each row with its import_id (history). Of the rows
-- (the imports function's: id, channel_id, author_id, body, parent_id, in_channel, created_at,
-- edited_at, deleted), in their order: those of the import's channels, not there already and not
-- repeated; a reply whose parent is not a message of its channel's (there, or earlier in the
-- batch) put in the channel; bodies cleaned (a deleted one's emptied); mentions the workspace's
-- people named; channel numbers (in_channel rows) and thread numbers after each channel's and
-- thread's last, the channels and threads locked in id order. row_1_write leaves a numbered
-- history row as it is. A send is numbered by row_1_write alone: a single row pays nothing for
-- this. Returns how many it inserted.
create function private.messages_insert_history(p_import uuid, p_rows jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- History, per message. A row says it is history by its import_id (the import that brought it
  -- in), set only here, outside a request (row_1_write refuses it from a signed-in caller).
  -- Must: be kept as the archive has it (its author, times, edits; a deleted one empty), its
  -- body cleaned, its mentions the workspace's people it names (no @channel fan-out), numbered
  -- in its channel and thread after what is there, threaded (counts, repliers, followers),
  -- indexed for search, and counted in its channel (last number and time).
  -- Must not: tell anyone (no live frame, mail, push, outgoing event, thread reply, link
  -- preview: private.messages_written leaves history out of those handlers' rows), be refused
  -- by today's posting rules (message_posting_gate) or as empty (messages_not_empty's WHEN).
  if (select auth.uid()) is not null then
    raise exception using errcode = '42501', message = 'Only the import itself inserts history.',
      detail = 'import_internal_only';
  end if;
  create temporary table if not exists messages_history_batch (
    ord integer, id uuid, channel_id uuid, author_id uuid, body text, parent_id uuid,
    in_channel boolean, created_at timestamptz, edited_at timestamptz, deleted boolean,
    mentions uuid[], seq bigint, thread_seq bigint
  ) on commit drop;
  truncate pg_temp.messages_history_batch;
  insert into pg_temp.messages_history_batch (ord, id, channel_id, author_id, body, parent_id,
    in_channel, created_at, edited_at, deleted)
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
  where c.id in (select distinct b.channel_id from pg_temp.messages_history_batch b)
  order by c.id for no key update;
  update pg_temp.messages_history_batch b set parent_id = null
  where b.parent_id is not null and not (
    exists (select 1 from public.messages p where p.id = b.parent_id and p.parent_id is null
      and p.channel_id = b.channel_id)
    or exists (select 1 from pg_temp.messages_history_batch q where q.id = b.parent_id
      and q.parent_id is null and q.channel_id = b.channel_id and q.ord < b.ord));
  update pg_temp.messages_history_batch b
  set body = case when b.deleted then '' else private.clean_body(b.body) end,
    in_channel = b.parent_id is null or b.in_channel,
    mentions = '{}';
  update pg_temp.messages_history_batch b
  set mentions = coalesce((
    select array_agg(distinct u) from unnest(private.mentioned_ids(b.body)) u
    join public.channels c on c.id = b.channel_id
    join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = u
  ), '{}')
  where b.body like '%<@%';
  update pg_temp.messages_history_batch b
  set seq = n.base + n.k
  from (
    select q.id, row_number() over (partition by q.channel_id order by q.ord) as k,
      greatest(c.last_seq, coalesce((
        select m.seq from public.messages m
        where m.channel_id = q.channel_id and m.in_channel order by m.seq desc limit 1
      ), 0)) as base
    from pg_temp.messages_history_batch q
    join public.channels c on c.id = q.channel_id
    where q.in_channel
  ) as n
  where b.id = n.id;
  perform 1 from public.threads t
  where t.id in (select distinct b.parent_id from pg_temp.messages_history_batch b
    where b.parent_id is not null)
  order by t.id for no key update;
  update pg_temp.messages_history_batch b
  set thread_seq = n.base + n.k
  from (
    select q.id, row_number() over (partition by q.parent_id order by q.ord) as k,
      greatest(coalesce(t.last_seq, 0), coalesce((
        select m.thread_seq from public.messages m
        where m.parent_id = q.parent_id order by m.thread_seq desc limit 1
      ), 0)) as base
    from pg_temp.messages_history_batch q
    left join public.threads t on t.id = q.parent_id
    where q.parent_id is not null
  ) as n
  where b.id = n.id;
  insert into public.messages (id, channel_id, author_id, body, mentions, parent_id, in_channel,
    seq, thread_seq, created_at, edited_at, deleted_at, import_id)
  select b.id, b.channel_id, b.author_id, b.body, b.mentions, b.parent_id, b.in_channel,
    b.seq, b.thread_seq, b.created_at, b.edited_at, case when b.deleted then b.created_at end,
    p_import
  from pg_temp.messages_history_batch b
  order by b.ord;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke all on function private.messages_insert_history(uuid, jsonb) from public;

CREATE OR REPLACE FUNCTION private.message_before_insert(new_row public.messages)
 RETURNS public.messages
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
    if new_row.import_id is not null then
      raise exception using errcode = '42501', message = 'Only the import itself inserts history.',
        detail = 'import_internal_only';
    end if;
    new_row.author_id := coalesce(new_row.author_id, uid);
    if new_row.author_id <> uid or not private.is_channel_member(new_row.channel_id) then
      raise exception using errcode = '42501',
        message = 'You can only post in channels you are a member of, as yourself.',
        detail = 'not_channel_member';
    end if;
  end if;

  select c.archived_at, c.last_seq into ch from public.channels c where c.id = new_row.channel_id for no key update;
  if not found then
    raise exception using errcode = '22023', message = 'Channel not found.', detail = 'channel_not_found';
  end if;
  if exists (select 1 from public.messages m where m.id = new_row.id) then
    return null; -- the same message again: nothing to insert
  end if;
  -- History (an import's row, outside a request): kept as the archive has it.
  if new_row.import_id is not null then
    new_row.body := private.clean_body(new_row.body);
    new_row.mentions := coalesce((
      select array_agg(distinct u) from unnest(private.mentioned_ids(new_row.body)) u
      join public.channels c on c.id = new_row.channel_id
      join public.workspace_members wm on wm.workspace_id = c.workspace_id and wm.user_id = u
    ), '{}');
    new_row.created_at := coalesce(new_row.created_at, now());
    if new_row.deleted_at is not null then
      new_row.body := '';
      new_row.mentions := '{}';
    end if;
  else
    if ch.archived_at is not null then
      raise exception using errcode = '22023', message = 'This channel is archived; messages can no longer be sent.', detail = 'channel_archived';
    end if;

    new_row.body := private.clean_body(new_row.body);
    new_row.mentions := private.checked_mentions(new_row.channel_id, private.mentioned_ids(new_row.body), '{}');
    if uid is not null or new_row.created_at is null then
      new_row.created_at := now();
    end if;
    new_row.edited_at := null;
    new_row.deleted_at := null;
  end if;

  if new_row.parent_id is null then
    new_row.in_channel := true;
    new_row.thread_seq := null;
  else
    select p.channel_id, p.parent_id into parent from public.messages p where p.id = new_row.parent_id;
    if not found or parent.channel_id <> new_row.channel_id then
      raise exception using errcode = '22023',
        message = 'The message you reply to is not in this channel.',
        detail = 'reply_parent_not_in_channel',
        hint = 'Reply from the channel the message is in.';
    end if;
    if parent.parent_id is not null then
      raise exception using errcode = '22023',
        message = format('You cannot reply to a reply: message %s is a reply in the thread of %s.', new_row.parent_id, parent.parent_id),
        detail = 'reply_to_reply',
        hint = 'Reply in that thread instead.';
    end if;
    insert into public.threads (id, channel_id) values (new_row.parent_id, new_row.channel_id)
    on conflict (id) do nothing;
    select t.last_seq into thread_last from public.threads t where t.id = new_row.parent_id for no key update;
    new_row.in_channel := coalesce(new_row.in_channel, false);
    new_row.thread_seq := greatest(
      thread_last,
      coalesce((
        select m.thread_seq from public.messages m
        where m.parent_id = new_row.parent_id order by m.thread_seq desc limit 1
      ), 0)
    ) + 1;
    if not new_row.in_channel then
      new_row.seq := null;
      return new_row;
    end if;
  end if;

  new_row.seq := greatest(
    ch.last_seq,
    coalesce((
      select m.seq from public.messages m
      where m.channel_id = new_row.channel_id and m.in_channel order by m.seq desc limit 1
    ), 0)
  ) + 1;
  return new_row;
end
$function$;


CREATE OR REPLACE FUNCTION private.message_before_update(new_row public.messages, old_row public.messages)
 RETURNS public.messages
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
    new_row := old_row;
    if old_row.author_id = v_from then
      new_row.author_id := v_to;
    end if;
    new_row.body := replace(old_row.body, '<@' || v_from::text || '>', '<@' || v_to::text || '>');
    new_row.mentions := array_replace(old_row.mentions, v_from, v_to);
    return new_row;
  end if;
  -- retention: an account being deleted (chorus.deleting_account) loses authorship, nothing else
  if old_row.author_id is not null and new_row.author_id is null
    and current_setting('chorus.deleting_account', true) = old_row.author_id::text then
    new_row := old_row;
    new_row.author_id := null;
    return new_row;
  end if;
  if old_row.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  new_row.id := old_row.id;
  new_row.channel_id := old_row.channel_id;
  new_row.seq := old_row.seq;
  new_row.author_id := old_row.author_id;
  new_row.created_at := old_row.created_at;
  new_row.import_id := old_row.import_id;
  -- moderation: removing or restoring sets the text as given, nothing else
  if new_row.removed_at is distinct from old_row.removed_at then
    new_row.edited_at := old_row.edited_at;
    new_row.deleted_at := null;
    return new_row;
  end if;
  if old_row.removed_at is not null then
    raise exception using errcode = '42501', message = 'This message was removed by an admin.', detail = 'message_removed';
  end if;
  if new_row.deleted_at is not null then
    new_row.deleted_at := now();
    new_row.body := '';
    new_row.mentions := '{}';
    return new_row;
  end if;
  if new_row.body is distinct from old_row.body then
    new_row.body := private.clean_body(new_row.body);
    if private.is_blank(new_row.body)
      and not exists (select 1 from public.attachments a where a.message_id = old_row.id) then
      raise exception using errcode = '23514',
        message = 'Message is empty.',
        detail = 'message_empty',
        hint = 'Delete the message instead.';
    end if;
    new_row.mentions := private.checked_mentions(old_row.channel_id, private.mentioned_ids(new_row.body), old_row.mentions);
    if new_row.body is distinct from old_row.body then
      new_row.edited_at := now();
    end if;
  else
    new_row.mentions := old_row.mentions;
    new_row.edited_at := old_row.edited_at;
  end if;
  return new_row;
end
$function$;


CREATE OR REPLACE FUNCTION private.message_mentions(p_op text, new_row public.messages, old_row public.messages)
 RETURNS public.messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- history keeps the mentions it was imported with; a claim's rewrite, those it had
  if (p_op = 'INSERT' and new_row.import_id is not null)
    or coalesce(current_setting('chorus.claiming', true), '') <> '' then
    return new_row;
  end if;
  if p_op = 'INSERT' then
    if new_row.body ~ '<!' then
      new_row.mentions := (
        select coalesce(array_agg(distinct u), '{}')
        from unnest(new_row.mentions || private.broadcast_mentions(new_row.channel_id, new_row.author_id, new_row.body)) u
      );
    end if;
  elsif new_row.deleted_at is null and new_row.body is distinct from old_row.body
    and new_row.body ~ '<!(channel|here|everyone|subteam\^)' then
    -- An edit reaches nobody new: it keeps whom the broadcast reached, while still named.
    new_row.mentions := (
      select coalesce(array_agg(distinct u), '{}') from unnest(new_row.mentions || old_row.mentions) u
    );
  end if;
  return new_row;
end
$function$;


CREATE OR REPLACE FUNCTION private.messages_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- A row variable (not NEW itself): a NULL answer leaves its fields null, where NEW would be
  -- left unassigned.
  r public.messages := new;
begin
  if tg_op = 'INSERT' then
    -- History numbered for its batch at once (private.messages_insert_history: clean bodies,
    -- mentions, parents, channel and thread numbers) has had the insert's checks; a signed-in
    -- caller never writes history.
    if r.import_id is not null and (select auth.uid()) is not null then
      raise exception using errcode = '42501', message = 'Only the import itself inserts history.',
        detail = 'import_internal_only';
    end if;
    if r.import_id is null or (r.seq is null and r.thread_seq is null) then
      r := private.message_before_insert(new);
      -- The same message again: nothing to insert.
      if r.id is null then
        return null;
      end if;
    end if;
  else
    r := private.message_before_update(new, old);
  end if;
  r := private.message_mentions(tg_op, r, old);
  if tg_op = 'INSERT' then
    perform private.message_posting_gate(r);
  elsif r.body is distinct from old.body then
    perform private.message_poll_gate(r);
  end if;
  return r;
end
$function$;


CREATE OR REPLACE FUNCTION private.messages_check_not_empty()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (
    select 1 from public.messages m
    where m.id = new.id and m.deleted_at is null and private.is_blank(m.body)
      and not exists (select 1 from public.attachments a where a.message_id = m.id)
      and not exists (select 1 from public.message_forwards f where f.id = m.id)
  ) then
    raise exception using errcode = '23514',
      message = 'Message is empty.',
      detail = 'message_empty',
      hint = 'Write something, or attach a file.';
  end if;
  return null;
end
$function$;


CREATE OR REPLACE FUNCTION private.messages_written(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Who is told of the rows: history (an inserted row with its import_id) and a claim's rewrite
  -- are kept, numbered, threaded, indexed and counted, but nobody is told of them.
  v_told public.messages[] := case
    when coalesce(current_setting('chorus.claiming', true), '') <> '' then '{}'
    when p_op = 'INSERT' then array(select n from unnest(p_new) as n where n.import_id is null)
    else p_new
  end;
  quiet boolean := cardinality(v_told) = 0;
begin
  perform private.written_reactions(p_op, p_new, p_old);
  perform private.written_attachments(p_op, p_new, p_old);
  perform private.written_versions(p_op, p_new, p_old);
  if not quiet then
    perform private.written_live(p_op, v_told, p_old);
  end if;
  perform private.written_audit(p_op, p_new, p_old);
  if not quiet then
    perform private.written_email_queue(p_op, v_told, p_old);
    perform private.written_events(p_op, v_told, p_old);
    perform private.written_push(p_op, v_told, p_old);
  end if;
  perform private.written_search(p_op, p_new, p_old);
  perform private.written_threads(p_op, p_new, p_old);
  if not quiet then
    perform private.written_thread_live(p_op, v_told, p_old);
  end if;
  perform private.written_pins(p_op, p_new, p_old);
  perform private.written_saved(p_op, p_new, p_old);
  perform private.written_message_numbers(p_op, p_new, p_old);
  if not quiet then
    perform private.written_link_previews(p_op, v_told, p_old);
  end if;
end
$function$;


CREATE OR REPLACE FUNCTION private.message_posting_gate(new_row public.messages)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_code text;
begin
  -- History is kept as it was written, whoever may post there today.
  if new_row.import_id is not null then
    return;
  end if;
  -- An app's message (no author) is decided where its app posts it.
  if new_row.author_id is null and new_row.app_name is not null then
    return;
  end if;
  v_code := private.posting_refusal(new_row.channel_id, new_row.author_id,
    new_row.parent_id is not null and not new_row.in_channel);
  if v_code is not null then
    perform private.refuse_posting(new_row.channel_id, v_code);
  end if;
end
$function$;


CREATE OR REPLACE FUNCTION private.import_insert(p_import uuid, p_workspace uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, OUT messages integer, OUT files integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- (the writes of other tables, its own and the pipeline's, tell nobody either: private.importing())
  perform set_config('chorus.importing', 'on', true);
  -- The batch through the one pipeline, history by its import_id (kept, numbered, threaded,
  -- indexed; nobody told), checked and numbered at once by the pipeline's own insert of history.
  messages := private.messages_insert_history(p_import, p_rows);

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

  -- A shared message (Slack's share attachment, a Chorus export's forward): its snapshot, the
  -- source message and channel named only when they are the workspace's (after the files, so
  -- that an original of this batch lends its own).
  insert into public.message_forwards (id, workspace_id, channel_id, source_message_id,
    source_channel_id, source_channel_kind, source_channel_name, source_parent_id,
    source_author_id, source_author_name, source_created_at, body, created_at, files)
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
      order by a.created_at, a.id) from public.attachments a where a.message_id = src.id), '[]'::jsonb)
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

drop trigger messages_not_empty on public.messages;
create constraint trigger messages_not_empty after insert on public.messages
  deferrable initially immediate for each row
  when (new.import_id is null)
  execute function private.messages_check_not_empty();

-- 'bulk' is gone: the import's writes of other tables than messages are quiet with 'on' alone.
CREATE OR REPLACE FUNCTION private.importing()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return coalesce(current_setting('chorus.importing', true), '') = 'on'
    and auth.uid() is null;
end
$function$;

comment on column public.messages.import_id is
  'History: the import that brought the message in (set outside a request only). Its insert is '
  'kept, numbered, threaded, indexed and counted, but tells nobody: no live frame, mail, push, '
  'event, thread reply or link preview; posting rules and the not-empty check do not apply.';

-- An app's message queues its event unless it is history, which its row says (the import
-- writes no integration_messages; the session's setting is not asked).
CREATE OR REPLACE FUNCTION private.integration_messages_queue_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  m public.messages;
begin
  select * into m from public.messages x where x.id = new.message_id;
  if found and m.author_id is null and m.import_id is null then
    perform private.queue_message_event(m);
  end if;
  return null;
end
$function$;
