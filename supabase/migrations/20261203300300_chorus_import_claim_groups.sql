-- A claim (issue 49, item 1) also moves the user groups someone put the placeholder in since the
-- import (a group's @handle then reaches the account): private.import_placeholder_claim of
-- *_chorus_import_placeholders.sql with the groups added.
create or replace function private.import_placeholder_claim(p_workspace uuid, p_from uuid, p_to uuid)
returns integer language plpgsql security definer set search_path = '' as $$
declare
  v_name text;
  v_messages integer;
  v_importing text := coalesce(current_setting('chorus.importing', true), '');
  c record;
  v_key text;
begin
  select p.display_name into v_name from public.profiles p
  where p.id = p_from and p.is_placeholder for update;
  if not found then
    return 0;
  end if;
  perform set_config('chorus.claiming', p_from::text || ':' || p_to::text, true);
  perform set_config('chorus.importing', 'bulk', true);
  update public.messages m set author_id = p_to
  where m.author_id = p_from
    or (m.channel_id in (select ch.id from public.channels ch where ch.workspace_id = p_workspace)
      and (p_from = any (m.mentions) or m.body like '%<@' || p_from::text || '>%'));
  get diagnostics v_messages = row_count;
  perform set_config('chorus.importing', v_importing, true);
  update private.message_search s set folded = private.search_text(m.id, m.body)
  from public.messages m
  where s.message_id = m.id and m.deleted_at is null
    and m.channel_id in (select ch.id from public.channels ch where ch.workspace_id = p_workspace)
    and m.body like '%<@' || p_to::text || '>%';
  -- reactions (one the account made already stays once)
  delete from public.reactions r
  where r.user_id = p_from and exists (select 1 from public.reactions x
    where x.message_id = r.message_id and x.user_id = p_to and x.emoji = r.emoji);
  update public.reactions r set user_id = p_to where r.user_id = p_from;
  update public.attachments a set uploader_id = p_to where a.uploader_id = p_from;
  update public.channels ch set created_by = p_to where ch.created_by = p_from;
  update public.pins pn set pinned_by = p_to where pn.pinned_by = p_from;
  update public.threads t set last_repliers = array_replace(t.last_repliers, p_from, p_to)
  where p_from = any (t.last_repliers) and t.channel_id in (select ch.id from public.channels ch
    where ch.workspace_id = p_workspace);
  -- memberships: the channels (archived ones too) and threads the placeholder was in
  insert into public.channel_members (channel_id, workspace_id, user_id)
  select cm.channel_id, cm.workspace_id, p_to
  from public.channel_members cm where cm.user_id = p_from
  on conflict (channel_id, user_id) do nothing;
  insert into public.thread_members (thread_id, user_id, channel_id, following, last_read_seq)
  select tm.thread_id, p_to, tm.channel_id, tm.following, tm.last_read_seq
  from public.thread_members tm where tm.user_id = p_from
  on conflict (thread_id, user_id) do nothing;
  -- the user groups someone put the placeholder in (a guest's claim never comes here)
  insert into public.user_group_members (group_id, workspace_id, user_id, added_by, added_at)
  select gm.group_id, gm.workspace_id, p_to, gm.added_by, gm.added_at
  from public.user_group_members gm where gm.user_id = p_from
  on conflict (group_id, user_id) do nothing;
  -- a direct message's key names its people: the account instead of the placeholder, unless the
  -- account has that direct message already
  for c in select ch.id from public.channels ch
    join public.channel_members cm on cm.channel_id = ch.id and cm.user_id = p_from
    where ch.kind = 'dm' and ch.workspace_id = p_workspace loop
    select array_to_string(array_agg(distinct u.user_id order by u.user_id), ',') into v_key
    from public.channel_members u where u.channel_id = c.id and u.user_id <> p_from;
    if v_key is not null and not exists (select 1 from public.channels x
      where x.workspace_id = p_workspace and x.kind = 'dm' and x.dm_key = v_key) then
      update public.channels x set dm_key = v_key where x.id = c.id;
    end if;
  end loop;
  perform set_config('chorus.claiming', '', true);
  insert into private.import_claims (workspace_id, slack_id, account_id)
  select ph.workspace_id, ph.slack_id, p_to from private.import_placeholders ph
  where ph.profile_id = p_from
  on conflict do nothing;
  delete from public.profiles p where p.id = p_from and p.is_placeholder;
  perform private.audit(p_workspace, 'import.claimed', 'profile', p_from::text, v_name,
    jsonb_build_object('account', p_to, 'messages', v_messages));
  return v_messages;
end
$$;
