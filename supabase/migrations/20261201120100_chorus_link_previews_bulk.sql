-- Link previews and bulk writes: the row trigger of *_chorus_link_previews.sql posted every new
-- message with a link to the function, so a bulk insert (an import, a benchmark's 100,000
-- messages) queued as many requests, each fetching a site. The triggers are per statement now
-- (with transition tables): a statement's messages with links are posted newest first, at most
-- 20 of them; a person's message, one per statement, is posted as before. Edits likewise; a
-- deleted message still loses its previews.

drop trigger messages_link_previews on public.messages;
drop function private.messages_link_previews();

-- Posts each message id to the function through pg_net (Vault's project_url and
-- publishable_key; without them, nothing).
create function private.request_link_previews(p_message_ids uuid[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  project_url text;
  api_key text;
  message_id uuid;
begin
  if coalesce(cardinality(p_message_ids), 0) = 0 then
    return;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets
  where name = 'project_url' limit 1;
  select decrypted_secret into api_key from vault.decrypted_secrets
  where name = 'publishable_key' limit 1;
  if project_url is null or api_key is null then
    return;
  end if;
  foreach message_id in array p_message_ids loop
    perform net.http_post(
      url := rtrim(project_url, '/') || '/functions/v1/link-preview',
      body := jsonb_build_object('message_id', message_id),
      headers := jsonb_build_object('Content-Type', 'application/json',
        'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
      timeout_milliseconds := 30000
    );
  end loop;
end
$$;

create function private.messages_link_previews_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.request_link_previews(array(
    select n.id from new_rows n
    where n.deleted_at is null and n.body ~* 'https?://'
    order by n.created_at desc, n.id
    limit 20
  ));
  return null;
end
$$;

create function private.messages_link_previews_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.link_previews p
  using new_rows n
  join old_rows o on o.id = n.id
  where p.message_id = n.id and n.deleted_at is not null and o.deleted_at is null;
  perform private.request_link_previews(array(
    select n.id from new_rows n
    join old_rows o on o.id = n.id
    where n.deleted_at is null and n.body is distinct from o.body
      and (n.body ~* 'https?://'
        or exists (select 1 from public.link_previews p where p.message_id = n.id))
    order by n.created_at desc, n.id
    limit 20
  ));
  return null;
end
$$;

create trigger messages_link_previews_insert
  after insert on public.messages
  referencing new table as new_rows
  for each statement execute function private.messages_link_previews_insert();

create trigger messages_link_previews_update
  after update on public.messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.messages_link_previews_update();

revoke all on function private.request_link_previews(uuid[]) from public, anon, authenticated;
revoke all on function
  private.messages_link_previews_insert(),
  private.messages_link_previews_update()
  from public, anon;
grant execute on function
  private.messages_link_previews_insert(),
  private.messages_link_previews_update()
  to authenticated, service_role;
