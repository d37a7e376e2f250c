-- Claiming a placeholder, seen before it is done (issue 49, item 1): the invitation page says
-- whose imported history accepting makes yours, and a member already in the workspace can accept
-- an invitation that brings theirs (invite_preview says 'valid' instead of 'already_member').

-- The placeholders an invitation claims when accepted by the account with its address: of its
-- workspace, that address, not deactivated, of an import done before the invitation was made by
-- an owner; none for a guest's invitation (as accept_invite).
create function private.invite_placeholders(p_token text)
returns setof uuid language sql stable security definer set search_path = '' as $$
  select ph.profile_id
  from public.invites inv
  join private.import_placeholders ph on ph.workspace_id = inv.workspace_id and ph.email = inv.email
  join public.imports i on i.id = ph.import_id and i.status = 'done'
  where inv.token = p_token and inv.email is not null and inv.role <> 'guest' and ph.active
    and i.finished_at <= inv.created_at
    and exists (select 1 from public.workspace_members o
      where o.workspace_id = inv.workspace_id and o.user_id = inv.created_by
        and o.role = 'owner' and o.left_at is null)
$$;
revoke all on function private.invite_placeholders(text) from public, anon, authenticated;

-- Whether the signed-in account's verified address is the one the invitation names.
create function private.invite_is_mine(p_token text)
returns boolean language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.invites inv join auth.users u on u.id = (select auth.uid())
    where inv.token = p_token and inv.email is not null and u.email_confirmed_at is not null
      and lower(coalesce(u.email, '')) = inv.email)
$$;
revoke all on function private.invite_is_mine(text) from public, anon, authenticated;

create or replace function public.invite_preview(p_token text)
returns table (workspace_id uuid, workspace_name text, role public.workspace_role, email text,
  invited_by text, expires_at timestamptz, status text)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, i.role, i.email, p.display_name, i.expires_at,
    case
      when exists (
        select 1 from public.workspace_members wm
        where wm.workspace_id = w.id and wm.user_id = (select auth.uid()) and wm.left_at is null
      ) and not (private.invite_is_mine(p_token)
        and exists (select 1 from private.invite_placeholders(p_token))) then 'already_member'
      when i.expires_at <= now() then 'expired'
      when i.max_uses is not null and i.use_count >= i.max_uses then 'used'
      else 'valid'
    end
  from public.invites i
  join public.workspaces w on w.id = i.workspace_id
  left join public.profiles p on p.id = i.created_by
  where i.token = p_token
$$;

-- What accepting the invitation makes the caller's: each imported person (their name in the
-- archive) with how many messages. Only for the account whose verified address the invitation
-- names (anyone else: no rows), and only while it can still be accepted.
create function public.invite_imported(p_token text)
returns table (display_name text, messages integer)
language sql stable security definer set search_path = '' as $$
  select p.display_name,
    (select count(*)::integer from public.messages m where m.author_id = p.id and m.deleted_at is null)
  from private.invite_placeholders(p_token) ph(id)
  join public.profiles p on p.id = ph.id and p.is_placeholder
  join public.invites inv on inv.token = p_token
  where private.invite_is_mine(p_token) and inv.expires_at > now()
    and inv.use_count < coalesce(inv.max_uses, 2147483647)
  order by p.display_name
$$;
revoke all on function public.invite_imported(text) from public, anon;
grant execute on function public.invite_imported(text) to authenticated, service_role;
