-- Guests (issue 35, part 3): the `guest` workspace role. A value added to an enum cannot be used
-- in the transaction that adds it, and each migration file runs in a transaction of its own
-- (here as with `supabase db push`): what uses it is in *_chorus_guests.sql, the next file.
alter type public.workspace_role add value if not exists 'guest';
