-- Suspension (issue 35, part 4) in the access helpers, and only that: a suspended member reads
-- and writes nothing of the workspace, by REST, Realtime or Storage, because every visibility
-- helper (private.workspace_role, member_channel_ids, visible_channel_ids, is_channel_member,
-- admin_workspace_ids, the Storage folders, the Realtime topic lists, …) keeps to
-- private.workspace_ids(), redefined here as it stands (20261123170000_chorus_mfa) with one
-- more condition. Their own membership row stays readable ("workspace_members: members read"
-- lets a person read their own rows), so the app can say they were suspended. Each change is
-- marked `-- suspended:`.

-- Workspaces the caller is a current, unsuspended member of and may read at this session's level.
create or replace function private.workspace_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select wm.workspace_id
  from public.workspace_members wm
  join public.workspaces w on w.id = wm.workspace_id
  where wm.user_id = (select auth.uid()) and wm.left_at is null
    and wm.suspended_at is null -- suspended: a suspended member reads nothing of the workspace
    and (select private.mfa_ok()) and (not w.require_mfa or (select private.session_aal2()))
$$;
