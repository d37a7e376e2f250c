-- Announcement channels (issue 71, item 8): who may post in a channel, as Slack's "Posting
-- permissions" (everyone / workspace admins only / admins and specific people) and Mattermost's
-- read-only channels.
--
-- public.channel_posting holds a channel's setting when it is not "everyone": `who` is 'admins'
-- (the workspace's owners and admins) or 'listed' (they and the people of public.channel_posters),
-- and `replies` whether everyone else may still reply in threads (Slack's default: yes). The list
-- of people is kept when the setting changes, so that "admins only" and back keeps it. Everyone
-- who sees the channel reads both; they change only through public.set_channel_posting, by a
-- workspace admin or the channel's creator, each change in the audit log and live on the
-- channel's topic (every member's composer closes or opens without a reload).
--
-- The rule is one function, private.posting_refusal, asked by the write gates:
-- - a BEFORE INSERT trigger on messages (after the insert gate has settled the row: a repeated id
--   never reaches it), so REST, send_message, bots (their own accounts), slash commands' echoes,
--   scheduled messages (sent as their author) all obey it; an app's message (no author) is
--   decided by what posted it:
-- - a BEFORE INSERT trigger on integration_messages: an incoming webhook posts where its creator
--   may post;
-- - a BEFORE INSERT trigger on slash command runs: a command is run only where its runner may
--   post (its answers in the channel are its runner's);
-- - a BEFORE INSERT trigger on scheduled_messages: a message is scheduled only where it could be
--   sent now (and when it comes due, send_message asks again).
-- Reactions, edits and deletions are not posting: they stay open. The import writes history as it
-- was (Slack's export has no posting permissions), so its messages are not asked.

create table public.channel_posting (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null unique,
  workspace_id uuid not null,
  who text not null,
  replies boolean not null default true,
  updated_by uuid references public.profiles(id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint channel_posting_channel foreign key (channel_id, workspace_id)
    references public.channels(id, workspace_id) on delete cascade,
  constraint channel_posting_who check (who in ('admins', 'listed'))
);
alter table public.channel_posting enable row level security;

create table public.channel_posters (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null,
  workspace_id uuid not null,
  user_id uuid not null references public.profiles(id) on delete cascade,
  added_by uuid references public.profiles(id) on delete set null,
  created_at timestamptz not null default now(),
  constraint channel_posters_unique unique (channel_id, user_id),
  constraint channel_posters_channel foreign key (channel_id, workspace_id)
    references public.channels(id, workspace_id) on delete cascade,
  constraint channel_posters_member foreign key (workspace_id, user_id)
    references public.workspace_members(workspace_id, user_id) on delete cascade
);
alter table public.channel_posters enable row level security;
create index channel_posters_user on public.channel_posters (user_id);

create policy "channel_posting: who sees the channel" on public.channel_posting
  for select to authenticated
  using (channel_id in (select private.visible_channel_ids()));
create policy "channel_posters: who sees the channel" on public.channel_posters
  for select to authenticated
  using (channel_id in (select private.visible_channel_ids()));
revoke all on public.channel_posting from anon, authenticated;
revoke all on public.channel_posters from anon, authenticated;
grant select on public.channel_posting to authenticated;
grant select on public.channel_posters to authenticated;
grant all on public.channel_posting to service_role;
grant all on public.channel_posters to service_role;
select private.join_app_gate('public.channel_posting');
select private.join_app_gate('public.channel_posters');

-- Why p_user_id may not write this (null when they may): a message in the channel, or a reply in
-- one of its threads (p_reply: a reply kept in its thread; one also sent to the channel is a post).
create function private.posting_refusal(p_channel_id uuid, p_user_id uuid, p_reply boolean)
 returns text
 language plpgsql
 stable
 security definer
 set search_path to ''
as $function$
declare
  p public.channel_posting;
begin
  select * into p from public.channel_posting x where x.channel_id = p_channel_id;
  if not found then
    return null;
  end if;
  if p_user_id is not null and (
    exists (
      select 1 from public.workspace_members wm
      where wm.workspace_id = p.workspace_id and wm.user_id = p_user_id
        and wm.left_at is null and wm.role in ('owner', 'admin')
    ) or (p.who = 'listed' and exists (
      select 1 from public.channel_posters x
      where x.channel_id = p_channel_id and x.user_id = p_user_id
    ))
  ) then
    return null;
  end if;
  if p_reply and p.replies then
    return null;
  end if;
  return case when p.replies then 'channel_posting_restricted' else 'channel_replies_restricted' end;
end
$function$;
revoke all on function private.posting_refusal(uuid, uuid, boolean) from public;
grant execute on function private.posting_refusal(uuid, uuid, boolean) to authenticated, service_role;

-- Raises the refusal, in words a person reads (the app shows its own, by the code).
create function private.refuse_posting(p_channel_id uuid, p_code text)
 returns void
 language plpgsql
 stable
 security definer
 set search_path to ''
as $function$
declare
  v_name text := (select c.name from public.channels c where c.id = p_channel_id);
begin
  if p_code = 'channel_replies_restricted' then
    raise exception using errcode = '42501',
      message = format('Only certain people can post or reply in #%s.', v_name),
      detail = 'channel_replies_restricted';
  end if;
  raise exception using errcode = '42501',
    message = format('Only certain people can post in #%s; replies in threads are open.', v_name),
    detail = 'channel_posting_restricted';
end
$function$;
revoke all on function private.refuse_posting(uuid, text) from public;
grant execute on function private.refuse_posting(uuid, text) to authenticated, service_role;

create function private.posting_gate_messages()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_code text;
begin
  if private.importing() then
    return new;
  end if;
  -- An app's message (no author) is decided where its app posts it (below).
  if new.author_id is null and new.app_name is not null then
    return new;
  end if;
  v_code := private.posting_refusal(new.channel_id, new.author_id,
    new.parent_id is not null and not new.in_channel);
  if v_code is not null then
    perform private.refuse_posting(new.channel_id, v_code);
  end if;
  return new;
end
$function$;
revoke all on function private.posting_gate_messages() from public;
-- row_3: after the insert gate (row_1: author, thread numbering; a repeated id stops there) and the
-- mentions (row_2).
create trigger row_3_posting before insert on public.messages
  for each row execute function private.posting_gate_messages();

create function private.posting_gate_hooks()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_code text;
  v_by uuid;
begin
  if new.webhook_id is null then
    return new;
  end if;
  select h.created_by into v_by from public.incoming_webhooks h where h.id = new.webhook_id;
  v_code := private.posting_refusal(new.channel_id, v_by, false);
  if v_code is not null then
    perform private.refuse_posting(new.channel_id, 'channel_posting_restricted');
  end if;
  return new;
end
$function$;
revoke all on function private.posting_gate_hooks() from public;
create trigger posting_gate before insert on public.integration_messages
  for each row execute function private.posting_gate_hooks();

create function private.posting_gate_commands()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_code text := private.posting_refusal(new.channel_id, new.user_id, false);
begin
  if v_code is not null then
    perform private.refuse_posting(new.channel_id, 'channel_posting_restricted');
  end if;
  return new;
end
$function$;
revoke all on function private.posting_gate_commands() from public;
create trigger posting_gate before insert on private.slash_command_invocations
  for each row execute function private.posting_gate_commands();

create function private.posting_gate_timed()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_code text := private.posting_refusal(new.channel_id, new.user_id,
    new.parent_id is not null and not new.in_channel);
begin
  if v_code is not null then
    perform private.refuse_posting(new.channel_id, v_code);
  end if;
  return new;
end
$function$;
revoke all on function private.posting_gate_timed() from public;
create trigger posting_gate before insert on public.scheduled_messages
  for each row execute function private.posting_gate_timed();

-- The setting, as the app reads it: who may post, whether others may reply, and what I may do.
create function public.channel_posting_state(p_channel_id uuid)
 returns jsonb
 language plpgsql
 stable
 security definer
 set search_path to ''
as $function$
declare
  ch public.channels := private.require_visible_channel(p_channel_id);
  p public.channel_posting;
  uid uuid := (select auth.uid());
begin
  select * into p from public.channel_posting x where x.channel_id = ch.id;
  return jsonb_build_object(
    'who', coalesce(p.who, 'everyone'),
    'replies', coalesce(p.replies, true),
    'may_post', private.posting_refusal(ch.id, uid, false) is null,
    'may_reply', private.posting_refusal(ch.id, uid, true) is null,
    'may_manage', private.may_manage_posting(ch),
    'posters', coalesce((
      select jsonb_agg(x.user_id order by x.created_at, x.user_id)
      from public.channel_posters x where x.channel_id = ch.id
    ), '[]'::jsonb)
  );
end
$function$;

-- Who may change it: the workspace's admins, and the channel's creator while a full member of it.
create function private.may_manage_posting(ch public.channels)
 returns boolean
 language sql
 stable
 security definer
 set search_path to ''
as $function$
  select ch.kind <> 'dm' and (
    private.is_workspace_admin(ch.workspace_id)
    or (ch.created_by = (select auth.uid())
      and ch.id in (select private.manageable_channel_ids()))
  )
$function$;
revoke all on function private.may_manage_posting(public.channels) from public;
grant execute on function private.may_manage_posting(public.channels) to authenticated, service_role;
revoke all on function public.channel_posting_state(uuid) from public;
grant execute on function public.channel_posting_state(uuid) to authenticated, service_role;

-- Changes who may post: p_who 'everyone', 'admins' or 'listed'; p_replies whether everyone else
-- may reply in threads; p_user_ids, when given, the list of people (at most 100, each a current
-- member of the workspace), which replaces the one kept.
create function public.set_channel_posting(
  p_channel_id uuid, p_who text, p_replies boolean default true, p_user_ids uuid[] default null
)
 returns jsonb
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  uid uuid := private.require_uid();
  ch public.channels := private.require_visible_channel(p_channel_id);
  v_ids uuid[] := (select array_agg(distinct u) from unnest(p_user_ids) u where u is not null);
begin
  if ch.kind = 'dm' then
    raise exception using errcode = '22023', message = 'Anyone in a direct message can write in it.',
      detail = 'dm_not_editable';
  end if;
  if not private.may_manage_posting(ch) then
    raise exception using errcode = '42501',
      message = 'Only workspace admins and the channel''s creator can change who may post.',
      detail = 'channel_manager_only';
  end if;
  if p_who is null or p_who not in ('everyone', 'admins', 'listed') then
    raise exception using errcode = '22023',
      message = 'Who may post is "everyone", "admins" or "listed".', detail = 'invalid_argument';
  end if;
  if p_user_ids is not null then
    if coalesce(array_length(v_ids, 1), 0) > 100 then
      raise exception using errcode = '22023',
        message = 'At most 100 people can be listed as allowed to post.',
        detail = 'too_many_posters';
    end if;
    if exists (
      select 1 from unnest(v_ids) u
      where not exists (
        select 1 from public.workspace_members wm
        where wm.workspace_id = ch.workspace_id and wm.user_id = u and wm.left_at is null
      )
    ) then
      raise exception using errcode = '42501',
        message = 'Only members of this workspace can be allowed to post.',
        detail = 'not_workspace_member';
    end if;
    delete from public.channel_posters x
    where x.channel_id = ch.id and x.user_id <> all (coalesce(v_ids, '{}'));
    insert into public.channel_posters (channel_id, workspace_id, user_id, added_by)
    select ch.id, ch.workspace_id, u, uid from unnest(coalesce(v_ids, '{}')) u
    on conflict (channel_id, user_id) do nothing;
  end if;
  if p_who = 'everyone' then
    delete from public.channel_posting x where x.channel_id = ch.id;
  else
    insert into public.channel_posting as x (channel_id, workspace_id, who, replies, updated_by)
    values (ch.id, ch.workspace_id, p_who, coalesce(p_replies, true), uid)
    on conflict (channel_id) do update
    set who = excluded.who, replies = excluded.replies, updated_by = excluded.updated_by,
      updated_at = now()
    where (x.who, x.replies) is distinct from (excluded.who, excluded.replies);
  end if;
  return public.channel_posting_state(ch.id);
end
$function$;
revoke all on function public.set_channel_posting(uuid, text, boolean, uuid[]) from public;
grant execute on function public.set_channel_posting(uuid, text, boolean, uuid[])
  to authenticated, service_role;

-- Live on the channel's topic: every member's composer follows.
create trigger channel_posting_live after insert or update or delete on public.channel_posting
  for each row execute function private.live_channel_content();
create trigger channel_posters_live after insert or delete on public.channel_posters
  for each row execute function private.live_channel_content();

-- The audit log: the setting's changes, and each person allowed or no longer.
create function private.audit_channel_posting()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_channel uuid := case when tg_op = 'DELETE' then old.channel_id else new.channel_id end;
  v_workspace uuid := case when tg_op = 'DELETE' then old.workspace_id else new.workspace_id end;
  v_name text := (select c.name from public.channels c where c.id = v_channel);
begin
  if private.importing() or v_name is null then
    return null;
  end if;
  if tg_table_name = 'channel_posters' then
    perform private.audit(v_workspace,
      case when tg_op = 'DELETE' then 'channel.poster_removed' else 'channel.poster_added' end,
      'channel', v_channel::text, v_name,
      jsonb_build_object('user_id', case when tg_op = 'DELETE' then old.user_id else new.user_id end,
        'user_name', (select p.display_name from public.profiles p
          where p.id = case when tg_op = 'DELETE' then old.user_id else new.user_id end)));
  else
    perform private.audit(v_workspace, 'channel.posting_changed', 'channel', v_channel::text,
      v_name, jsonb_build_object(
        'from', case when tg_op = 'INSERT' then 'everyone' else old.who end,
        'to', case when tg_op = 'DELETE' then 'everyone' else new.who end,
        'replies', case when tg_op = 'DELETE' then true else new.replies end));
  end if;
  return null;
end
$function$;
revoke all on function private.audit_channel_posting() from public;
grant execute on function private.audit_channel_posting() to authenticated, service_role;
create trigger channel_posting_audit after insert or update or delete on public.channel_posting
  for each row execute function private.audit_channel_posting();
create trigger channel_posters_audit after insert or delete on public.channel_posters
  for each row execute function private.audit_channel_posting();
