// The one place Blueprint's Spinner is used (eslint.config.js sends every other view here).
// eslint-disable-next-line no-restricted-imports
import { Spinner as BpSpinner, type SpinnerProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Blueprint's spinner, named in the page's language: Blueprint names it "loading" in English whatever the language. */
export function Spinner(props: SpinnerProps) {
  const { t } = useTranslation();
  return <BpSpinner aria-label={t('common.loading')} {...props} />;
}
