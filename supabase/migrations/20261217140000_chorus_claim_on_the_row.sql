-- Issue 70: the last session flag of the message pipeline goes. A placeholder's claim
-- (private.import_placeholder_claim, run by accept_invite) set `chorus.claiming` while it
-- rewrote the placeholder's messages and took its seats, and four places read it. Now the rows
-- say it, as import_id says history (20261217120000, 20261217130000):
--
-- - while its claim runs, the placeholder says which account claims it
--   (private.import_placeholders.claimed_by). The claim sets it first and deletes the placeholder
--   last, in its one transaction: no other transaction ever sees it set, so no person's request
--   can pass for a claim.
-- - the claim rewrites each message itself (private.import_placeholder_message: the account
--   instead of the placeholder as author, in the text's <@id> and in the mentions), and an
--   update whose row is exactly that rewrite of a placeholder being claimed is the claim's
--   (private.import_placeholder_claim_rewrite): row_1_write keeps it as written (no edit rule,
--   no edit mark, the mentions as they were), and the pipeline counts it as no news (nobody
--   told) and no edit (no version).
-- - the account claiming a placeholder takes its seats, an archived channel's too
--   (channel_members_before_insert), by the placeholder's claimed_by and seat.
--
-- The same-looking writes outside a claim are what they are: a person's edit replacing a
-- placeholder's mention by their own is an edit (versioned, told, guarded), and nobody joins an
-- archived channel by themselves (tests/imports-claim-rows.test.ts).

alter table private.import_placeholders add column claimed_by uuid;
create index import_placeholders_claimed on private.import_placeholders (claimed_by)
  where claimed_by is not null;

-- A message as a placeholder's claim leaves it: the account instead of the placeholder as its
-- author, in its text's mentions (<@id>) and in its mentions (once, if it was named already);
-- nothing else.
create function private.import_placeholder_message(m public.messages, p_from uuid, p_to uuid)
returns public.messages
language plpgsql
immutable
set search_path = ''
as $$
begin
  if m.author_id = p_from then
    m.author_id := p_to;
  end if;
  m.body := replace(m.body, '<@' || p_from::text || '>', '<@' || p_to::text || '>');
  m.mentions := case when p_to = any (m.mentions) then array_remove(m.mentions, p_from)
    else array_replace(m.mentions, p_from, p_to) end;
  return m;
end
$$;

-- Whether an update of a message is a placeholder's claim rewriting it: the new row is the old
-- one as the claim of a placeholder being claimed leaves it (private.import_placeholder_message),
-- and differs from it. Only private.import_placeholder_claim marks a placeholder claimed, inside
-- its own transaction.
create function private.import_placeholder_claim_rewrite(p_old public.messages, p_new public.messages)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_new is distinct from p_old and exists (
    select 1 from private.import_placeholders ph
    where ph.claimed_by is not null
      and private.import_placeholder_message(p_old, ph.profile_id, ph.claimed_by)
        is not distinct from p_new)
$$;

-- Only the triggers and the claim call them.
revoke all on function private.import_placeholder_message(public.messages, uuid, uuid),
  private.import_placeholder_claim_rewrite(public.messages, public.messages)
  from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.import_placeholder_claim(p_workspace uuid, p_from uuid, p_to uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_name text;
  v_messages integer;
  c record;
  v_key text;
begin
  select p.display_name into v_name from public.profiles p
  join private.import_placeholders ph on ph.profile_id = p.id and ph.workspace_id = p_workspace
  where p.id = p_from and p.is_placeholder for update;
  if not found then
    return 0;
  end if;
  -- While the claim runs, the placeholder says who claims it, and the triggers know the claim's
  -- writes by it: its messages rewritten, no edit and no news
  -- (private.import_placeholder_claim_rewrite), its seats taken, archived channels' too
  -- (channel_members_before_insert). It goes with the placeholder, below.
  update private.import_placeholders ph set claimed_by = p_to where ph.profile_id = p_from;
  update public.messages m
  set (author_id, body, mentions) = (select w.author_id, w.body, w.mentions
    from private.import_placeholder_message(m, p_from, p_to) as w)
  where m.author_id = p_from
    or (m.channel_id in (select ch.id from public.channels ch where ch.workspace_id = p_workspace)
      and (p_from = any (m.mentions) or m.body like '%<@' || p_from::text || '>%'));
  get diagnostics v_messages = row_count;
  -- reactions (one the account made already stays once)
  delete from public.reactions r
  where r.user_id = p_from and exists (select 1 from public.reactions x
    where x.message_id = r.message_id and x.user_id = p_to and x.emoji = r.emoji);
  update public.reactions r set user_id = p_to where r.user_id = p_from;
  update public.attachments a set uploader_id = p_to where a.uploader_id = p_from;
  update public.channels ch set created_by = p_to where ch.created_by = p_from;
  update public.pins pn set pinned_by = p_to where pn.pinned_by = p_from;
  update public.threads t set last_repliers = array_replace(t.last_repliers, p_from, p_to)
  where p_from = any (t.last_repliers) and t.channel_id in (select ch.id from public.channels ch
    where ch.workspace_id = p_workspace);
  -- memberships: the channels (archived ones too) and threads the placeholder was in
  insert into public.channel_members (channel_id, workspace_id, user_id)
  select cm.channel_id, cm.workspace_id, p_to
  from public.channel_members cm where cm.user_id = p_from
  on conflict (channel_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select tm.thread_id, p_to, tm.channel_id, tm.following, tm.last_read_seq
  from public.thread_members tm where tm.user_id = p_from
  on conflict (thread_id, user_id) do nothing;
  -- the announcement channels it may post in, and the forwards of its messages (issue 71)
  insert into public.channel_posters (channel_id, workspace_id, user_id, added_by, created_at)
  select cp.channel_id, cp.workspace_id, p_to, cp.added_by, cp.created_at
  from public.channel_posters cp
  join public.workspace_members wm on wm.workspace_id = cp.workspace_id and wm.user_id = p_to
  where cp.user_id = p_from
  on conflict (channel_id, user_id) do nothing;
  update public.message_forwards f set source_author_id = p_to where f.source_author_id = p_from;
  -- the user groups someone put the placeholder in (a guest's claim never comes here)
  insert into public.user_group_members (group_id, workspace_id, user_id, added_by, added_at)
  select gm.group_id, gm.workspace_id, p_to, gm.added_by, gm.added_at
  from public.user_group_members gm where gm.user_id = p_from
  on conflict (group_id, user_id) do nothing;
  -- a direct message's key names its people: the account instead of the placeholder, unless the
  -- account has that direct message already
  for c in select ch.id from public.channels ch
    join public.channel_members cm on cm.channel_id = ch.id and cm.user_id = p_from
    where ch.kind = 'dm' and ch.workspace_id = p_workspace loop
    select array_to_string(array_agg(distinct u.user_id order by u.user_id), ',') into v_key
    from public.channel_members u where u.channel_id = c.id and u.user_id <> p_from;
    if v_key is not null and not exists (select 1 from public.channels x
      where x.workspace_id = p_workspace and x.kind = 'dm' and x.dm_key = v_key) then
      update public.channels x set dm_key = v_key where x.id = c.id;
    end if;
  end loop;
  insert into private.import_claims (workspace_id, slack_id, account_id)
  select ph.workspace_id, ph.slack_id, p_to from private.import_placeholders ph
  where ph.profile_id = p_from
  on conflict do nothing;
  -- the placeholder goes, and its claimed_by with it (private.import_placeholders' row)
  delete from public.profiles p where p.id = p_from and p.is_placeholder;
  perform private.audit(p_workspace, 'import.claimed', 'profile', p_from::text, v_name,
    jsonb_build_object('account', p_to, 'messages', v_messages));
  return v_messages;
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
  -- Nobody joins an archived channel, but the account claiming a placeholder takes its seat
  -- there (private.import_placeholder_claim: the placeholder says who claims it).
  if ch.archived_at is not null and (select auth.uid()) is not null
    and new.channel_id in (select private.visible_channel_ids())
    and not exists (select 1 from private.import_placeholders ph
      join public.channel_members cm on cm.user_id = ph.profile_id and cm.channel_id = new.channel_id
      where ph.claimed_by = new.user_id) then
    raise exception using errcode = '22023', message = 'This channel is archived; nobody can join it.', detail = 'channel_archived';
  end if;
  new.workspace_id := ch.workspace_id;
  -- What was said before joining is history, not unread.
  new.last_read_seq := ch.last_seq;
  new.joined_at := now();
  -- Who did it is the caller, whatever the row says (a join is the member's own).
  new.added_by := (select auth.uid());
  return new;
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
    -- A placeholder's claim rewriting the message (the account instead of the placeholder, and
    -- nothing else) is kept as written: it is no edit.
    if private.import_placeholder_claim_rewrite(old, new) then
      return new;
    end if;
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

CREATE OR REPLACE FUNCTION private.message_before_update(new_row public.messages, old_row public.messages)
 RETURNS public.messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
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
  -- history keeps the mentions it was imported with
  if p_op = 'INSERT' and new_row.import_id is not null then
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

CREATE OR REPLACE FUNCTION private.messages_written(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- What the rows are news of. History (an inserted row with its import_id) and a placeholder's
  -- claim rewriting its messages (private.import_placeholder_claim_rewrite) are kept, numbered,
  -- threaded, indexed and counted, but nobody is told of them, and the claim's rewrite is no edit
  -- (no version).
  v_told public.messages[] := case
    when p_op = 'INSERT' then array(select n from unnest(p_new) as n where n.import_id is null)
    else array(select n from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
      where not private.import_placeholder_claim_rewrite(o, n))
  end;
  quiet boolean := cardinality(v_told) = 0;
begin
  perform private.written_reactions(p_op, p_new, p_old);
  perform private.written_attachments(p_op, p_new, p_old);
  perform private.written_versions(p_op, v_told, p_old);
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

CREATE OR REPLACE FUNCTION private.written_versions(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_op <> 'UPDATE' then
    return;
  end if;
  delete from public.message_versions v
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where v.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
  insert into public.message_versions (message_id, channel_id, body, written_at, replaced_at)
  select o.id, o.channel_id, o.body, coalesce(o.edited_at, o.created_at),
    coalesce(n.edited_at, now())
  from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where o.body is distinct from n.body and n.deleted_at is null and o.removed_at is null
    and n.removed_at is null;
end
$function$;
