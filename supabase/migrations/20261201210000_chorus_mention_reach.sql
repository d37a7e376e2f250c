-- Mentioning many, the composer's side (issue 35, part 1): before a message that mentions
-- @channel, @here, @everyone or a group is sent, the composer asks how many people it would
-- notify (`mention_reach`), and warns when that is more than the workspace's
-- `broadcast_warn_over` (Mattermost's confirmation dialog; 5 by default, as Mattermost's; null:
-- never warn), which owners set (`set_broadcast_warning`, recorded in the audit log). The same
-- question also refuses, before sending, what the message itself would be refused for (only
-- admins may notify everyone; @everyone outside the general channel).

alter table public.workspaces
  add column broadcast_warn_over integer default 5
    constraint workspaces_broadcast_warn_over check (broadcast_warn_over between 1 and 100000);

create or replace function public.set_broadcast_warning(p_workspace_id uuid, p_over integer)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not (select private.is_workspace_owner(p_workspace_id)) then
    raise exception using errcode = '42501',
      message = 'Only a workspace owner can choose when mentioning many asks first.';
  end if;
  if p_over is not null and (p_over < 1 or p_over > 100000) then
    raise exception using errcode = '22023',
      message = format('Ask before notifying more than %s people: choose a number from 1 to 100000, or never.', p_over);
  end if;
  update public.workspaces set broadcast_warn_over = p_over where id = p_workspace_id;
end
$$;
revoke all on function public.set_broadcast_warning(uuid, integer) from public, anon;
grant execute on function public.set_broadcast_warning(uuid, integer) to authenticated;

-- How many people a body's @channel, @here, @everyone and group mentions would notify in a
-- channel (me left out), and the workspace's warning threshold. Only the channel's members may
-- ask; it raises what sending would raise.
create or replace function public.mention_reach(p_channel_id uuid, p_body text)
returns table (reach integer, warn_over integer)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (select private.is_channel_member(p_channel_id)) then
    raise exception using errcode = '42501',
      message = 'You can only mention people in a channel you are in.';
  end if;
  if length(coalesce(p_body, '')) > 40000 then
    raise exception using errcode = '22023', message = 'This message is too long.';
  end if;
  return query
    select cardinality(private.broadcast_mentions(p_channel_id, (select auth.uid()), p_body)),
      w.broadcast_warn_over
    from public.channels c
    join public.workspaces w on w.id = c.workspace_id
    where c.id = p_channel_id;
end
$$;
revoke all on function public.mention_reach(uuid, text) from public, anon;
grant execute on function public.mention_reach(uuid, text) to authenticated;

create or replace function private.audit_broadcast_warning()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.audit(new.id, 'workspace.broadcast_warning_changed', 'workspace', new.id::text,
    new.name, jsonb_build_object('from', old.broadcast_warn_over, 'to', new.broadcast_warn_over));
  return null;
end
$$;
create trigger workspaces_audit_broadcast_warning after update of broadcast_warn_over
  on public.workspaces
  for each row when (old.broadcast_warn_over is distinct from new.broadcast_warn_over)
  execute function private.audit_broadcast_warning();
