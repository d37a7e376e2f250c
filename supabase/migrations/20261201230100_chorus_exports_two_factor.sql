-- A personal export holds the person's messages of one workspace: like everything else of that
-- workspace it is read (and its zip signed) only where the person may read the workspace now:
-- a member not suspended, at aal2 while their account has a verified factor or the workspace
-- requires two-factor sign-in (private.workspace_ids()). Workspace exports had it already
-- through private.is_workspace_owner.
drop policy "exports: each person reads their own personal exports" on public.exports;
create policy "exports: each person reads their own personal exports" on public.exports
  for select to authenticated
  using (
    kind = 'personal' and requested_by = (select auth.uid())
    and workspace_id in (select private.workspace_ids())
  );

create or replace function private.may_read_export(p_name text)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.exports e
    where e.storage_path = p_name and e.status = 'done'
      and ((e.kind = 'workspace' and private.is_workspace_owner(e.workspace_id))
        or (e.kind = 'personal' and e.requested_by = (select auth.uid())
          and e.workspace_id in (select private.workspace_ids())))
  )
$$;
