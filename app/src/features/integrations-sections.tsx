// The Integrations dialog's slot, filled (slots/integrations.ts): every feature folder with an
// integrations-section.tsx is in, found at build time by Vite's import.meta.glob, in the order of
// their `order`; each section is a lazy chunk (NotLoaded in its place if it cannot load). Only the
// dialog's chunk imports this module. Adding one touches only its folder.
import { Suspense } from 'react'
import { lazyRetrying } from '../lib/lazy.ts'
import type { IntegrationsSection, IntegrationsSectionProps } from '../slots/integrations.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'

const found = import.meta.glob<IntegrationsSection>('./*/integrations-section.tsx', {
  eager: true,
  import: 'default',
})

/** The sections, in their order. */
export const integrationsSections = Object.values(found).sort((a, b) => a.order - b.order)

const sections = integrationsSections.map((section) =>
  lazyRetrying<IntegrationsSectionProps>(section.load, NotLoaded)
)

/** The features' sections of Settings → Integrations, each shown once its chunk is in. */
export function IntegrationsSections(props: IntegrationsSectionProps) {
  return sections.map((Section, i) => (
    <Suspense key={i} fallback={null}>
      <div className="integrations-section stack">
        <Section {...props} />
      </div>
    </Suspense>
  ))
}
