/**
 * Keeping one's changes through a conflict (someone else saved the record after it was loaded): the changes put on
 * top of the latest save, so the next save is judged against what is stored now and still says what was typed.
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `mine` (typed over `base`, the form of the record loaded) put on top of `theirs` (the form of the latest record):
 * the fields typed keep what was typed, the others take the latest; `overlaps` are those both changed, differently.
 * A field that belongs to another (`belongsTo`: a notice's recipient to its audience) keeps what was typed only
 * beside the value it was typed with; beside another (they changed the audience), it takes the latest, named.
 */
export function rebasedForm<F extends object>(
  base: F,
  mine: F,
  theirs: F,
  belongsTo: Record<string, string> = {},
): { form: F; overlaps: string[] } {
  const form = { ...theirs } as Record<string, unknown>;
  const was = base as Record<string, unknown>;
  const now = theirs as Record<string, unknown>;
  const overlaps: string[] = [];
  for (const [field, value] of Object.entries(mine)) {
    if (same(value, was[field])) continue;
    form[field] = value;
    if (!same(now[field], was[field]) && !same(now[field], value)) overlaps.push(field);
  }
  const typed = mine as Record<string, unknown>;
  for (const [field, owner] of Object.entries(belongsTo)) {
    if (same(form[field], now[field]) || same(form[owner], typed[owner])) continue;
    form[field] = now[field];
    if (!overlaps.includes(field)) overlaps.push(field);
  }
  return { form: form as F, overlaps };
}
