-- One pipeline for a written message (issue 70, item 1), its third step: an import's batch and a
-- claim's rewrite go through the same triggers and pipeline as any message, and the 'bulk'
-- setting that let them past goes. private.import_insert no longer numbers, threads, follows and
-- indexes its batch by hand: it prepares the batch (its new rows, each reply's parent) and
-- inserts it in one statement in the archive's order; row_1_insert numbers each row, and the
-- pipeline's handlers do the rest for the 2,000 rows at once. import_placeholder_claim's update
-- is refolded for search by the pipeline too.
--
-- What is news and what is not is decided in one place: with chorus.importing = 'on' (history,
-- outside any request: private.importing()) or chorus.claiming set (a placeholder's messages
-- moving to the account that claims it), the pipeline tells nobody: no live event, mail, outgoing
-- event, push, thread reply or link preview. The handlers no longer test it themselves.

-- The handlers that tested it.
create or replace function private.written_email_queue(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
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
  if p_op <> 'INSERT' then
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
$function$;

create or replace function private.written_events(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_op <> 'INSERT' then
    return;
  end if;
  perform private.queue_message_event(n) from unnest(p_new) as n where n.author_id is not null;
end
$function$;

create or replace function private.written_push(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  delay_seconds integer := coalesce((
    select value::integer from private.notification_config where name = 'push_delay_seconds'
  ), 4);
begin
  if p_op <> 'INSERT' then
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
$function$;

create or replace function private.written_link_previews(p_op text, p_new public.messages[], p_old public.messages[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_op = 'INSERT' then
    perform private.request_link_previews(array(
      select n.id from unnest(p_new) as n
      where n.deleted_at is null and n.body ~* 'https?://'
      order by n.created_at desc, n.id
      limit 20
    ));
    return;
  end if;
  delete from public.link_previews p
  using unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where p.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
  perform private.request_link_previews(array(
    select n.id from unnest(p_new) as n
    join unnest(p_old) as o on o.id = n.id
    where n.deleted_at is null and n.body is distinct from o.body
      and (n.body ~* 'https?://'
        or exists (select 1 from public.link_previews p where p.message_id = n.id))
    order by n.created_at desc, n.id
    limit 20
  ));
end
$function$;

create or replace function private.messages_broadcast_mentions()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- history keeps the mentions it was imported with; a claim's rewrite, those it had
  if private.importing() or coalesce(current_setting('chorus.claiming', true), '') <> '' then
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

-- The pipeline.
create or replace function private.messages_written(p_op text, p_new public.messages[],
  p_old public.messages[])
returns void language plpgsql security definer set search_path = '' as $$
declare
  -- History (an import) or a claim's rewrite: kept, indexed and counted, but nobody is told.
  quiet boolean := private.importing()
    or coalesce(current_setting('chorus.claiming', true), '') <> '';
begin
  perform private.written_reactions(p_op, p_new, p_old);
  perform private.written_attachments(p_op, p_new, p_old);
  perform private.written_versions(p_op, p_new, p_old);
  if not quiet then
    perform private.written_live(p_op, p_new, p_old);
  end if;
  perform private.written_audit(p_op, p_new, p_old);
  if not quiet then
    perform private.written_email_queue(p_op, p_new, p_old);
    perform private.written_events(p_op, p_new, p_old);
    perform private.written_push(p_op, p_new, p_old);
  end if;
  perform private.written_search(p_op, p_new, p_old);
  perform private.written_threads(p_op, p_new, p_old);
  if not quiet then
    perform private.written_thread_live(p_op, p_new, p_old);
  end if;
  perform private.written_pins(p_op, p_new, p_old);
  perform private.written_saved(p_op, p_new, p_old);
  perform private.written_message_numbers(p_op, p_new, p_old);
  if not quiet then
    perform private.written_link_previews(p_op, p_new, p_old);
  end if;
end
$$;

-- The row triggers, without the 'bulk' pass.
drop trigger row_1_insert on public.messages;
create trigger row_1_insert before insert on public.messages
  for each row execute function private.messages_before_insert();
drop trigger row_2_mentions on public.messages;
create trigger row_2_mentions before insert or update of body, deleted_at on public.messages
  for each row execute function private.messages_broadcast_mentions();
-- History may hold a message whose files were not kept: it is not checked.
drop trigger messages_not_empty on public.messages;
create constraint trigger messages_not_empty after insert on public.messages
  deferrable initially immediate
  for each row when (current_setting('chorus.importing', true) is distinct from 'on')
  execute function private.messages_check_not_empty();

-- An import's batch, through the triggers.
create or replace function private.import_insert(p_import uuid, p_workspace uuid, p_rows jsonb, p_reactions jsonb, p_files jsonb, OUT messages integer, OUT files integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('chorus.importing', 'on', true);
  create temporary table if not exists import_batch (
    ord integer, id uuid, channel_id uuid, author_id uuid, body text, parent_id uuid,
    in_channel boolean, created_at timestamptz, edited_at timestamptz, deleted boolean
  ) on commit drop;
  truncate pg_temp.import_batch;
  insert into pg_temp.import_batch (ord, id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted)
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
  where c.id in (select distinct b.channel_id from pg_temp.import_batch b)
  order by c.id for no key update;
  update pg_temp.import_batch b set parent_id = null
  where b.parent_id is not null and not (
    exists (select 1 from public.messages p where p.id = b.parent_id and p.parent_id is null
      and p.channel_id = b.channel_id)
    or exists (select 1 from pg_temp.import_batch q where q.id = b.parent_id
      and q.parent_id is null and q.channel_id = b.channel_id and q.ord < b.ord));
  -- Through the triggers as any message (supabase/README.md, "A written message"), in the
  -- archive's order: row_1_insert cleans each body, takes its mentions among the workspace's
  -- members, keeps its times and numbers it in its channel or thread; the pipeline counts the
  -- threads, makes their followers and indexes the batch for search, a statement each, and tells
  -- nobody (private.importing(): history).
  insert into public.messages (id, channel_id, author_id, body, parent_id, in_channel,
    created_at, edited_at, deleted_at)
  select b.id, b.channel_id, b.author_id, b.body, b.parent_id, b.parent_id is null or b.in_channel,
    b.created_at, b.edited_at, case when b.deleted then b.created_at end
  from pg_temp.import_batch b
  order by b.ord;
  get diagnostics messages = row_count;

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
end
$function$;

-- A claim, without the bulk pass (its messages refolded for search by the pipeline).
create or replace function private.import_placeholder_claim(p_workspace uuid, p_from uuid, p_to uuid)
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
  where p.id = p_from and p.is_placeholder for update;
  if not found then
    return 0;
  end if;
  perform set_config('chorus.claiming', p_from::text || ':' || p_to::text, true);
  update public.messages m set author_id = p_to
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
  perform set_config('chorus.claiming', '', true);
  insert into private.import_claims (workspace_id, slack_id, account_id)
  select ph.workspace_id, ph.slack_id, p_to from private.import_placeholders ph
  where ph.profile_id = p_from
  on conflict do nothing;
  delete from public.profiles p where p.id = p_from and p.is_placeholder;
  perform private.audit(p_workspace, 'import.claimed', 'profile', p_from::text, v_name,
    jsonb_build_object('account', p_to, 'messages', v_messages));
  return v_messages;
end
$function$;
