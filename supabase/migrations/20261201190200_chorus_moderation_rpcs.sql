-- Moderation's functions (issue 35, part 4; tables in 20261201190000): report a message, list
-- and resolve reports, remove and restore a message, suspend and unsuspend a person. Each
-- refusal is a clear error (22023 bad input or not found, 42501 not allowed, 23505 twice).

create or replace function private.require_moderator(p_workspace_id uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not coalesce(private.is_workspace_admin(p_workspace_id), false) then
    raise exception using errcode = '42501',
      message = 'Only owners and admins can moderate this workspace.';
  end if;
end
$$;
revoke all on function private.require_moderator(uuid) from public;

-- A message of a workspace I moderate (any channel, private ones I am not in included).
create or replace function private.require_moderated_message(p_message_id uuid)
returns public.messages
language plpgsql stable security definer set search_path = '' as $$
declare
  m public.messages;
  ws uuid;
begin
  select x.* into m from public.messages x where x.id = p_message_id;
  select c.workspace_id into ws from public.channels c where c.id = m.channel_id;
  if m.id is null or not coalesce(private.is_workspace_admin(ws), false) then
    raise exception using errcode = '22023', message = 'Message not found.';
  end if;
  if m.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  return m;
end
$$;
revoke all on function private.require_moderated_message(uuid) from public;

create or replace function public.report_message(p_message_id uuid, p_reason text, p_note text default null)
returns public.message_reports
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages;
  r public.message_reports;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
begin
  if p_message_id is null then
    raise exception using errcode = '22023', message = 'Say which message you report.';
  end if;
  if p_reason is null or p_reason not in ('spam', 'harassment', 'inappropriate', 'other') then
    raise exception using errcode = '22023',
      message = 'Choose a reason: spam, harassment, inappropriate or other.';
  end if;
  if char_length(coalesce(v_note, '')) > 500 then
    raise exception using errcode = '22023', message = 'A report''s note can be at most 500 characters.';
  end if;
  m := private.require_readable_message(p_message_id);
  if m.removed_at is not null then
    raise exception using errcode = '22023', message = 'This message was already removed by an admin.';
  end if;
  if m.author_id = uid then
    raise exception using errcode = '22023', message = 'You cannot report your own message.';
  end if;
  insert into public.message_reports (workspace_id, channel_id, message_id, reporter_id, reason, note)
  select c.workspace_id, m.channel_id, m.id, uid, p_reason::public.report_reason, v_note
  from public.channels c where c.id = m.channel_id
  on conflict (message_id, reporter_id) do nothing
  returning * into r;
  if r.id is null then
    raise exception using errcode = '23505', message = 'You already reported this message.';
  end if;
  return r;
end
$$;
grant execute on function public.report_message(uuid, text, text) to authenticated;

-- The open reports of a workspace, one row per reported message, oldest first. The reporters of
-- my own messages are not named to me.
create or replace function public.open_reports(p_workspace_id uuid)
returns table (
  message_id uuid, channel_id uuid, channel_name text, channel_kind text, author_id uuid,
  author_name text, author_avatar_path text, body text, files jsonb, message_created_at timestamptz,
  parent_id uuid, reports jsonb, first_reported_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_uid();
  perform private.require_moderator(p_workspace_id);
  return query
  select m.id, c.id, c.name, c.kind::text, m.author_id, p.display_name, p.avatar_path, m.body,
    coalesce((select jsonb_agg(jsonb_build_object('name', a.name, 'mime_type', a.mime_type,
      'size', a.size) order by a.created_at, a.id) from public.attachments a
      where a.message_id = m.id), '[]'),
    m.created_at, m.parent_id,
    jsonb_agg(jsonb_build_object(
      'reporter_id', case when m.author_id = (select auth.uid()) then null else r.reporter_id end,
      'reporter_name', case when m.author_id = (select auth.uid()) then null else rp.display_name end,
      'reason', r.reason, 'note', r.note, 'created_at', r.created_at) order by r.created_at),
    min(r.created_at)
  from public.message_reports r
  join public.messages m on m.id = r.message_id
  join public.channels c on c.id = m.channel_id
  left join public.profiles p on p.id = m.author_id
  left join public.profiles rp on rp.id = r.reporter_id
  where r.workspace_id = p_workspace_id and r.resolved_at is null and m.deleted_at is null
  group by m.id, c.id, p.id
  order by min(r.created_at), m.id;
end
$$;
grant execute on function public.open_reports(uuid) to authenticated;

-- Marks a message's open reports resolved; one audit entry for them.
create or replace function private.resolve_open_reports(p_message public.messages, p_resolution text)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_count integer;
  v_channel public.channels;
begin
  update public.message_reports r
  set resolved_at = now(), resolved_by = auth.uid(), resolution = p_resolution
  where r.message_id = p_message.id and r.resolved_at is null;
  get diagnostics v_count = row_count;
  if v_count > 0 then
    select * into v_channel from public.channels c where c.id = p_message.channel_id;
    perform private.audit(v_channel.workspace_id,
      case when p_resolution = 'dismissed' then 'report.dismissed' else 'report.resolved' end,
      'message', p_message.id::text, private.person_label(p_message.author_id),
      jsonb_build_object('channel_id', v_channel.id, 'channel', v_channel.name,
        'reports', v_count, 'resolution', p_resolution));
  end if;
  return v_count;
end
$$;
revoke all on function private.resolve_open_reports(public.messages, text) from public;

create or replace function public.remove_message(p_message_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  m public.messages := private.require_moderated_message(p_message_id);
begin
  if m.removed_at is null then
    insert into private.removed_messages (message_id, body, mentions, removed_by)
    values (m.id, m.body, m.mentions, uid);
    update public.messages x set body = '', mentions = '{}', removed_at = now(), removed_by = uid
    where x.id = m.id;
    delete from private.message_search s where s.message_id = m.id;
  end if;
  perform private.resolve_open_reports(m, 'removed');
end
$$;
grant execute on function public.remove_message(uuid) to authenticated;

create or replace function public.restore_message(p_message_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.messages;
  orig private.removed_messages;
begin
  perform private.require_uid();
  m := private.require_moderated_message(p_message_id);
  select * into orig from private.removed_messages r where r.message_id = m.id;
  if m.removed_at is null or orig.message_id is null then
    raise exception using errcode = '22023', message = 'This message was not removed.';
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
$$;
grant execute on function public.restore_message(uuid) to authenticated;

-- A removed message as it was (for the admin who may restore it).
create or replace function public.removed_message(p_message_id uuid)
returns table (message_id uuid, body text, files jsonb, removed_by uuid, removed_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_uid();
  perform private.require_moderated_message(p_message_id);
  return query
  select r.message_id, r.body,
    coalesce((select jsonb_agg(jsonb_build_object('name', a.name, 'mime_type', a.mime_type,
      'size', a.size) order by a.created_at, a.id) from public.attachments a
      where a.message_id = r.message_id), '[]'),
    r.removed_by, r.removed_at
  from private.removed_messages r where r.message_id = p_message_id;
end
$$;
grant execute on function public.removed_message(uuid) to authenticated;

create or replace function public.dismiss_reports(p_message_id uuid)
returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer;
begin
  perform private.require_uid();
  n := private.resolve_open_reports(private.require_moderated_message(p_message_id), 'dismissed');
  if n = 0 then
    raise exception using errcode = '22023', message = 'This message has no open reports.';
  end if;
  return n;
end
$$;
grant execute on function public.dismiss_reports(uuid) to authenticated;

-- Suspension: owners suspend anyone but owners, admins suspend members; never oneself.
create or replace function private.require_suspendable(p_workspace_id uuid, p_user_id uuid)
returns public.workspace_members
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
begin
  mine := private.workspace_role(p_workspace_id);
  if mine is null or mine = 'member' then
    raise exception using errcode = '42501', message = 'Only owners and admins can suspend people.';
  end if;
  if p_user_id = uid then
    raise exception using errcode = '22023', message = 'You cannot suspend yourself.';
  end if;
  select * into target from public.workspace_members wm
  where wm.workspace_id = p_workspace_id and wm.user_id = p_user_id and wm.left_at is null;
  if target.id is null then
    raise exception using errcode = '22023', message = 'That person is not a member of this workspace.';
  end if;
  if target.role = 'owner' then
    raise exception using errcode = '42501', message = 'Owners cannot be suspended.';
  end if;
  if target.role = 'admin' and mine <> 'owner' then
    raise exception using errcode = '42501', message = 'Only owners can suspend admins.';
  end if;
  return target;
end
$$;
revoke all on function private.require_suspendable(uuid, uuid) from public;

create or replace function public.suspend_member(p_workspace_id uuid, p_user_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.workspace_members := private.require_suspendable(p_workspace_id, p_user_id);
begin
  if target.suspended_at is null then
    update public.workspace_members wm set suspended_at = now(), suspended_by = auth.uid()
    where wm.id = target.id;
  end if;
end
$$;
grant execute on function public.suspend_member(uuid, uuid) to authenticated;

create or replace function public.unsuspend_member(p_workspace_id uuid, p_user_id uuid)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  target public.workspace_members := private.require_suspendable(p_workspace_id, p_user_id);
begin
  if target.suspended_at is not null then
    update public.workspace_members wm set suspended_at = null, suspended_by = null
    where wm.id = target.id;
  end if;
end
$$;
grant execute on function public.unsuspend_member(uuid, uuid) to authenticated;

-- The workspaces I am suspended from (their names: I can read nothing else of them).
create or replace function public.suspended_workspaces()
returns table (id uuid, name text, suspended_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, wm.suspended_at
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null and wm.suspended_at is not null
  order by w.name
$$;
grant execute on function public.suspended_workspaces() to authenticated;

-- The audit log: removals and restores, suspensions (by any path, the service role included).
create or replace function private.audit_message_removals()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_channel public.channels;
begin
  select * into v_channel from public.channels c where c.id = new.channel_id;
  perform private.audit(v_channel.workspace_id,
    case when new.removed_at is not null then 'message.removed' else 'message.restored' end,
    'message', new.id::text, private.person_label(new.author_id),
    jsonb_build_object('channel_id', v_channel.id, 'channel', v_channel.name,
      'author_id', new.author_id));
  return null;
end
$$;
create trigger messages_removal_audit after update of removed_at on public.messages
  for each row when (old.removed_at is distinct from new.removed_at)
  execute function private.audit_message_removals();

-- A removed message's files leave every open copy of the channel (their rows stay, for the
-- undo), and come back with its restore: as if deleted and added.
create or replace function private.live_message_removals()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.live_send('live:channel:' || a.channel_id::text, 'attachments',
    case when new.removed_at is not null then 'DELETE' else 'INSERT' end, to_jsonb(a))
  from public.attachments a where a.message_id = new.id;
  return null;
end
$$;
create trigger messages_removal_live after update of removed_at on public.messages
  for each row when (old.removed_at is distinct from new.removed_at)
  execute function private.live_message_removals();

create or replace function private.audit_suspensions()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.audit(new.workspace_id,
    case when new.suspended_at is not null then 'member.suspended' else 'member.unsuspended' end,
    'person', new.user_id::text, private.person_label(new.user_id),
    jsonb_build_object('role', new.role));
  return null;
end
$$;
create trigger workspace_members_suspension_audit after update of suspended_at
  on public.workspace_members
  for each row when (old.suspended_at is distinct from new.suspended_at)
  execute function private.audit_suspensions();
