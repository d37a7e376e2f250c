export const profileKeys = {
  all: ['profiles'] as const,
  one: (id: string) => [...profileKeys.all, 'one', id] as const,
  many: (ids: string[]) => [...profileKeys.all, 'many', [...ids].sort().join(',')] as const,
}
