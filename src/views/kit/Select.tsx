// The one place Blueprint's HTMLSelect is used (eslint.config.js sends every other view here).
// eslint-disable-next-line no-restricted-imports
import { HTMLSelect, type HTMLSelectProps } from '@blueprintjs/core';
import { forwardRef } from 'react';

/**
 * A native select drawn as Blueprint's, its caret a decoration hidden from assistive technology: Blueprint titles it
 * "Open dropdown" in English whatever the page's language, and the select has its own label.
 */
export const Select = forwardRef<HTMLSelectElement, HTMLSelectProps>(function Select(props, ref) {
  return <HTMLSelect ref={ref} {...props} iconProps={{ ...props.iconProps, title: false }} />;
});
