-- An app's message goes live with its integration row: the row is broadcast on the channel's
-- topic (live:channel:<id>, its members only) right after the message, in the same transaction,
-- so an open channel marks the new message as an app's (the APP badge) without asking.
create trigger integration_messages_live after insert on public.integration_messages
  for each row execute function private.live_channel_content();
