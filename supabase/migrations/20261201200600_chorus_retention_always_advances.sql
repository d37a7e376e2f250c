-- Retention's run went on only while each batch deleted something, and each channel's next
-- window started again at its oldest message left "for later" (a thread's first message whose
-- old replies come further on). A window made only of such messages deleted nothing, and the run
-- stopped with expired messages left (bench/retention: 106,356 of 1,000,000). Now each channel's
-- window always moves on (by created_at, then id), the messages left for later wait aside and get
-- a last pass once every channel was looked at (their replies are gone by then), one channel per
-- batch, and the run ends when no channel and nothing waiting is left.

-- The run's temporary tables have new columns: the procedure makes them, so it comes first.
create or replace procedure private.run_retention(
  p_batch_size integer default 250,
  p_max_batches integer default 100000
)
language plpgsql
as $$
declare
  v_batches integer := 0;
  v_done integer;
  v_ws record;
begin
  -- Made once per run, emptied by each batch: a temporary table made per batch was catalog work
  -- in every batch (bench/retention).
  create temporary table if not exists retention_channels (
    channel_id uuid primary key, workspace_id uuid not null, keep_days integer not null,
    cutoff timestamptz not null, from_at timestamptz not null default '-infinity',
    from_id uuid not null default '00000000-0000-0000-0000-000000000000',
    done boolean not null default false
  );
  create temporary table if not exists retention_waiting (
    id uuid primary key, channel_id uuid not null, workspace_id uuid not null
  );
  create temporary table if not exists retention_candidates (
    id uuid primary key, channel_id uuid, workspace_id uuid, parent_id uuid, deleted boolean,
    created_at timestamptz, action text
  );
  create temporary table if not exists retention_batch_files (
    workspace_id uuid, bucket_id text, name text
  );
  create temporary table if not exists retention_batch_images (name text);
  create temporary table if not exists retention_counts (
    workspace_id uuid primary key, messages bigint not null default 0,
    kept_as_deleted bigint not null default 0, files bigint not null default 0,
    batches integer not null default 0
  );
  truncate pg_temp.retention_channels, pg_temp.retention_counts, pg_temp.retention_waiting;
  -- Each channel's policy as the run starts: its own, else its workspace's; forever is no row.
  insert into pg_temp.retention_channels (channel_id, workspace_id, keep_days, cutoff)
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
    -- Not when a batch deleted nothing: a window of parents waiting for their replies deletes
    -- nothing, and the channel goes on after it.
    exit when v_batches >= p_max_batches or (
      not exists (select 1 from pg_temp.retention_channels rc where not rc.done)
      and not exists (select 1 from pg_temp.retention_waiting));
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
  drop table pg_temp.retention_channels, pg_temp.retention_counts, pg_temp.retention_candidates,
    pg_temp.retention_waiting,
    pg_temp.retention_batch_files, pg_temp.retention_batch_images;
end
$$;

create or replace function private.retention_batch(p_limit integer)
returns table (workspace_id uuid, messages integer, kept_as_deleted integer, files integer)
language plpgsql
set search_path = ''
as $$
declare
  v_channel_id uuid;
  v_workspace_id uuid;
  v_cutoff timestamptz;
  v_from_at timestamptz;
  v_from_id uuid;
  v_waiting boolean := false;
begin
  truncate pg_temp.retention_candidates, pg_temp.retention_batch_files,
    pg_temp.retention_batch_images;

  -- The next channel with something left to look at: its next window, past the last one (by
  -- created_at, then id: messages written together share a time); none left there marks it done.
  loop
    v_channel_id := null;
    select rc.channel_id, rc.workspace_id, rc.cutoff, rc.from_at, rc.from_id
    into v_channel_id, v_workspace_id, v_cutoff, v_from_at, v_from_id
    from pg_temp.retention_channels rc
    where not rc.done order by rc.channel_id limit 1;
    exit when v_channel_id is null;
    insert into pg_temp.retention_candidates (id, channel_id, workspace_id, parent_id, deleted,
      created_at)
    select m.id, v_channel_id, v_workspace_id, m.parent_id,
      m.deleted_at is not null, m.created_at
    from public.messages m
    where m.channel_id = v_channel_id and m.created_at < v_cutoff
      and m.created_at >= v_from_at
      and (m.created_at, m.id) > (v_from_at, v_from_id)
      -- a deleted parent that a younger reply keeps: nothing to do until that reply goes
      and not (m.deleted_at is not null and m.parent_id is null and exists (
        select 1 from public.messages r where r.parent_id = m.id and r.created_at >= v_cutoff))
    order by m.created_at, m.id
    limit p_limit;
    exit when found;
    update pg_temp.retention_channels rc set done = true where rc.channel_id = v_channel_id;
  end loop;
  -- Every channel looked at: the parents left waiting for their (old) replies, which are gone now.
  if v_channel_id is null then
    with taken as (
      delete from pg_temp.retention_waiting w
      where w.id in (select w2.id from pg_temp.retention_waiting w2 order by w2.id limit p_limit)
      returning w.*
    )
    insert into pg_temp.retention_candidates (id, channel_id, workspace_id, parent_id, deleted,
      created_at)
    select m.id, t.channel_id, t.workspace_id, m.parent_id, m.deleted_at is not null, m.created_at
    from taken t join public.messages m on m.id = t.id;
    v_waiting := true;
  end if;

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

  -- A parent whose old replies are further on waits for the last pass (never again after it);
  -- the channel's next window starts past this one.
  if not v_waiting then
    insert into pg_temp.retention_waiting (id, channel_id, workspace_id)
    select c.id, c.channel_id, c.workspace_id from pg_temp.retention_candidates c
    where c.action = 'later'
    on conflict do nothing;
    update pg_temp.retention_channels rc
    set (from_at, from_id) = (
      select c.created_at, c.id from pg_temp.retention_candidates c
      order by c.created_at desc, c.id desc limit 1)
    where rc.channel_id = v_channel_id;
  end if;

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
revoke all on procedure private.run_retention(integer, integer) from public;
