/**
 * A project's details (SPEC.md §3 "Project form") and the rules they must satisfy (SPEC.md §5 plus the ones users
 * expect).
 *
 * Pure and shared: the server validates every create/edit with `validateProjectForm`, and the console shows the
 * same messages before sending. Messages are i18n keys (`project.validation.*`) plus an English text for the
 * server's 400 envelope.
 *
 * Money: the machine, the events and the projection hold prices as integer fen (1 yuan = 100 fen), so no float
 * ever touches an amount. People and the API speak yuan with at most two decimals (`"12.50"`, `12.5`);
 * `parseYuan` / `formatFen` (money.ts) convert exactly.
 */

import { isAssetUrl } from './assetUrl';
import { formatFen, halfWidthAmount, parseYuan, readWholeNumber, readYuan } from './money';
import { hasVisibleText, textLength } from './visibleText';

/** What a renewal of a renewable project extends its service by. */
export type RenewalUnit = 'hour' | 'day' | 'visit';
export const RENEWAL_UNITS: readonly RenewalUnit[] = ['hour', 'day', 'visit'];
export type ProjectKind = 'normal' | 'renewable';
export const PROJECT_KINDS: readonly ProjectKind[] = ['normal', 'renewable'];

export interface ProjectDetails {
  project_name: string;
  /** Image URL (http(s) or /uploads/…); '' when none. */
  cover: string;
  /** Ordered image URLs of the detail page's carousel. */
  carouse_covers: string[];
  summary: string;
  /** Integer fen. */
  min_price: number;
  /** Integer fen, or null when the project has a single price. */
  max_price: number | null;
  /** Minutes, a positive whole number, or null when not stated. */
  duration: number | null;
  /** Sanitised HTML (rich text). */
  intro: string;
  avoid: string;
  order_instruction: string;
  /** Normal, or renewable: its service can be extended by units at a price per unit (a renewal order). */
  kind: ProjectKind;
  renewal_unit: RenewalUnit | null;
  /** Integer fen per extra unit; null for a normal project. */
  renewal_unit_price: number | null;
}

/** Details stored before projects had a kind are normal projects. */
export const NORMAL_PROJECT = { kind: 'normal', renewal_unit: null, renewal_unit_price: null } as const;

export const DETAIL_FIELDS = [
  'project_name',
  'cover',
  'carouse_covers',
  'summary',
  'min_price',
  'max_price',
  'duration',
  'intro',
  'avoid',
  'order_instruction',
  'kind',
  'renewal_unit',
  'renewal_unit_price',
] as const satisfies readonly (keyof ProjectDetails)[];

export type DetailField = (typeof DETAIL_FIELDS)[number];

export const RICH_TEXT_FIELDS = ['intro', 'avoid', 'order_instruction'] as const;

export const MAX_NAME_LENGTH = 50;
export const MAX_SUMMARY_LENGTH = 200;
export const MAX_RICH_TEXT_LENGTH = 100_000;
export const MAX_CAROUSE_COVERS = 9;
/** 1,000,000 yuan: well beyond any home service, well inside a 32-bit integer of fen. */
export const MAX_PRICE_FEN = 100_000_000;
/** 30 days, in minutes. */
export const MAX_DURATION = 43_200;

/** The form as typed (prices and duration as text), which is also what the API accepts. */
export interface ProjectForm {
  project_name: string;
  cover: string;
  carouse_covers: string[];
  summary: string;
  min_price: string;
  max_price: string;
  duration: string;
  intro: string;
  avoid: string;
  order_instruction: string;
  kind: string;
  renewal_unit: string;
  renewal_unit_price: string;
}

export interface FieldError {
  field: DetailField;
  /** i18n key, e.g. `project.validation.nameRequired`. */
  key: string;
  /** English text for API clients and logs. */
  message: string;
}

const NUMERIC = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;
const isBlank = (v: string | undefined | null) => v === undefined || v === null || v.trim() === '';

/** Project images follow the one rule for stored image references (assetUrl.ts). */
export const isImageUrl = isAssetUrl;

/**
 * Validates a complete form. Returns every problem found, at most one per field, in field order. SPEC.md §5 names
 * three rules (name required; min price required and numeric; max price numeric); the rest (max ≥ min, two
 * decimals, positive duration, lengths, image URLs) are what users expect.
 */
