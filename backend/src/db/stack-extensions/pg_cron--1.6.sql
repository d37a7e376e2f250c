-- pg_cron's SQL interface (schema, tables, functions and their messages as pg_cron 1.6 has them),
-- installed by `create extension pg_cron`. The jobs are run by the local stack
-- (backend/src/cron/scheduler.ts), not by a background worker in the server; the schedule syntax
-- checked here is the one backend/src/cron/schedule.ts runs.
\echo Use "CREATE EXTENSION pg_cron" to load this file. \quit

create schema cron;

create table cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
create unique index jobname_username_uniq on cron.job (jobname, username);

create table cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
create index job_run_details_jobid_idx on cron.job_run_details (jobid, start_time);

-- The stack's scheduler reads the jobs again when they change.
create function cron._job_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('pg_cron', '');
  return null;
end
$$;
create trigger job_changed after insert or update or delete or truncate on cron.job
  for each statement execute function cron._job_changed();

-- Each role sees and changes its own jobs only (superusers see all), as pg_cron's policies say.
alter table cron.job enable row level security;
alter table cron.job_run_details enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

-- As on a hosted project, only postgres may use the schema until it grants it to other roles.
grant usage on schema cron to postgres with grant option;

-- One field of a five-field schedule: '*', n, n-m, each with an optional /step, comma-separated;
-- names (jan-dec, sun-sat) where the field has them.
create function cron._valid_field(field text, low int, high int, names text[])
returns boolean language plpgsql immutable as $$
declare
  item text;
  parts text[];
  bounds text[];
  value text;
  n int;
  first int;
begin
  if field is null or field = '' then
    return false;
  end if;
  foreach item in array string_to_array(lower(field), ',') loop
    parts := regexp_match(item, '^([^/]+)(?:/([0-9]+))?$');
    if parts is null or (parts[2] is not null and (length(parts[2]) > 4 or parts[2]::int = 0)) then
      return false;
    end if;
    if parts[1] = '*' then
      continue;
    end if;
    bounds := string_to_array(parts[1], '-');
    if cardinality(bounds) > 2 then
      return false;
    end if;
    first := null;
    foreach value in array bounds loop
      if value ~ '^[0-9]{1,4}$' then
        n := value::int;
      elsif names is not null and array_position(names, value) is not null then
        n := array_position(names, value) - 1 + low;
      else
        return false;
      end if;
      if n < low or n > high or (first is not null and n < first) then
        return false;
      end if;
      first := n;
    end loop;
  end loop;
  return true;
end
$$;

-- pg_cron's schedule syntax: five cron fields, a macro (@hourly, …) or '[1-59] seconds'.
create function cron._valid_schedule(schedule text)
returns boolean language plpgsql immutable as $$
declare
  fields text[];
  seconds text[];
begin
  if schedule is null then
    return false;
  end if;
  seconds := regexp_match(btrim(schedule), '^([0-9]+) +seconds?$', 'i');
  if seconds is not null then
    return length(seconds[1]) <= 2 and seconds[1]::int between 1 and 59;
  end if;
  if lower(btrim(schedule)) in
    ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@reboot') then
    return true;
  end if;
  fields := regexp_split_to_array(btrim(schedule), '\s+');
  return cardinality(fields) = 5
    and cron._valid_field(fields[1], 0, 59, null)
    and cron._valid_field(fields[2], 0, 23, null)
    and cron._valid_field(fields[3], 1, 31, null)
    and cron._valid_field(fields[4], 1, 12,
      array['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec'])
    and cron._valid_field(fields[5], 0, 7, array['sun','mon','tue','wed','thu','fri','sat']);
end
$$;

create function cron._check_schedule(schedule text)
returns void language plpgsql immutable as $$
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule
      using hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
end
$$;

create function cron.schedule(schedule text, command text)
returns bigint language plpgsql as $$
declare
  id bigint;
begin
  perform cron._check_schedule(schedule);
  insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
  return id;
end
$$;

-- A named job: scheduling the same name again (same role) replaces its schedule and command.
create function cron.schedule(job_name text, schedule text, command text)
returns bigint language plpgsql as $$
declare
  id bigint;
begin
  if job_name is null then
    raise exception 'job_name can not be NULL';
  end if;
  perform cron._check_schedule(schedule);
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end
$$;

create function cron.schedule_in_database(
  job_name text, schedule text, command text, database text,
  username text default null, active boolean default true
)
returns bigint language plpgsql as $$
declare
  id bigint;
begin
  perform cron._check_schedule(schedule);
  if database is distinct from current_database() then
    raise exception 'jobs can only run in the project''s database %', current_database()
      using hint = 'The local stack runs jobs in its own database only.';
  end if;
  if username is not null and username <> current_user then
    raise exception 'must be superuser to create a job for another role';
  end if;
  insert into cron.job (jobname, schedule, command, database, active)
  values (job_name, schedule, command, database, active)
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, active = excluded.active
  returning jobid into id;
  return id;
end
$$;

create function cron.unschedule(job_id bigint)
returns boolean language plpgsql as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;

create function cron.unschedule(job_name text)
returns boolean language plpgsql as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;

create function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
)
returns void language plpgsql as $$
begin
  if schedule is not null then
    perform cron._check_schedule(schedule);
  end if;
  if database is not null and database <> current_database() then
    raise exception 'jobs can only run in the project''s database %', current_database()
      using hint = 'The local stack runs jobs in its own database only.';
  end if;
  if username is not null and username <> current_user
     and not (select rolsuper from pg_roles where rolname = current_user) then
    raise exception 'must be superuser to alter username';
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
end
$$;

revoke execute on all functions in schema cron from public;
grant execute on all functions in schema cron to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
