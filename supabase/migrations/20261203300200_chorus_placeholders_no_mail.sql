-- An imported person's placeholder (issue 49, item 1) is nobody's account: a mention of it or a
-- direct message to it queues no notification email (there is no address to send one to, and
-- the address the archive gave is not theirs until they claim it), as for a bot.
create or replace function private.email_queue_skip_bots()
returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.profiles p where p.id = new.user_id and (p.is_bot or p.is_placeholder)) then
    return null;
  end if;
  return new;
end
$$;
