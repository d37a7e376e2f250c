-- Bots get no notification emails (issue 33, part 2): a bot has no email address, so a mention of
-- it or a direct message to it is never queued for the `notify-email` function (which would
-- otherwise try to send it, fail and retry).
create function private.email_queue_skip_bots()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.profiles p where p.id = new.user_id and p.is_bot) then
    return null;
  end if;
  return new;
end
$$;

revoke all on function private.email_queue_skip_bots() from public, anon, authenticated;

create trigger email_queue_skip_bots before insert on private.email_queue
  for each row execute function private.email_queue_skip_bots();
