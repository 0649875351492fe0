/**
 * The values as SQL literals, each of unknown type (quoted) so that it takes the parameter's type as a bound value
 * would; null when one has no plain literal (an array of other than numbers, an object, bytes, text holding a NUL):
 * the caller then sends the values bound. Text is written as an escape string (E'…'), whatever
 * standard_conforming_strings says. Used where a statement's values are written into it (server/db/prepared.ts,
 * server/db/pgliteDialect.ts).
 */
export function sqlLiterals(values: readonly unknown[]): string[] | null {
  const literals = values.map(sqlLiteral);
  return literals.includes(null) ? null : (literals as string[]);
}

function sqlLiteral(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  // An array of numbers (a page's ids) as an array literal, e.g. '{1,2,3}'; any other array has none here.
  if (Array.isArray(value)) {
    const numbers = value.every(
      (v) => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint',
    );
    return numbers ? `'{${value.join(',')}}'` : null;
  }
  const text =
    typeof value === 'string'
      ? value
      : (typeof value === 'number' && Number.isFinite(value)) ||
          typeof value === 'bigint' ||
          typeof value === 'boolean'
        ? String(value)
        : value instanceof Date && !Number.isNaN(value.getTime())
          ? value.toISOString()
          : null;
  if (text === null || text.includes('\0')) return null;
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
