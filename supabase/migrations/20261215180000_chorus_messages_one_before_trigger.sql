-- One BEFORE row trigger on messages instead of three (issue 70: at most five triggers, the
-- row-level BEFORE for numbering and guards, the statement-level AFTER for the pipeline).
-- row_1_insert, row_1_update and row_2_mentions become row_1_write, which runs, in the order the
-- three fired: on insert the insert's checks and numbering (private.message_before_insert; not
-- for an import's 'bulk' batch, which comes numbered), on update the update's rules
-- (private.message_before_update), then on both who a broadcast mention reaches
-- (private.message_mentions). Their bodies are those of the trigger functions they replace, as
-- functions of the row (new_row, and old_row before an update), unchanged in what they do.

create or replace function private.message_before_insert(new_row public.messages)
returns public.messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  ch record;
  parent record;
  thread_last bigint;
begin
  if uid is not null then
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
  if private.importing() then
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
$$;

create or replace function private.message_before_update(new_row public.messages,
  old_row public.messages)
returns public.messages
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

create or replace function private.message_mentions(p_op text, new_row public.messages,
  old_row public.messages)
returns public.messages
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- history keeps the mentions it was imported with; a claim's rewrite, those it had
  if private.importing() or coalesce(current_setting('chorus.claiming', true), '') <> '' then
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
$$;

create or replace function private.messages_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- A row variable (not NEW itself): a NULL answer leaves its fields null, where NEW would be
  -- left unassigned.
  r public.messages := new;
begin
  if tg_op = 'INSERT' then
    if current_setting('chorus.importing', true) is distinct from 'bulk' then
      r := private.message_before_insert(new);
      -- The same message again: nothing to insert.
      if r.id is null then
        return null;
      end if;
    end if;
  else
    r := private.message_before_update(new, old);
  end if;
  return private.message_mentions(tg_op, r, old);
end
$$;

drop trigger row_1_insert on public.messages;
drop trigger row_1_update on public.messages;
drop trigger row_2_mentions on public.messages;
create trigger row_1_write before insert or update on public.messages
for each row execute function private.messages_before_write();

drop function private.messages_before_insert();
drop function private.messages_before_update();
drop function private.messages_broadcast_mentions();

revoke all on function private.message_before_insert(public.messages) from public, authenticated, service_role;
revoke all on function private.message_before_update(public.messages, public.messages) from public, authenticated, service_role;
revoke all on function private.message_mentions(text, public.messages, public.messages) from public, authenticated, service_role;
