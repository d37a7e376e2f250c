export { Avatar } from './components/Avatar.tsx'
export { useProfileQuery } from './data/profile-query.ts'
export { profileKeys } from './data/keys.ts'
export type { Profile } from './data/types.ts'
