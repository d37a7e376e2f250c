-- Retention met moderation and guests (issues 34 and 35, built side by side):
-- * private.messages_before_update was replaced by both, the later (retention's, for deleting an
--   account) without moderation's rules; here it is with both: while an account is deleted its
--   messages may lose their author (retention), removing or restoring by an admin sets the text
--   as given and a removed message cannot be edited by its author (moderation).
-- * the names of deleted accounts a workspace keeps are its full members' to read: a guest sees
--   only the people of their channels.

create or replace function private.messages_before_update()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- retention: an account being deleted (chorus.deleting_account) loses authorship, nothing else
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
  -- moderation: removing or restoring sets the text as given, nothing else
  if new.removed_at is distinct from old.removed_at then
    new.edited_at := old.edited_at;
    new.deleted_at := null;
    return new;
  end if;
  if old.removed_at is not null then
    raise exception using errcode = '42501', message = 'This message was removed by an admin.';
  end if;
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

alter policy "deactivated_people: members read" on public.deactivated_people
  using (workspace_id in (select private.full_workspace_ids()));
