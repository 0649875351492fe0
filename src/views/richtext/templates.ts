/**
 * The named snippets of the toolbar's template picker. Their text is in the locale files
 * (`richtext.template.<name>.name` and `.html`), written only with markup the toolbar itself produces, so the
 * sanitiser stores a template exactly as inserted (tests/views/richtextParts.test.ts checks both languages).
 */
export const TEMPLATE_NAMES = ['serviceNotice', 'activityRules', 'priceList', 'contactUs'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export function isTemplateName(value: unknown): value is TemplateName {
  return (TEMPLATE_NAMES as readonly unknown[]).includes(value);
}
