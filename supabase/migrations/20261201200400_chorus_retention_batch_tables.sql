-- Retention, continued (see *_chorus_retention_batches.sql): each batch empties the run's
-- temporary tables with TRUNCATE. DELETE left their dead rows behind (autovacuum never visits
-- temporary tables), so every batch read all the rows of the batches before it and took longer
-- as the run went on (bench/retention: 320 ms a batch at the median on 200,000 messages).

create or replace function private.retention_batch(p_limit integer)
returns table (workspace_id uuid, messages integer, kept_as_deleted integer, files integer)
language plpgsql
set search_path = ''
as $$
begin
  truncate pg_temp.retention_candidates, pg_temp.retention_batch_files,
    pg_temp.retention_batch_images;

  insert into pg_temp.retention_candidates (id, channel_id, workspace_id, parent_id, deleted,
    created_at)
  select m.id, rc.channel_id, rc.workspace_id, m.parent_id, m.deleted_at is not null, m.created_at
  from pg_temp.retention_channels rc
  cross join lateral (
    select m.id, m.parent_id, m.deleted_at, m.created_at from public.messages m
    where m.channel_id = rc.channel_id and m.created_at < rc.cutoff
      and m.created_at >= rc.from_at
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
  insert into pg_temp.retention_batch_files
  select c.workspace_id, a.bucket_id, a.path
  from pg_temp.retention_candidates c join public.attachments a on a.message_id = c.id
  where c.action in ('delete', 'tombstone');
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

  -- Where each channel's next batch starts: what this one left for later, else past it (what
  -- it deleted is gone, and a parent it kept for a younger reply stays kept).
  update pg_temp.retention_channels rc
  set from_at = coalesce(
    (select min(c.created_at) from pg_temp.retention_candidates c
      where c.channel_id = rc.channel_id and c.action = 'later'),
    (select max(c.created_at) from pg_temp.retention_candidates c
      where c.channel_id = rc.channel_id),
    rc.from_at)
  where rc.channel_id in (select c.channel_id from pg_temp.retention_candidates c);

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
