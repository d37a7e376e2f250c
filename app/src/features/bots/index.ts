// Bots (accounts an admin makes, with an API token in Slack's Web API shape): marked "BOT"
// wherever they appear (BotBadge after a name; the BOT marker on their messages through the
// message screen's extension slot, message-extension.tsx). The Settings screen's Bots section
// is shown inside the Integrations dialog, whose lazy chunk carries it.
export { BotBadge } from './components/BotBadge.tsx'
export { default as BotsSection } from './components/BotsSection.tsx'
