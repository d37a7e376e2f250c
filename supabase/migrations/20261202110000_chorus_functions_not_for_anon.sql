-- Who may call functions, again (issue 45, item 9). The grants migration revoked EXECUTE from
-- PUBLIC and anon on every function there was then; functions made since kept PostgreSQL's
-- default grant to PUBLIC (and, in public, the schema's default grant to anon): the moderation
-- RPCs (suspended_workspaces, report_message, remove_message, ...) answered anon, and a few
-- private helpers and triggers were executable by every role. Nothing signed out calls them:
-- no policy applies to anon (every policy on Chorus's, Storage's and Realtime's tables is
-- `to authenticated` or narrower), and a trigger function's EXECUTE is checked when the trigger
-- is made, not each time it fires.
--
-- So, on every function of Chorus's schemas (public and private: the API's schema and the
-- helpers' one) that PUBLIC or anon may execute, other than extensions' own: EXECUTE revoked
-- from PUBLIC and anon, and granted to authenticated and service_role if they could call it
-- before (through PUBLIC, or their own grant), so nothing changes for them. Only the two RPCs
-- that answer before sign-in stay anon's: invite_preview(text) and unsubscribe_email(text).
do $$
declare
  f record;
begin
  for f in
    select p.oid::regprocedure as signature,
      has_function_privilege('authenticated', p.oid, 'EXECUTE') as for_authenticated,
      has_function_privilege('service_role', p.oid, 'EXECUTE') as for_service_role
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and not exists (
        select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
      )
      and p.oid not in (
        'public.invite_preview(text)'::regprocedure,
        'public.unsubscribe_email(text)'::regprocedure
      )
      and (
        has_function_privilege('anon', p.oid, 'EXECUTE')
        or p.proacl is null
        or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0)
      )
  loop
    execute format('revoke execute on function %s from public, anon', f.signature);
    if f.for_authenticated then
      execute format('grant execute on function %s to authenticated', f.signature);
    end if;
    if f.for_service_role then
      execute format('grant execute on function %s to service_role', f.signature);
    end if;
  end loop;
end
$$;

-- Functions made from now on: none executable by PUBLIC (PostgreSQL's default), none by anon in
-- public (the schema's default privileges, as hosted sets them, grant anon too). An RPC meant for
-- signed-out callers grants anon itself, as invite_preview does. What authenticated and
-- service_role get stays as before: public's default privileges still grant them new functions,
-- and private's new helpers (which policies call as authenticated) are granted to them as PUBLIC's
-- default did.
alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke execute on functions from anon;
alter default privileges for role postgres in schema private
  grant execute on functions to authenticated, service_role;
