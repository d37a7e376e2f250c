// Shared by the write tests: a row of the fixture's items table as the tests compare it (the
// price as a number), read past REST.
import type { TestStack } from '../support/stack.ts'

/** The items row `id` (id, name, price, stock, note), or null when there is none. */
export async function itemRow(stack: TestStack, id: number) {
  const [row] =
    await stack.sql`select id, name, price::float8 as price, stock, note from items where id = ${id}`
  return row ?? null
}
