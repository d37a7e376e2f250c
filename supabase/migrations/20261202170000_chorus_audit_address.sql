-- The audit log's "from where" (issue 49, item 6): X-Real-IP, which the API gateway sets to the
-- client it saw (the stack's: the socket's address, or the nearest untrusted entry of
-- X-Forwarded-For when a trusted proxy passed it on). Without it the entry used to fall back to
-- the first address of X-Forwarded-For, which the client writes itself; now the last one, the
-- address the nearest proxy appended, which a client cannot choose.
create or replace function private.audit(p_workspace_id uuid, p_action text, p_target_type text, p_target_id text, p_target_label text, p_details jsonb DEFAULT '{}'::jsonb)
returns void
language plpgsql security definer
set search_path = ''
as $function$
declare
  v_actor uuid := auth.uid();
  v_headers jsonb;
  v_ip text;
  v_role text;
  v_name text;
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    v_headers := null;
  end;
  v_ip := coalesce(
    nullif(btrim(v_headers ->> 'x-real-ip'), ''),
    nullif(btrim(regexp_replace(v_headers ->> 'x-forwarded-for', '^.*,', '')), '')
  );
  if v_ip is not null and v_ip !~ '^[0-9a-fA-F:.]{2,45}$' then
    v_ip := null;
  end if;
  if v_actor is null then
    v_role := 'system';
  else
    select wm.role::text into v_role from public.workspace_members wm
    where wm.workspace_id = p_workspace_id and wm.user_id = v_actor and wm.left_at is null;
    v_role := coalesce(v_role, case when p_action = 'workspace.created' then 'owner' else 'former' end);
    select p.display_name into v_name from public.profiles p where p.id = v_actor;
  end if;
  insert into public.audit_log (workspace_id, actor_id, actor_name, actor_role, action,
    target_type, target_id, target_label, details, ip, user_agent)
  values (p_workspace_id, v_actor, v_name, v_role, p_action, p_target_type, p_target_id,
    p_target_label, coalesce(p_details, '{}'), v_ip::inet,
    left(v_headers ->> 'user-agent', 300));
exception when invalid_text_representation then
  -- an address inet refuses: the entry is kept without it
  insert into public.audit_log (workspace_id, actor_id, actor_name, actor_role, action,
    target_type, target_id, target_label, details, user_agent)
  values (p_workspace_id, v_actor, v_name, v_role, p_action, p_target_type, p_target_id,
    p_target_label, coalesce(p_details, '{}'), left(v_headers ->> 'user-agent', 300));
end
$function$;
revoke all on function private.audit(uuid, text, text, text, text, jsonb) from public;
