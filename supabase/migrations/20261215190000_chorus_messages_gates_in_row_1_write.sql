-- The gates two features added to messages as triggers of their own (row_3_posting: who may post
-- in an announcement channel, 20261215100000; row_3_poll_edit: a poll's text is not edited,
-- 20261215120000) run inside row_1_write, after the mentions as they fired: messages keeps five
-- triggers (issue 70). Each gate stays its feature's, a function of the row.

create or replace function private.message_posting_gate(new_row public.messages)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code text;
begin
  if private.importing() then
    return;
  end if;
  -- An app's message (no author) is decided where its app posts it.
  if new_row.author_id is null and new_row.app_name is not null then
    return;
  end if;
  v_code := private.posting_refusal(new_row.channel_id, new_row.author_id,
    new_row.parent_id is not null and not new_row.in_channel);
  if v_code is not null then
    perform private.refuse_posting(new_row.channel_id, v_code);
  end if;
end
$$;
revoke all on function private.message_posting_gate(public.messages)
  from public, authenticated, service_role;

create or replace function private.message_poll_gate(new_row public.messages)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new_row.deleted_at is null and new_row.removed_at is null
    and exists (select 1 from public.polls p where p.message_id = new_row.id) then
    raise exception using errcode = '22023', message = 'A poll cannot be edited.',
      detail = 'poll_not_editable';
  end if;
end
$$;
revoke all on function private.message_poll_gate(public.messages)
  from public, authenticated, service_role;

create or replace function private.messages_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- A row variable (not NEW itself): a NULL answer leaves its fields null, where NEW would be
  -- left unassigned.
  r public.messages := new;
begin
  if tg_op = 'INSERT' then
    if current_setting('chorus.importing', true) is distinct from 'bulk' then
      r := private.message_before_insert(new);
      -- The same message again: nothing to insert.
      if r.id is null then
        return null;
      end if;
    end if;
  else
    r := private.message_before_update(new, old);
  end if;
  r := private.message_mentions(tg_op, r, old);
  if tg_op = 'INSERT' then
    perform private.message_posting_gate(r);
  elsif r.body is distinct from old.body then
    perform private.message_poll_gate(r);
  end if;
  return r;
end
$$;

drop trigger row_3_posting on public.messages;
drop trigger row_3_poll_edit on public.messages;
drop function private.posting_gate_messages();
drop function private.messages_poll_edit();
