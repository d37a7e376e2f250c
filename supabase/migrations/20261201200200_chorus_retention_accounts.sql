-- Retention, continued (see *_chorus_retention.sql): what deleting an account does with the
-- person's messages, workspace by workspace, as each one's owners chose
-- (workspace_retention.deleted_accounts, 'keep' when they chose nothing).

-- messages.author_id points at the author while there is one, and is kept after (or emptied by
-- 'anonymize'): no foreign key (see the first retention migration for why the SET NULL failed).
alter table public.messages drop constraint messages_author_id_fkey;

-- As in *_chorus_messages.sql, and: while an account is being deleted
-- (chorus.deleting_account = its id, set below for this transaction only), its messages may lose
-- their author, deleted ones included, and nothing else of them changes.
create or replace function private.messages_before_update()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.author_id is not null and new.author_id is null
    and current_setting('chorus.deleting_account', true) = old.author_id::text then
    new := old;
    new.author_id := null;
    return new;
  end if;
  if old.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.';
  end if;
  new.id := old.id;
  new.channel_id := old.channel_id;
  new.seq := old.seq;
  new.author_id := old.author_id;
  new.created_at := old.created_at;
  if new.deleted_at is not null then
    new.deleted_at := now();
    new.body := '';
    new.mentions := '{}';
    return new;
  end if;
  if new.body is distinct from old.body then
    new.body := private.clean_body(new.body);
    if private.is_blank(new.body)
      and not exists (select 1 from public.attachments a where a.message_id = old.id) then
      raise exception using errcode = '23514',
        message = 'Message is empty.',
        hint = 'Delete the message instead.';
    end if;
    new.mentions := private.checked_mentions(old.channel_id, private.mentioned_ids(new.body), old.mentions);
    if new.body is distinct from old.body then
      new.edited_at := now();
    end if;
  else
    new.mentions := old.mentions;
    new.edited_at := old.edited_at;
  end if;
  return new;
end
$$;

-- Before the profile goes (with its auth.users row, or on its own), each workspace's policy.
create or replace function private.profiles_before_delete_retention()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_ws record;
  v_removed integer;
  v_anonymized integer;
begin
  perform set_config('chorus.deleting_account', old.id::text, true);
  for v_ws in
    select distinct wm.workspace_id, coalesce(wr.deleted_accounts, 'keep') as policy, w.name
    from public.workspace_members wm
    join public.workspaces w on w.id = wm.workspace_id
    left join public.workspace_retention wr on wr.workspace_id = wm.workspace_id
    where wm.user_id = old.id
  loop
    v_removed := 0;
    v_anonymized := 0;
    if v_ws.policy = 'keep' then
      insert into public.deactivated_people (workspace_id, user_id, display_name)
      values (v_ws.workspace_id, old.id, old.display_name)
      on conflict (workspace_id, user_id) do update set display_name = excluded.display_name;
    elsif v_ws.policy = 'remove' then
      create temporary table if not exists account_messages (
        id uuid primary key, parent_id uuid, has_replies boolean
      ) on commit drop;
      truncate pg_temp.account_messages;
      insert into pg_temp.account_messages
      select m.id, m.parent_id, exists (
        select 1 from public.messages r where r.parent_id = m.id and r.author_id is distinct from old.id)
      from public.messages m join public.channels c on c.id = m.channel_id
      where m.author_id = old.id and c.workspace_id = v_ws.workspace_id;
      insert into private.retention_files (bucket_id, name)
      select a.bucket_id, a.path from public.attachments a
      join pg_temp.account_messages am on am.id = a.message_id;
      -- their replies first, then what no one else replied to; the rest stays as deleted
      delete from public.messages m using pg_temp.account_messages am
      where m.id = am.id and am.parent_id is not null;
      delete from public.messages m using pg_temp.account_messages am
      where m.id = am.id and am.parent_id is null and not am.has_replies;
      get diagnostics v_removed = row_count;
      select v_removed + count(*) into v_removed from pg_temp.account_messages am
      where am.parent_id is not null;
      update public.messages m set deleted_at = now()
      from pg_temp.account_messages am
      where m.id = am.id and am.has_replies and am.parent_id is null and m.deleted_at is null;
      perform private.refresh_thread(t.parent_id)
      from (select distinct am.parent_id from pg_temp.account_messages am
        where am.parent_id is not null) t
      where exists (select 1 from public.threads th where th.id = t.parent_id);
    end if;
    if v_ws.policy in ('anonymize', 'remove') then
      update public.messages m set author_id = null
      from public.channels c
      where m.author_id = old.id and c.id = m.channel_id and c.workspace_id = v_ws.workspace_id;
      get diagnostics v_anonymized = row_count;
    end if;
    perform private.audit(v_ws.workspace_id, 'retention.account_deleted', 'person', old.id::text,
      case when v_ws.policy = 'keep' then old.display_name end,
      jsonb_build_object('policy', v_ws.policy, 'removed', v_removed,
        'anonymized', case when v_ws.policy = 'anonymize' then v_anonymized else 0 end));
  end loop;
  perform private.kick_retention_files();
  return old;
end
$$;
revoke all on function private.profiles_before_delete_retention() from public;
create trigger profiles_before_delete_retention before delete on public.profiles
  for each row execute function private.profiles_before_delete_retention();
