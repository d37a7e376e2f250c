-- Broadcast from the database, as Supabase Realtime offers it: realtime.send() stores a message
-- in realtime.messages (which the realtime service reads from its replication stream and fans
-- out to the topic), and realtime.broadcast_changes() sends a row change from a trigger.

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  new_id uuid := gen_random_uuid();
  body jsonb := coalesce(payload, '{}'::jsonb);
begin
  begin
    -- The message carries its own id in the payload unless the caller chose one.
    if not body ? 'id' then
      body := jsonb_set(body, '{id}', to_jsonb(new_id));
    end if;
    -- Insert policies on realtime.messages see the topic through realtime.topic().
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (new_id, body, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
) returns void language plpgsql as $$
declare
  row_data jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  row_data := jsonb_build_object(
    'old_record', to_jsonb(old),
    'record', to_jsonb(new),
    'operation', operation,
    'table', table_name,
    'schema', table_schema
  );
  perform realtime.send(row_data, event_name, topic_name);
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

grant execute on function realtime.send(jsonb, text, text, boolean) to postgres, anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to postgres, anon, authenticated, service_role;

-- The service reads inserted messages from the same replication stream as table changes.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages
      with (publish = 'insert');
  end if;
end
$$;
