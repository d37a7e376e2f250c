export { SearchLauncher } from './components/SearchLauncher.tsx'
