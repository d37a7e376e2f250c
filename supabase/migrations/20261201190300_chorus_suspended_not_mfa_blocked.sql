-- A workspace I am suspended from is not one two-factor sign-in keeps closed: the app says I was
-- suspended (suspended_workspaces()), not that I should set up a second factor.
-- mfa_blocked_workspaces() as 20261123170000_chorus_mfa made it, leaving suspended memberships out.
create or replace function public.mfa_blocked_workspaces()
returns table (id uuid, name text, slug text, reason text)
language sql stable security definer set search_path = '' as $$
  select w.id, w.name, w.slug,
    case
      when exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      ) then 'verify'
      else 'enrol'
    end
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and wm.suspended_at is null
    and w.id not in (select private.workspace_ids())
  order by lower(w.name), w.id
$$;
