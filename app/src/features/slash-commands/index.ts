// Slash commands (issue 33, part 3). The composer loads its part itself, lazily
// (components/SlashCommands.tsx, typed by handle.ts); the Integrations dialog mounts the
// Settings section from here.
export { SlashCommandsSection } from './components/SlashCommandsSection.tsx'
