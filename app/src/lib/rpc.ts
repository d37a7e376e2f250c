// Calling Postgres functions through PostgREST. The app has no generated database types, so the
// row shape is stated by the caller; errors are thrown as supabase-js returns them.
import { supabase } from './supabase.ts'

export async function rpcRows<T>(fn: string, args?: Record<string, unknown>): Promise<T[]> {
  const { data, error } = await supabase().rpc(fn, args)
  if (error) throw error
  return (Array.isArray(data) ? data : data == null ? [] : [data]) as T[]
}

export async function rpcOne<T>(fn: string, args?: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase().rpc(fn, args)
  if (error) throw error
  const row = Array.isArray(data) ? data[0] : data
  if (row === undefined) throw new Error(`${fn} returned nothing.`)
  return row as T
}
