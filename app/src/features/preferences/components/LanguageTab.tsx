// Preferences → Language: the language I read Chorus in (my browser's, or one Chorus speaks, each
// named in itself), kept on my profile; Chorus reloads to show it, as Slack does.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { LANGUAGES, browserLanguage, chosenLanguage, isLanguage } from '../../../lib/i18n.ts'
import type { Language } from '../../../lib/i18n.ts'
import { LANGUAGE_NAMES, keepLanguage } from '../../../lib/language-choice.ts'
import { Select } from '../../../ui/Select.tsx'
import { reloadApp, useUpdateProfile } from '../../profiles/index.ts'

const BROWSER = 'browser'

export function LanguageTab({ me }: { me: string }) {
  const [language, setLanguage] = useState<Language | null>(chosenLanguage)
  const update = useUpdateProfile(me)
  const browser = LANGUAGE_NAMES[browserLanguage()]
  return (
    <div className="stack preferences-tab">
      <section className="preferences-section" aria-labelledby="prefs-language">
        <h3 id="prefs-language">{t`Language`}</h3>
        <Select
          label={t`Language`}
          hint={t`Chorus reloads to show the new language.`}
          value={language ?? BROWSER}
          disabled={update.isPending}
          options={[
            { value: BROWSER, label: t`Browser's language (${browser})` },
            ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
          ]}
          onValueChange={(value) => {
            const next = isLanguage(value) ? value : null
            setLanguage(next)
            update.mutate(
              { language: next },
              { onSuccess: () => keepLanguage(next) && reloadApp() }
            )
          }}
        />
      </section>
      {update.error && (
        <p role="alert" className="error">
          {cleanError(update.error)}
        </p>
      )}
    </div>
  )
}
