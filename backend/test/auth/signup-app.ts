// The app schema of the sign-up and session tests: profiles filled by a trigger on auth.users
// (which fails for the full name 'boom'), and notes each user sees through auth.uid() in RLS.
import { startAuthStack } from './support.ts'
import type { TestStack } from './support.ts'

const APP_SCHEMA = `
create table public.profiles (
  id uuid primary key references auth.users on delete cascade,
  full_name text
);
create function public.handle_new_user() returns trigger language plpgsql security definer
set search_path = '' as $$
begin
  if new.raw_user_meta_data ->> 'full_name' = 'boom' then
    raise exception 'profiles refuse %', new.email;
  end if;
  insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
  return new;
end $$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute procedure public.handle_new_user();

create table public.notes (
  id serial primary key,
  owner uuid not null references auth.users on delete cascade,
  body text not null
);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
`

/** An Auth stack (the CLI's defaults: sign-ups confirmed at once) with the app schema above. */
export function startAppStack(): Promise<TestStack> {
  return startAuthStack({ migrations: { '20240101000000_app.sql': APP_SCHEMA } })
}
