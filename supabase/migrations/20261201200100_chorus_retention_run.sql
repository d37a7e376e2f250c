-- Retention, continued (see *_chorus_retention.sql): the run and its files.
--
-- private.retention_batch() deletes one batch (at most p_limit of the oldest expired messages
-- of the channels in pg_temp.retention_channels) and returns what it did per workspace; the
-- procedure private.run_retention() calls it until nothing is left, committing after each batch
-- (a procedure called on its own may commit; pg_cron runs `call …` so), then records the run in
-- the audit log and hands the files to the Edge Function retention-files.

-- What one batch deletes, as its caller (the run's role: it reads the run's temporary tables).
-- Each candidate is, in this order:
--   'delete'    nothing outside the batch replies to it (its replies in the batch go first);
--   'tombstone' a reply younger than the channel's cutoff keeps it: it stays as a deleted message;
--   'later'     only older replies that did not fit in this batch keep it: a later batch takes it.
create or replace function private.retention_batch(p_limit integer)
returns table (workspace_id uuid, messages integer, kept_as_deleted integer, files integer)
language plpgsql
set search_path = ''
as $$
begin
  create temporary table if not exists retention_candidates (
    id uuid primary key, workspace_id uuid, parent_id uuid, deleted boolean, action text
  ) on commit drop;
  truncate pg_temp.retention_candidates;

  insert into pg_temp.retention_candidates (id, workspace_id, parent_id, deleted)
  select m.id, rc.workspace_id, m.parent_id, m.deleted_at is not null
  from pg_temp.retention_channels rc
  cross join lateral (
    select m.id, m.parent_id, m.deleted_at from public.messages m
    where m.channel_id = rc.channel_id and m.created_at < rc.cutoff
      -- a deleted parent that a younger reply keeps: nothing to do until that reply goes
      and not (m.deleted_at is not null and m.parent_id is null and exists (
        select 1 from public.messages r where r.parent_id = m.id and r.created_at >= rc.cutoff))
    order by m.created_at
    limit p_limit
  ) m
  limit p_limit;

  update pg_temp.retention_candidates c
  set action = case
    when not exists (
      select 1 from public.messages r
      where r.parent_id = c.id and r.id not in (select b.id from pg_temp.retention_candidates b)
    ) then 'delete'
    when c.deleted then 'later'
    when exists (
      select 1 from public.messages r join pg_temp.retention_channels rc on rc.channel_id = r.channel_id
      where r.parent_id = c.id and r.created_at >= rc.cutoff
    ) then 'tombstone'
    else 'later'
  end;

  -- Files: attachments of what goes, and link-preview images no other preview shows.
  create temporary table if not exists retention_batch_files (
    workspace_id uuid, bucket_id text, name text
  ) on commit drop;
  truncate pg_temp.retention_batch_files;
  insert into pg_temp.retention_batch_files
  select c.workspace_id, a.bucket_id, a.path
  from pg_temp.retention_candidates c join public.attachments a on a.message_id = c.id
  where c.action in ('delete', 'tombstone');
  create temporary table if not exists retention_batch_images (name text) on commit drop;
  truncate pg_temp.retention_batch_images;
  insert into pg_temp.retention_batch_images
  select distinct lp.image_path
  from pg_temp.retention_candidates c join public.link_previews lp on lp.message_id = c.id
  where c.action in ('delete', 'tombstone') and lp.image_path is not null;

  delete from public.messages m using pg_temp.retention_candidates c
  where m.id = c.id and c.action = 'delete' and c.parent_id is not null;
  delete from public.messages m using pg_temp.retention_candidates c
  where m.id = c.id and c.action = 'delete' and c.parent_id is null;
  update public.messages m set deleted_at = now()
  from pg_temp.retention_candidates c
  where m.id = c.id and c.action = 'tombstone';

  -- The threads that lost replies and are still there count what is left.
  perform private.refresh_thread(t.parent_id)
  from (
    select distinct c.parent_id from pg_temp.retention_candidates c
    where c.action = 'delete' and c.parent_id is not null
  ) t
  where exists (select 1 from public.threads th where th.id = t.parent_id);

  insert into private.retention_files (bucket_id, name)
  select f.bucket_id, f.name from pg_temp.retention_batch_files f;
  insert into private.retention_files (bucket_id, name)
  select 'link-previews', i.name from pg_temp.retention_batch_images i
  where not exists (select 1 from public.link_previews lp where lp.image_path = i.name);

  return query
  select c.workspace_id,
    (count(*) filter (where c.action = 'delete'))::integer,
    (count(*) filter (where c.action = 'tombstone'))::integer,
    coalesce((select count(*)::integer from pg_temp.retention_batch_files f
      where f.workspace_id = c.workspace_id), 0)
  from pg_temp.retention_candidates c
  where c.action in ('delete', 'tombstone')
  group by c.workspace_id;
