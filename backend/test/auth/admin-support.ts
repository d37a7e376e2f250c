// Shared by the admin API tests: their stack with its app schema (a profile for each user, made by
// a trigger on auth.users) and a service_role client, and GoTrue's form of timestamps.
import { useTestStack } from '../support/use-stack.ts'
import { startAuthStack } from './support.ts'
import type { TestStack } from './support.ts'

// A timestamp as GoTrue writes it (toBeDefined would pass for null).
export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

const APP_SCHEMA = `
create table public.profiles (id uuid primary key references auth.users on delete cascade);
create function public.add_profile() returns trigger language plpgsql security definer set search_path = '' as $$
begin insert into public.profiles (id) values (new.id); return new; end $$;
create trigger on_user after insert on auth.users for each row execute procedure public.add_profile();
`

/** An Auth stack with the app schema above. */
export function startAdminStack(): Promise<TestStack> {
  return startAuthStack({ migrations: { '20240101000000_app.sql': APP_SCHEMA } })
}

/** The stack above for a file's tests, with `admin`: a client with the service_role key. */
export function useAdminStack() {
  return useTestStack(startAdminStack, (stack) => ({ admin: stack.client(stack.serviceRoleKey) }))
}