export function validateProjectForm(form: ProjectForm): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: DetailField, key: string, message: string) => {
    if (errors.some((e) => e.field === field)) return;
    errors.push({ field, key: `project.validation.${key}`, message });
  };

  if (!hasVisibleText(form.project_name ?? ''))
    add('project_name', 'nameRequired', 'project_name is required');
  else if (textLength(form.project_name.trim()) > MAX_NAME_LENGTH)
    add('project_name', 'nameTooLong', `project_name must be at most ${MAX_NAME_LENGTH} characters`);

  if (!isBlank(form.cover) && !isImageUrl(form.cover.trim()))
    add('cover', 'imageUrl', 'cover must be an http(s) URL or an /uploads/ path');

  if (!Array.isArray(form.carouse_covers) || form.carouse_covers.some((c) => !isImageUrl(c)))
    add('carouse_covers', 'imageUrl', 'carouse_covers must be a list of http(s) URLs or /uploads/ paths');
  else if (form.carouse_covers.length > MAX_CAROUSE_COVERS)
    add('carouse_covers', 'tooManyImages', `at most ${MAX_CAROUSE_COVERS} carousel images`);

  if (textLength(form.summary) > MAX_SUMMARY_LENGTH)
    add('summary', 'summaryTooLong', `summary must be at most ${MAX_SUMMARY_LENGTH} characters`);

  const min = checkMoney('min_price', form.min_price, true, add);
  const max = checkMoney('max_price', form.max_price, false, add);
  if (min !== null && max !== null && max < min)
    add('max_price', 'maxBelowMin', 'max_price must not be lower than min_price');

  if (!isBlank(form.duration)) {
    const d = readWholeNumber(form.duration);
    if (!(d >= 1 && d <= MAX_DURATION))
      add(
        'duration',
        'durationPositive',
        `duration must be a whole number of minutes from 1 to ${MAX_DURATION}`,
      );
  }

  for (const field of RICH_TEXT_FIELDS) {
    if (textLength(form[field]) > MAX_RICH_TEXT_LENGTH)
      add(field, 'richTextTooLong', `${field} must be at most ${MAX_RICH_TEXT_LENGTH} characters`);
  }

  if (!(PROJECT_KINDS as readonly string[]).includes(form.kind))
    add('kind', 'kind', 'kind must be normal or renewable');
  else if (form.kind === 'renewable') {
    if (!(RENEWAL_UNITS as readonly string[]).includes(form.renewal_unit))
      add('renewal_unit', 'renewalUnit', 'renewal_unit must be hour, day or visit for a renewable project');
    const price = isBlank(form.renewal_unit_price) ? null : parseYuan(form.renewal_unit_price);
    if (price === null || price < 1 || price > MAX_PRICE_FEN)
      add(
        'renewal_unit_price',
        'renewalPrice',
        `renewal_unit_price must be an amount in yuan from 0.01 to ${formatFen(MAX_PRICE_FEN)} for a renewable project`,
      );
  }
  return errors;
}

function checkMoney(
  field: 'min_price' | 'max_price',
  typed: string,
  required: boolean,
  add: (field: DetailField, key: string, message: string) => void,
): number | null {
  const prefix = field === 'min_price' ? 'min' : 'max';
  if (isBlank(typed)) {
    if (required) add(field, `${prefix}Required`, `${field} is required`);
    return null;
  }
  const text = halfWidthAmount(typed);
  if (!NUMERIC.test(text)) {
    add(field, `${prefix}Numeric`, `${field} must be a number`);
    return null;
  }
  const fen = readYuan(text);
  if (fen === 'format') {
    add(field, 'money', `${field} must be an amount in yuan, not negative, with at most two decimals`);
    return null;
  }
  if (fen === 'tooLarge' || fen > MAX_PRICE_FEN) {
    add(field, 'moneyTooLarge', `${field} must be at most ${formatFen(MAX_PRICE_FEN)}`);
    return null;
  }
  return fen;
}

/** A valid form → details (prices in fen). Call only when `validateProjectForm(form)` is empty. */
export function detailsFromForm(form: ProjectForm): ProjectDetails {
  return {
    project_name: form.project_name.trim(),
    cover: form.cover.trim(),
    carouse_covers: [...form.carouse_covers],
    summary: form.summary.trim(),
    min_price: parseYuan(form.min_price) ?? 0,
    max_price: isBlank(form.max_price) ? null : parseYuan(form.max_price),
    duration: isBlank(form.duration) ? null : readWholeNumber(form.duration),
    intro: form.intro,
    avoid: form.avoid,
    order_instruction: form.order_instruction,
    ...(form.kind === 'renewable'
      ? {
          kind: 'renewable' as const,
          renewal_unit: form.renewal_unit as RenewalUnit,
          renewal_unit_price: parseYuan(form.renewal_unit_price),
        }
      : NORMAL_PROJECT),
  };
}

export function formFromDetails(details: ProjectDetails): ProjectForm {
  return {
    project_name: details.project_name,
    cover: details.cover,
    carouse_covers: [...details.carouse_covers],
    summary: details.summary,
    min_price: formatFen(details.min_price),
    max_price: details.max_price === null ? '' : formatFen(details.max_price),
    duration: details.duration === null ? '' : String(details.duration),
    intro: details.intro,
    avoid: details.avoid,
    order_instruction: details.order_instruction,
    kind: details.kind,
    renewal_unit: details.renewal_unit ?? '',
    renewal_unit_price: details.renewal_unit_price === null ? '' : formatFen(details.renewal_unit_price),
  };
}

export function emptyProjectForm(): ProjectForm {
  return {
    project_name: '',
    cover: '',
    carouse_covers: [],
    summary: '',
    min_price: '',
    max_price: '',
    duration: '',
    intro: '',
    avoid: '',
    order_instruction: '',
    kind: 'normal',
    renewal_unit: '',
    renewal_unit_price: '',
  };
}

/** The fields of `changes` whose value differs from `details`. */
export function changedDetailFields(
  details: ProjectDetails,
  changes: Partial<ProjectDetails>,
): DetailField[] {
  return DETAIL_FIELDS.filter((f) => f in changes && !sameValue(details[f], changes[f]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}
