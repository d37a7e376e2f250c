-- pg_net's SQL interface (schema, queue, response table, functions and their defaults as pg_net
-- 0.19 has them), installed by `create extension pg_net`. The requests are performed by the local
-- stack (backend/src/net/worker.ts) once the transaction that queued them commits, not by a
-- background worker in the server.
\echo Use "CREATE EXTENSION pg_net" to load this file. \quit

create schema net;

create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- Requests waiting to be performed; the stack takes committed rows (a rolled back transaction's
-- rows never become visible, so they are never sent).
create unlogged table net.http_request_queue (
  id bigserial not null,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (
  status net.request_status,
  message text,
  response net.http_response
);

-- The url with the params appended as a query string (keys and values percent-encoded).
create function net._encode_url_with_params(url text, params jsonb)
returns text language sql immutable as $$
  select case
    when params is null or params = '{}'::jsonb then url
    else url || case when url like '%?%' then '&' else '?' end || (
      select string_agg(net._urlencode(key) || '=' || net._urlencode(value), '&')
      from jsonb_each_text(params)
    )
  end
$$;

create function net._urlencode(value text)
returns text language sql immutable strict as $$
  select coalesce(string_agg(
    case
      when b between 48 and 57 or b between 65 and 90 or b between 97 and 122
        or b in (45, 46, 95, 126) then chr(b)
      else '%' || upper(lpad(to_hex(b), 2, '0'))
    end, '' order by i), '')
  from (
    select get_byte(convert_to(value, 'UTF8'), i) as b, i
    from generate_series(0, octet_length(convert_to(value, 'UTF8')) - 1) as i
  ) bytes
$$;

create function net._check_request(url text, timeout_milliseconds integer)
returns void language plpgsql immutable as $$
begin
  if url is null or url !~* '^https?://[^/?#]+' then
    raise exception 'invalid url: %', coalesce(url, 'NULL')
      using hint = 'The url must be an http:// or https:// URL with a host.';
  end if;
  if timeout_milliseconds is null or timeout_milliseconds <= 0 then
    raise exception 'timeout_milliseconds must be a positive number of milliseconds';
  end if;
end
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint language plpgsql volatile security definer set search_path = '' as $$
declare
  request_id bigint;
begin
  perform net._check_request(url, timeout_milliseconds);
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params(url, params), coalesce(headers, '{}'), timeout_milliseconds)
  returning id into request_id;
  perform pg_notify('pg_net', '');
  return request_id;
end
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint language plpgsql volatile security definer set search_path = '' as $$
declare
  request_id bigint;
  content_type text;
begin
  perform net._check_request(url, timeout_milliseconds);
  select value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb))
  where lower(key) = 'content-type'
  limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'POST', net._encode_url_with_params(url, params), headers,
    convert_to(body::text, 'UTF8'), timeout_milliseconds
  )
  returning id into request_id;
  perform pg_notify('pg_net', '');
  return request_id;
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000,
  body jsonb default null
)
returns bigint language plpgsql volatile security definer set search_path = '' as $$
declare
  request_id bigint;
begin
  perform net._check_request(url, timeout_milliseconds);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'DELETE', net._encode_url_with_params(url, params), coalesce(headers, '{}'),
    convert_to(body::text, 'UTF8'), timeout_milliseconds
  )
  returning id into request_id;
  perform pg_notify('pg_net', '');
  return request_id;
end
$$;

-- Deprecated in pg_net, kept for old callers: the response of a request, if it has one.
create function net._http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result language plpgsql volatile as $$
declare
  rec net._http_response;
begin
  if not async then
    loop
      select * into rec from net._http_response where id = request_id;
      exit when rec.id is not null;
      perform pg_sleep(0.05);
    end loop;
  else
    select * into rec from net._http_response where id = request_id;
  end if;
  if rec.id is null then
    return ('PENDING', 'request is pending processing', null)::net.http_response_result;
  end if;
  if rec.error_msg is not null then
    return ('ERROR', rec.error_msg, null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)
    ::net.http_response_result;
end
$$;

create function net.http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result language sql volatile as $$
  select net._http_collect_response(request_id, async)
$$;

grant usage on schema net to postgres, anon, authenticated, service_role;
grant all on all tables in schema net to postgres;
grant all on all sequences in schema net to postgres;
revoke execute on all functions in schema net from public;
grant execute on all functions in schema net to postgres, service_role;