end
$$;
revoke all on function private.retention_batch(integer) from public;

-- Posts to the Edge Function that removes the queued files, if any (Vault's project_url and
-- publishable_key, as the email job; without them the files wait).
create or replace function private.kick_retention_files()
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  project_url text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1
  );
  api_key text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key' limit 1
  );
begin
  if project_url is null or api_key is null
    or not exists (select 1 from private.retention_files) then
    return false;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/retention-files',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json',
      'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
    timeout_milliseconds := 60000
  );
  return true;
end
$$;
revoke all on function private.kick_retention_files() from public;

-- The run. Not security definer (a procedure that commits may not be): it runs as the job's
-- role, postgres, and only postgres may call it.
create or replace procedure private.run_retention(
  p_batch_size integer default 500,
  p_max_batches integer default 100000
)
language plpgsql
as $$
declare
  v_batches integer := 0;
  v_done integer;
  v_ws record;
begin
  create temporary table if not exists retention_channels (
    channel_id uuid primary key, workspace_id uuid not null, keep_days integer not null,
    cutoff timestamptz not null
  );
  create temporary table if not exists retention_counts (
    workspace_id uuid primary key, messages bigint not null default 0,
    kept_as_deleted bigint not null default 0, files bigint not null default 0,
    batches integer not null default 0
  );
  truncate pg_temp.retention_channels, pg_temp.retention_counts;
  -- Each channel's policy as the run starts: its own, else its workspace's; forever is no row.
  insert into pg_temp.retention_channels
  select c.id, c.workspace_id, p.keep_days, now() - make_interval(days => p.keep_days)
  from public.channels c
  left join public.channel_retention cr on cr.channel_id = c.id
  left join public.workspace_retention wr on wr.workspace_id = c.workspace_id
  cross join lateral (
    select case when cr.channel_id is not null then cr.keep_days else wr.keep_days end as keep_days
  ) p
  where p.keep_days is not null;
  commit;

  loop
    v_done := 0;
    for v_ws in select * from private.retention_batch(p_batch_size) loop
      insert into pg_temp.retention_counts as rc (workspace_id, messages, kept_as_deleted, files, batches)
      values (v_ws.workspace_id, v_ws.messages, v_ws.kept_as_deleted, v_ws.files, 1)
      on conflict (workspace_id) do update
        set messages = rc.messages + excluded.messages,
          kept_as_deleted = rc.kept_as_deleted + excluded.kept_as_deleted,
          files = rc.files + excluded.files, batches = rc.batches + 1;
      v_done := v_done + v_ws.messages + v_ws.kept_as_deleted;
    end loop;
    commit;
    v_batches := v_batches + 1;
    exit when v_done = 0 or v_batches >= p_max_batches;
  end loop;

  for v_ws in
    select rc.*, w.name from pg_temp.retention_counts rc
    join public.workspaces w on w.id = rc.workspace_id
    where rc.messages > 0 or rc.kept_as_deleted > 0
  loop
    perform private.audit(v_ws.workspace_id, 'retention.run', 'workspace',
      v_ws.workspace_id::text, v_ws.name,
      jsonb_build_object('messages', v_ws.messages, 'kept_as_deleted', v_ws.kept_as_deleted,
        'files', v_ws.files, 'batches', v_ws.batches));
  end loop;
  perform private.kick_retention_files();
  commit;
  drop table pg_temp.retention_channels, pg_temp.retention_counts;
end
$$;
revoke all on procedure private.run_retention(integer, integer) from public;

-- The Edge Function's side (service role only): hand out queued files (each once, again after
-- five minutes if the function did not finish them), then forget those removed.
create or replace function public.claim_retention_files(p_limit integer default 500)
returns table (id bigint, bucket_id text, name text)
language sql security definer
set search_path = ''
as $$
  update private.retention_files f set claimed_at = now()
  where f.id in (
    select q.id from private.retention_files q
    where q.claimed_at is null or q.claimed_at < now() - interval '5 minutes'
    order by q.id
    limit least(greatest(coalesce(p_limit, 500), 1), 1000)
    for update skip locked
  )
  returning f.id, f.bucket_id, f.name
$$;

create or replace function public.finish_retention_files(p_ids bigint[])
returns integer
language sql security definer
set search_path = ''
as $$
  with gone as (
    delete from private.retention_files f where f.id = any (coalesce(p_ids, '{}')) returning 1
  )
  select count(*)::integer from gone
$$;

revoke all on function public.claim_retention_files(integer), public.finish_retention_files(bigint[])
  from public, anon, authenticated;
grant execute on function public.claim_retention_files(integer), public.finish_retention_files(bigint[])
  to service_role;

select cron.schedule('chorus-retention', '41 * * * *', 'call private.run_retention()');
