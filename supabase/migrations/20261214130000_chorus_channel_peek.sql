-- Issue 68, item 3: a public channel opens as a preview with a "Join" bar, and a mention of
-- someone outside a public channel offers "Let them know", as Slack does.
--
-- The one read of a channel by someone not in it: public_channel_page() gives a full member of
-- the workspace (not a guest) the latest messages of a public channel of it (or those around one
-- message), read-only, as Slack's channel preview does. Nothing else of the channel (its live
-- topic, search, files' contents, threads' replies) is theirs until they join.

create function public.public_channel_page(
  p_channel_id uuid, p_message_id uuid default null, p_limit integer default 50)
 returns jsonb
 language plpgsql
 stable security definer
 set search_path to ''
as $$
declare
  ch public.channels := private.require_visible_channel(p_channel_id);
  n integer := least(greatest(coalesce(p_limit, 50), 1), 100);
  target bigint;
  page jsonb;
begin
  if ch.kind <> 'public' then
    raise exception using errcode = '42501', message = 'This channel is private: a member has to add you.',
      detail = 'channel_private';
  end if;
  if p_message_id is not null then
    select m.seq into target from public.messages m
    where m.id = p_message_id and m.channel_id = ch.id and m.in_channel
      and m.deleted_at is null and m.removed_at is null;
  end if;
  select coalesce(jsonb_agg(row_data order by seq), '[]'::jsonb) into page
  from (
    select m.seq, jsonb_build_object(
        'id', m.id, 'seq', m.seq, 'author_id', m.author_id, 'body', m.body,
        'created_at', m.created_at, 'edited_at', m.edited_at,
        'app_name', (select i.app_name from public.integration_messages i
          where m.author_id is null and i.message_id = m.id),
        'reply_count', coalesce((select t.reply_count from public.threads t where t.id = m.id), 0),
        'reactions', coalesce((
          select jsonb_agg(jsonb_build_object('emoji', r.emoji, 'count', r.n) order by r.first)
          from (select r.emoji, count(*) as n, min(r.created_at) as first
            from public.reactions r where r.message_id = m.id group by r.emoji) r
        ), '[]'::jsonb),
        'files', coalesce((
          select jsonb_agg(jsonb_build_object('name', a.name, 'size', a.size,
            'mime_type', a.mime_type) order by a.created_at, a.id)
          from public.attachments a where a.message_id = m.id
        ), '[]'::jsonb)
      ) as row_data
    from (
      (select * from public.messages m
        where m.channel_id = ch.id and m.in_channel and m.deleted_at is null
          and m.removed_at is null and m.seq <= coalesce(target + n / 2, 9223372036854775807)
        order by m.seq desc limit n)
    ) m
  ) rows;
  return jsonb_build_object(
    'channel', jsonb_build_object('id', ch.id, 'name', ch.name, 'topic', ch.topic,
      'archived_at', ch.archived_at,
      'member_count', (select count(*) from public.channel_members cm where cm.channel_id = ch.id),
      'is_member', exists (select 1 from public.channel_members cm
        where cm.channel_id = ch.id and cm.user_id = (select auth.uid()))),
    'messages', page,
    'found', p_message_id is null or target is not null);
end
$$;
revoke all on function public.public_channel_page(uuid, uuid, integer) from public, anon;
grant execute on function public.public_channel_page(uuid, uuid, integer) to authenticated, service_role;
comment on function public.public_channel_page(uuid, uuid, integer) is
  'A public channel''s latest messages (or those around p_message_id), for a full member of its workspace who has not joined: the preview before "Join".';

