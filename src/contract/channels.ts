import type { ListSpec } from './list';
import { countText } from './textCount';

/**
 * Promotion channels: what the step form (/form/step) creates and the search table (/list/search-table) lists.
 * The form's rules (SPEC §5) live here, read by both sides: the console shows them under the fields step by step,
 * the server refuses a channel that breaks one with the same key (`channel.validation.*`).
 */

export const CHANNEL_TYPES = ['app', 'wechat', 'web', 'offline'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const CHANNEL_LIMITS = {
  /** The activity name: Chinese characters, letters or digits. */
  name: 20,
  adSource: 50,
  adMedia: 50,
  keyword: 20,
  keywords: 10,
  contentWords: 200,
  contentCharacters: 2000,
  link: 500,
} as const;

/**
 * The configured host a promote link may start with besides `http://` (SPEC §5: "must start with http:// or
 * {host}"): the marketplace's own site, where https links are promoted.
 */
export const PROMOTE_HOST = 'https://m.marketplace.example.com';

/** The step form's fields, in the order of its steps. */
export const CHANNEL_STEPS = {
  channel: ['name', 'channel_type', 'promote_from', 'promote_to', 'promote_link'],
  advertising: ['ad_source', 'ad_media', 'keywords', 'ad_content'],
} as const;

export type ChannelField = (typeof CHANNEL_STEPS)[keyof typeof CHANNEL_STEPS][number];

/** What a person types: every value a string; keywords separated by commas (either width) or new lines. */
export type ChannelValues = Record<ChannelField, string>;

const NAME = /^[\p{Script=Han}A-Za-z0-9]+$/u;

/** The keywords of the keyword field: trimmed, empty ones and repeats dropped. */
export function keywordsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，\n]/)
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

/** A real day written YYYY-MM-DD (2026-02-30 is not one). */
function isDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The rules in English, by the short key of `channel.validation.<key>` (API clients and logs). */
export const CHANNEL_PROBLEM_TEXT = {
  nameRequired: 'Please enter the activity name.',
  name: `The activity name takes only Chinese characters, letters or digits (no spaces or symbols), at most ${CHANNEL_LIMITS.name}.`,
  type: 'Please choose the channel type.',
  time: 'Please choose the promotion time.',
  timeOrder: 'The promotion cannot end before it starts.',
  linkRequired: 'Please enter the promote link.',
  link: `The promote link must start with http:// or ${PROMOTE_HOST}.`,
  sourceRequired: 'Please enter the advertising source.',
  sourceTooLong: `The advertising source has at most ${CHANNEL_LIMITS.adSource} characters.`,
  mediaRequired: 'Please enter the advertising media.',
  mediaTooLong: `The advertising media has at most ${CHANNEL_LIMITS.adMedia} characters.`,
  keywordRequired: 'Please enter a keyword.',
  keywordsTooMany: `At most ${CHANNEL_LIMITS.keywords} keywords of at most ${CHANNEL_LIMITS.keyword} characters each.`,
  contentRequired: 'Please enter the advertising content.',
  contentTooLong: `The advertising content has at most ${CHANNEL_LIMITS.contentWords} words.`,
} as const;

/**
 * A promote link: an http:// address with a host, or one on the marketplace's own site (PROMOTE_HOST) — by its
 * origin, not by how its text starts: `https://m.marketplace.example.com.evil.net/` starts like it and is not.
 */
export function isPromoteLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol === 'http:') return /^http:\/\/[^/?#\\]/i.test(link);
  return url.origin === PROMOTE_HOST && link.startsWith(PROMOTE_HOST);
}

/** Each broken rule of `values` as field → i18n key (`channel.validation.*`); none when the channel may be saved. */
export function channelProblems(values: ChannelValues): Partial<Record<ChannelField, string>> {
  const problems: Partial<Record<ChannelField, string>> = {};
  const key = (k: keyof typeof CHANNEL_PROBLEM_TEXT) => `channel.validation.${k}`;
  const name = values.name.trim();
  if (!name) problems.name = key('nameRequired');
  else if ([...name].length > CHANNEL_LIMITS.name || !NAME.test(name)) problems.name = key('name');
  if (!(CHANNEL_TYPES as readonly string[]).includes(values.channel_type))
    problems.channel_type = key('type');
  const from = values.promote_from.trim();
  const to = values.promote_to.trim();
  if (!isDay(from)) problems.promote_from = key('time');
  if (!isDay(to)) problems.promote_to = key('time');
  else if (isDay(from) && to < from) problems.promote_to = key('timeOrder');
  const link = values.promote_link.trim();
  if (!link) problems.promote_link = key('linkRequired');
  else if (!isPromoteLink(link) || link.length > CHANNEL_LIMITS.link || /\s/.test(link)) {
    problems.promote_link = key('link');
  }
  const source = values.ad_source.trim();
  if (!source) problems.ad_source = key('sourceRequired');
  else if ([...source].length > CHANNEL_LIMITS.adSource) problems.ad_source = key('sourceTooLong');
  const media = values.ad_media.trim();
  if (!media) problems.ad_media = key('mediaRequired');
  else if ([...media].length > CHANNEL_LIMITS.adMedia) problems.ad_media = key('mediaTooLong');
  const keywords = keywordsOf(values.keywords);
  if (keywords.length === 0) problems.keywords = key('keywordRequired');
  else if (
    keywords.length > CHANNEL_LIMITS.keywords ||
    keywords.some((k) => [...k].length > CHANNEL_LIMITS.keyword)
  ) {
    problems.keywords = key('keywordsTooMany');
  }
  const content = values.ad_content.trim();
  const count = countText(content);
  if (!content) problems.ad_content = key('contentRequired');
  else if (count.words > CHANNEL_LIMITS.contentWords || count.characters > CHANNEL_LIMITS.contentCharacters) {
    problems.ad_content = key('contentTooLong');
  }
  return problems;
}

/** The search table (/list/search-table): the list as both sides query it (src/contract/list.ts). */
export const CHANNEL_LIST = {
  filters: {
    channel_type: { kind: 'enum', values: CHANNEL_TYPES },
    keyword: { kind: 'member', column: 'keywords', maxLength: CHANNEL_LIMITS.keyword },
    promoted: { kind: 'range', type: 'date', column: 'promote_from', calendarDays: true },
  },
  search: { columns: ['name', 'ad_source', 'ad_media'], maxLength: 50 },
  tabs: { column: 'state', values: ['online', 'offline'] },
  sorts: {
    created_at: { order: 'desc' },
    promote_from: { order: 'desc' },
  },
  defaultSort: 'created_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { ChannelDto } from './channels.schema';
