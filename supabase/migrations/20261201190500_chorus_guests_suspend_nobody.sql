-- Moderation met guests (both issue 35): suspending was refused to members only, so a guest
-- (a role added beside it) could suspend members. Only owners and admins suspend, as the
-- message says; the RLS matrix's guest column checks it.
create or replace function private.require_suspendable(p_workspace_id uuid, p_user_id uuid)
returns public.workspace_members
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  mine public.workspace_role;
  target public.workspace_members;
begin
  mine := private.workspace_role(p_workspace_id);
  if mine is null or mine not in ('owner', 'admin') then -- guests: a guest suspends nobody
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
