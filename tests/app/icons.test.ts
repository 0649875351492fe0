import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IconNames } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { LARGE_ICON_NAMES, SMALL_ICON_NAMES } from '../../src/app/icons';

/**
 * icons.ts bundles only the icons it lists; any other name renders blank. This scans the views (and the route
 * table, whose icons the menu shows) for literal icon names and checks each is registered: at 16 px always, and
 * at 20 px too where it is drawn large (NonIdealState).
 */
const ROOT = join(__dirname, '../..');
const BLUEPRINT = new Set<string>(Object.values(IconNames));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const quoted = (text: string) =>
  [...text.matchAll(/'([a-z0-9-]+)'|"([a-z0-9-]+)"/g)]
    .map((m) => m[1] ?? m[2])
    .filter((n) => BLUEPRINT.has(n));

/** Literal icon names of one source file: all of them, and those drawn at a large size. */
export function iconNames(source: string): { all: Set<string>; large: Set<string> } {
  const all = new Set<string>();
  const large = new Set<string>();
  for (const line of source.split('\n')) {
    const prop = /\b(?:icon|endIcon|leftIcon|rightIcon)\??\s*[=:]/.exec(line);
    if (prop) quoted(line.slice(prop.index)).forEach((n) => all.add(n));
    // Tables of icon names, e.g. `const ICONS: Record<Status, IconName> = { … }`.
    if (/IconName>\s*=/.test(line)) quoted(line.split('=').slice(1).join('=')).forEach((n) => all.add(n));
  }
  for (const tag of source.matchAll(/<NonIdealState\b[^>]*?\/?>/gs)) {
    const icon = /\bicon=(?:"([a-z0-9-]+)"|\{([A-Z_]+)\[)/.exec(tag[0]);
    if (icon?.[1]) large.add(icon[1]);
    if (icon?.[2]) {
      const table = new RegExp(`const ${icon[2]}\\b[^=]*=([^;]*)`).exec(source);
      if (table) quoted(table[1]).forEach((n) => large.add(n));
    }
  }
  large.forEach((n) => all.add(n));
  return { all, large };
}

const sources = [...files(join(ROOT, 'src/views')), join(ROOT, 'src/contract/routes.ts')];

describe('bundled icons', () => {
  it('finds literal icon names, including conditional ones and large ones', () => {
    const found = iconNames(
      [
        `<Button icon="trash" endIcon={up ? 'arrow-up' : 'arrow-down'} />`,
        `meta: { icon: 'cog' }`,
        `const ICONS: Record<'403', IconName> = { '403': 'lock' };`,
        `<NonIdealState icon={ICONS[status]} />`,
        `<NonIdealState`,
        `  icon="map"`,
        `  title="x" />`,
      ].join('\n'),
    );
    expect([...found.all].sort()).toEqual(['arrow-down', 'arrow-up', 'cog', 'lock', 'map', 'trash']);
    expect([...found.large].sort()).toEqual(['lock', 'map']);
  });

  it('registers every icon name the views use at 16 px', () => {
    const small = new Set<string>(SMALL_ICON_NAMES);
    const missing = sources.flatMap((file) =>
      [...iconNames(readFileSync(file, 'utf8')).all]
        .filter((n) => !small.has(n))
        .map((n) => `${relative(ROOT, file)}: ${n}`),
    );
    expect(missing).toEqual([]);
  });

  it('registers the icons drawn large at 20 px', () => {
    const largeNames = new Set<string>(LARGE_ICON_NAMES);
    const missing = sources.flatMap((file) =>
      [...iconNames(readFileSync(file, 'utf8')).large]
        .filter((n) => !largeNames.has(n))
        .map((n) => `${relative(ROOT, file)}: ${n}`),
    );
    expect(missing).toEqual([]);
  });
});
