-- A new workspace's #general gets its topic in its creator's language (issue 67, item 5): the app
-- passes the language it shows; without one (an older app, SQL) or with one Chorus does not
-- speak, the creator's profile's, else English (a topic is no reason to refuse a workspace).
drop function public.create_workspace(text, text);

create function public.create_workspace(p_name text, p_slug text default null, p_language text default null)
returns public.workspaces
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  ws public.workspaces;
  v_slug text;
  v_language text;
  general uuid;
begin
  if nullif(btrim(coalesce(p_slug, '')), '') is null then
    v_slug := private.slug_for(private.clean_line(p_name, 'Workspace name', 80));
  else
    v_slug := lower(btrim(p_slug));
    if exists (select 1 from public.workspaces w where w.slug = v_slug) then
      raise exception using errcode = '23505',
        message = 'That workspace address is taken.', detail = 'workspace_address_taken', hint = 'Pick another one.';
    end if;
  end if;
  v_language := case
    when p_language in ('en', 'de', 'ja', 'ar') then p_language
    else (select p.language from public.profiles p where p.id = uid)
  end;
  insert into public.workspaces (name, slug, created_by) values (p_name, v_slug, uid) returning * into ws;
  insert into public.workspace_members (workspace_id, user_id, role) values (ws.id, uid, 'owner');
  insert into public.channels (workspace_id, kind, name, topic, is_default, created_by)
  values (ws.id, 'public', 'general', case v_language
      when 'de' then 'Alle im Workspace'
      when 'ja' then 'ワークスペースの全員'
      when 'ar' then 'كل من في مساحة العمل'
      else 'Everyone in the workspace'
    end, true, uid)
  returning id into general;
  insert into public.channel_members (channel_id, user_id) values (general, uid);
  return ws;
end
$$;

revoke all on function public.create_workspace(text, text, text) from public, anon;
grant execute on function public.create_workspace(text, text, text) to authenticated, service_role;
