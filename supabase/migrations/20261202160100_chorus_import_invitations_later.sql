-- Inviting an import's people afterwards (issue 49, item 2): an import started without
-- invitations (the default) makes the new people's accounts and emails nobody; its owner may
-- later invite them by email as one explicit action, seeing first how many that is and how many
-- the limits allow now. invite-by-email POST {import_id} does it, each invitation an email
-- invite of the workspace counted like any other (claim_invite_mail), stopping at the first
-- limit reached.

-- The people an import brought in that could still be invited: accounts it made (not matched
-- ones) that have never signed in or confirmed their address, without a pending email invite to
-- the workspace. The owners of the import's workspace only, once the import is done.
create function public.import_invitees(p_import uuid)
returns table (user_id uuid, email text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v public.imports;
begin
  perform private.require_uid();
  select * into v from public.imports i where i.id = p_import;
  if not found or private.workspace_role(v.workspace_id) is distinct from 'owner' then
    raise exception using errcode = '42501',
      message = 'Only the workspace''s owners can invite the people of its imports.';
  end if;
  if v.status <> 'done' then
    raise exception using errcode = '22023',
      message = 'The import is not done.', hint = 'Invite its people once it is done.';
  end if;
  return query
  select distinct u.id, lower(u.email)::text
  from private.import_people ip
  join auth.users u on u.id = ip.user_id
  where ip.import_id = p_import and ip.created and u.email is not null
    and u.last_sign_in_at is null and u.email_confirmed_at is null
    and not exists (
      select 1 from public.invites i
      where i.workspace_id = v.workspace_id and i.email = lower(u.email)
        and i.expires_at > now() and i.use_count < coalesce(i.max_uses, 1)
    )
  order by 2;
end
$$;
revoke all on function public.import_invitees(uuid) from public, anon;
grant execute on function public.import_invitees(uuid) to authenticated, service_role;

-- How many more invitation mails the caller may send now: in this hour (all their workspaces)
-- and in `p_workspace` today, with the limits themselves.
create function public.invite_mail_allowance(p_workspace uuid)
returns table (per_inviter_left integer, per_workspace_left integer,
  per_inviter_per_hour integer, per_workspace_per_day integer)
language sql stable security definer set search_path = '' as $$
  select
    greatest(private.invite_mail_limit('per_inviter_per_hour') - (
      select count(*)::int from private.invite_mails m
      where m.inviter = (select auth.uid()) and m.sent_at > now() - interval '1 hour'), 0),
    greatest(private.invite_mail_limit('per_workspace_per_day') - (
      select count(*)::int from private.invite_mails m
      where m.workspace_id = p_workspace and m.sent_at > now() - interval '1 day'), 0),
    private.invite_mail_limit('per_inviter_per_hour'),
    private.invite_mail_limit('per_workspace_per_day')
  where (select auth.uid()) is not null and private.is_workspace_admin(p_workspace)
$$;
revoke all on function public.invite_mail_allowance(uuid) from public, anon;
grant execute on function public.invite_mail_allowance(uuid) to authenticated, service_role;
