-- Issue 70: the message pipeline's last session flag goes. Deleting an account (the profile's
-- BEFORE DELETE trigger, private.profiles_before_delete_retention) set `chorus.deleting_account`
-- so that the update taking the account's name off its messages (a workspace's "anonymize" or
-- "remove" policy) passed message_before_update, which lets nobody else change a message's
-- author. Now a row says it, as a claim's placeholder does (20261217140000): the deletion lists
-- the account in private.accounts_deleting first and takes it off last, in its one transaction,
-- so no other transaction ever sees it there and no person's request can pass for a deletion.

-- The accounts whose deletion is under way in the transaction that lists them (always empty
-- between transactions).
create table private.accounts_deleting (
  user_id uuid primary key
);
alter table private.accounts_deleting enable row level security;
revoke all on private.accounts_deleting from public, anon, authenticated;

CREATE OR REPLACE FUNCTION private.message_before_update(new_row public.messages, old_row public.messages)
 RETURNS public.messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- retention: an account being deleted (private.accounts_deleting) loses authorship, nothing else
  if old_row.author_id is not null and new_row.author_id is null then
    if exists (select 1 from private.accounts_deleting d where d.user_id = old_row.author_id) then
      new_row := old_row;
      new_row.author_id := null;
      return new_row;
    end if;
  end if;
  if old_row.deleted_at is not null then
    raise exception using errcode = '22023', message = 'This message was deleted.', detail = 'message_deleted';
  end if;
  new_row.id := old_row.id;
  new_row.channel_id := old_row.channel_id;
  new_row.seq := old_row.seq;
  new_row.author_id := old_row.author_id;
  new_row.created_at := old_row.created_at;
  new_row.import_id := old_row.import_id;
  -- moderation: removing or restoring sets the text as given, nothing else
  if new_row.removed_at is distinct from old_row.removed_at then
    new_row.edited_at := old_row.edited_at;
    new_row.deleted_at := null;
    return new_row;
  end if;
  if old_row.removed_at is not null then
    raise exception using errcode = '42501', message = 'This message was removed by an admin.', detail = 'message_removed';
  end if;
  if new_row.deleted_at is not null then
    new_row.deleted_at := now();
    new_row.body := '';
    new_row.mentions := '{}';
    return new_row;
  end if;
  if new_row.body is distinct from old_row.body then
    new_row.body := private.clean_body(new_row.body);
    if private.is_blank(new_row.body)
      and not exists (select 1 from public.attachments a where a.message_id = old_row.id) then
      raise exception using errcode = '23514',
        message = 'Message is empty.',
        detail = 'message_empty',
        hint = 'Delete the message instead.';
    end if;
    new_row.mentions := private.checked_mentions(old_row.channel_id, private.mentioned_ids(new_row.body), old_row.mentions);
    if new_row.body is distinct from old_row.body then
      new_row.edited_at := now();
    end if;
  else
    new_row.mentions := old_row.mentions;
    new_row.edited_at := old_row.edited_at;
  end if;
  return new_row;
end
$function$;

CREATE OR REPLACE FUNCTION private.profiles_before_delete_retention()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ws record;
  v_removed integer;
  v_anonymized integer;
begin
  insert into private.accounts_deleting (user_id) values (old.id) on conflict do nothing;
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
  delete from private.accounts_deleting d where d.user_id = old.id;
  perform private.kick_retention_files();
  return old;
end
$function$;
