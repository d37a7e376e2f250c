// What the React macros (`Trans`, `Plural`) compile to (lingui.config.ts points them here):
// Lingui's Trans without a React context, since the language never changes while the app runs.
// A module of its own, so that the first screen, which has no <Trans>, does not carry it.
import { TransNoContext } from '@lingui/react/server'
import type { TransProps } from '@lingui/react'
import { createElement } from 'react'
import type { ReactElement } from 'react'
import { i18n } from './i18n.ts'

export function Trans(props: TransProps): ReactElement {
  return createElement(TransNoContext, { ...props, lingui: { i18n } })
}

const lingui = { i18n, _: i18n._.bind(i18n) }

export function useLingui(): typeof lingui {
  return lingui
}