-- "Let them know": the author of a message in a public channel tells people of the workspace who
-- are not in it that they were named there. Each gets an Activity item (live, on every device),
-- which opens the message in the channel's preview. Written only by send_activity_notices().
create table public.activity_notices (
  id uuid primary key default gen_random_uuid(),
  workspace_id uuid not null references public.workspaces (id) on delete cascade,
  channel_id uuid not null references public.channels (id) on delete cascade,
  message_id uuid not null references public.messages (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  sent_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint activity_notices_once unique (message_id, user_id)
);
create index activity_notices_user on public.activity_notices (user_id, workspace_id, created_at desc);
alter table public.activity_notices enable row level security;
create policy "activity_notices: your own" on public.activity_notices
  for select to authenticated
  using (user_id = (select auth.uid()) and workspace_id in (select private.full_workspace_ids()));
revoke all on table public.activity_notices from anon, authenticated;
grant select on table public.activity_notices to authenticated;
grant all on table public.activity_notices to service_role;
select private.join_app_gate('public.activity_notices');

create function public.send_activity_notices(p_message_id uuid, p_user_ids uuid[])
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
  ch public.channels;
  sent integer;
begin
  if p_user_ids is null or cardinality(p_user_ids) = 0 or cardinality(p_user_ids) > 20
    or array_position(p_user_ids, null) is not null then
    raise exception using errcode = '22023', message = 'A value is not valid.',
      detail = 'invalid_argument', hint = 'Name 1 to 20 people.';
  end if;
  select * into m from public.messages where id = p_message_id;
  if not found or m.channel_id not in (select private.member_channel_ids()) then
    raise exception using errcode = '22023', message = 'Message not found.', detail = 'message_not_found';
  end if;
  if m.author_id is distinct from uid then
    raise exception using errcode = '42501', message = 'Only the message''s author can do that.',
      detail = 'not_message_author';
  end if;
  if m.deleted_at is not null or m.removed_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  select * into ch from public.channels where id = m.channel_id;
  if ch.kind <> 'public' then
    raise exception using errcode = '42501',
      message = 'Only people in this channel can see it: add them instead.',
      detail = 'notice_channel_private';
  end if;
  if exists (
    select 1 from unnest(p_user_ids) u(id)
    where not exists (select 1 from public.workspace_members wm
      where wm.workspace_id = ch.workspace_id and wm.user_id = u.id and wm.left_at is null
        and wm.role <> 'guest')
  ) then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.',
      detail = 'person_not_in_workspace';
  end if;
  -- Those in the channel were told by the message itself.
  insert into public.activity_notices (workspace_id, channel_id, message_id, user_id, sent_by)
  select ch.workspace_id, ch.id, m.id, u.id, uid
  from (select distinct unnest(p_user_ids) as id) u
  where u.id <> uid
    and not exists (select 1 from public.channel_members cm
      where cm.channel_id = ch.id and cm.user_id = u.id)
  on conflict (message_id, user_id) do nothing;
  get diagnostics sent = row_count;
  return sent;
end
$$;
revoke all on function public.send_activity_notices(uuid, uuid[]) from public, anon;
grant execute on function public.send_activity_notices(uuid, uuid[]) to authenticated, service_role;

create function private.live_activity_notices()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $$
begin
  perform private.live_send('live:user:' || new.user_id::text, 'activity', 'INSERT',
    jsonb_build_object('kind', 'notice', 'workspace_id', new.workspace_id,
      'channel_id', new.channel_id, 'message_id', new.message_id));
  return null;
end
$$;
revoke all on function private.live_activity_notices() from public;
create trigger activity_notices_live after insert on public.activity_notices
  for each row execute function private.live_activity_notices();

-- Activity gathers the notices too: a mention of me ('you') in a channel I am not in, while it
-- is public and I have not joined it (once in, the message's own mention is the item).
create or replace function public.activity(p_workspace_id uuid, p_limit integer DEFAULT 50, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS TABLE(item_id text, kind text, at timestamp with time zone, actor_id uuid, channel_id uuid, channel_name text, channel_kind public.channel_kind, message_id uuid, thread_id uuid, body text, emoji text, mention text, seq bigint, thread_seq bigint, unread boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with me as (
    select (select auth.uid()) as uid, least(greatest(coalesce(p_limit, 50), 1), 200) as n,
      coalesce(p_before, 'infinity'::timestamptz) as before
  ),
  marks as (
    select coalesce(max(r.read_up_to), '-infinity'::timestamptz) as up_to,
      coalesce(max(r.read_items), '{}') as items
    from public.activity_marks r, me
    where r.user_id = me.uid and r.workspace_id = p_workspace_id
  ),
  mine as (
    select cm.channel_id, cm.last_read_seq, cm.added_by, cm.joined_at, cm.id as membership_id,
      c.name, c.kind
    from me
    join public.channel_members cm on cm.user_id = me.uid
    join public.channels c on c.id = cm.channel_id
    where cm.workspace_id = p_workspace_id and p_workspace_id in (select private.workspace_ids())
  ),
  told as (
    select n.id, n.channel_id, n.message_id, n.sent_by, n.created_at, c.name, c.kind
    from me
    join public.activity_notices n on n.user_id = me.uid and n.workspace_id = p_workspace_id
    join public.channels c on c.id = n.channel_id and c.kind = 'public'
    where p_workspace_id in (select private.full_workspace_ids())
      and not exists (select 1 from mine where mine.channel_id = n.channel_id)
  ),
  places as (
    select mine.channel_id, mine.name, mine.kind from mine
    union all
    select distinct told.channel_id, told.name, told.kind from told
  ),
  items as (
    (select 'm:' || m.id as item_id, 'mention' as kind, m.created_at as at, m.author_id as actor_id,
      m.channel_id, m.id as message_id, m.parent_id as thread_id, m.body, null::text as emoji,
      case
        when strpos(m.body, '<@' || me.uid::text || '>') > 0 then 'you'
        when m.body ~ '<!here>' then 'here'
        when m.body ~ '<!(channel|everyone)>' then 'channel'
        else 'group'
      end as mention,
      case when m.in_channel then m.seq end as seq, m.thread_seq,
      case when m.in_channel then m.seq > mine.last_read_seq
        else m.thread_seq > coalesce(tm.last_read_seq, 0) end as unseen
    from me
    join public.messages m on m.mentions @> array[me.uid] and m.deleted_at is null
    join mine on mine.channel_id = m.channel_id
    left join public.thread_members tm on tm.thread_id = m.parent_id and tm.user_id = me.uid
    where m.removed_at is null and m.author_id is distinct from me.uid and m.created_at < me.before
    order by m.created_at desc limit (select n from me))
    union all
    (select 'm:' || m.id, 'reply', m.created_at, m.author_id, m.channel_id, m.id, m.parent_id,
      m.body, null, null, case when m.in_channel then m.seq end, m.thread_seq,
      m.thread_seq > tm.last_read_seq
    from me
    join public.thread_members tm on tm.user_id = me.uid and tm.following
    join mine on mine.channel_id = tm.channel_id
    join public.messages m on m.parent_id = tm.thread_id
    where m.deleted_at is null and m.removed_at is null and m.author_id is distinct from me.uid
      and not m.mentions @> array[me.uid] and m.created_at < me.before
    order by m.created_at desc limit (select n from me))
    union all
    (select 'r:' || r.id, 'reaction', r.created_at, r.user_id, m.channel_id, m.id, m.parent_id,
      m.body, r.emoji, null, null::bigint, null::bigint, true
    from me
    join public.messages m on m.author_id = me.uid and m.deleted_at is null
    join mine on mine.channel_id = m.channel_id
    join public.reactions r on r.message_id = m.id and r.user_id <> me.uid
    where m.removed_at is null and r.created_at < me.before
    order by r.created_at desc limit (select n from me))
    union all
    (select 'c:' || mine.membership_id, 'channel_invite', mine.joined_at, mine.added_by,
      mine.channel_id, null, null, null, null, null, null, null, true
    from me join mine on mine.added_by is not null and mine.added_by <> me.uid
    where mine.joined_at < me.before
    order by mine.joined_at desc limit (select n from me))
    union all
    (select 'n:' || told.id, 'mention', told.created_at, told.sent_by, told.channel_id, m.id,
      null, m.body, null, 'you', m.seq, null, true
    from me
    join told on true
    join public.messages m on m.id = told.message_id and m.deleted_at is null
      and m.removed_at is null
    where told.created_at < me.before
    order by told.created_at desc limit (select n from me))
  )
  select i.item_id, i.kind, i.at, i.actor_id, i.channel_id, places.name, places.kind, i.message_id,
    i.thread_id, i.body, i.emoji, i.mention, i.seq, i.thread_seq,
    i.unseen and i.at > marks.up_to and not (i.item_id = any (marks.items))
  from items i
  join places on places.channel_id = i.channel_id
  cross join marks
  order by i.at desc, i.item_id
  limit (select n from me)
$function$;

-- Its marks take the notices' ids (n:<uuid>) too.
create or replace function public.mark_activity_seen(p_workspace_id uuid, p_item_ids text[] DEFAULT NULL::text[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  uid uuid := private.require_uid();
begin
  if p_workspace_id is null or p_workspace_id not in (select private.workspace_ids()) then
    raise exception using errcode = '42501', message = 'You are not a member of this workspace.',
      detail = 'not_workspace_member';
  end if;
  if p_item_ids is null then
    insert into public.activity_marks (user_id, workspace_id, read_up_to, read_items)
    values (uid, p_workspace_id, now(), '{}')
    on conflict (user_id, workspace_id) do update set read_up_to = now(), read_items = '{}';
  else
    if cardinality(p_item_ids) > 200 or exists (
      select 1 from unnest(p_item_ids) i where i is null or i !~ '^[mrcn]:[0-9a-f-]{36}$'
    ) then
      raise exception using errcode = '22023', message = 'Those are not items of Activity.',
        detail = 'invalid_argument', hint = 'Pass at most 200 ids as activity() names them.';
    end if;
    insert into public.activity_marks (user_id, workspace_id, read_items)
    values (uid, p_workspace_id, p_item_ids[1:200])
    on conflict (user_id, workspace_id) do update set read_items = (
      -- the newest 500 ids kept: older items are long past read_up_to or forgotten
      select coalesce(array_agg(x.i order by x.o), '{}') from (
        select n.i, n.o from unnest(
          array(select o from unnest(public.activity_marks.read_items) o
            where not o = any (excluded.read_items)) || excluded.read_items
        ) with ordinality as n(i, o)
        order by n.o desc limit 500
      ) x
    );
  end if;
end
$function$;
