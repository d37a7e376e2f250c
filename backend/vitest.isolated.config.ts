import { backendProject } from './vitest.config.ts'

// The backend's test files that replace a module of the stack, each with modules of its own.
export default backendProject(true)
