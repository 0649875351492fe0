import type { Command } from '../../../src/machines/lifecycles/lifecycle';
import type { AnyEntity } from '../../../server/kit/entity';
import type { Actor } from '../../../server/events/store';
import { certificationEntity } from '../../../server/modules/user/certification';
import { idCardCheckDigit } from '../../../src/machines/lifecycles/supplierProfile';
import { activityEntity } from '../../../server/modules/activities/module';
import { channelEntity } from '../../../server/modules/channels/module';
import { commissionEntity } from '../../../server/modules/commission/module';
import { mediaSettingsEntity } from '../../../server/modules/mediaSettings/module';
import { DEFAULT_MEDIA_SETTINGS } from '../../../src/machines/lifecycles/mediaSettingsRules';
import { noticeEntity } from '../../../server/modules/notices/module';
import { projectEntity } from '../../../server/modules/projects/module';
import { serviceCityEntity } from '../../../server/modules/serviceCities/module';
import { supplierEntity } from '../../../server/modules/suppliers/module';
import { projectCommands, validForm } from '../../machines/lifecycles/projectFixtures';
import { idCardFor, supplierCommands, validProfile } from '../../machines/lifecycles/supplierFixtures';

/**
 * Every entity of the kit as a test can drive it: how to create the i-th record (a body the API would accept)
 * and the commands worth trying on a record in a given state (valid and invalid ones alike; the lifecycle and the
 * policy decide). Tests over "every entity" iterate this list.
 */
export interface EntityCase {
  entity: AnyEntity;
  /** Read-model tables, compared before and after a rebuild. */
  tables: string[];
  create?: (i: number) => Record<string, unknown>;
  /** Who creates the i-th record, when not the administrator (a member asks for their own certification). */
  creator?: (i: number) => Actor;
  commands: (snapshot: { context: never }, i: number) => Command[];
}

const CITY_NAMES = ['Beijing', 'Shanghai', 'Guangzhou', 'Shenzhen', 'Hangzhou', 'Chengdu'];

const DAY = 86_400_000;
/** A time `days` from now. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const ENTITY_CASES: EntityCase[] = [
  {
    entity: serviceCityEntity,
    tables: ['service_cities'],
    create: (i) => ({ name: `Case city ${i}`, ranking: i % 7, is_enabled: i % 3 !== 0 }),
    commands: (s: { context: { name: string; ranking: number } }) => [
      { type: 'serviceCity.enable' },
      { type: 'serviceCity.close' },
      { type: 'serviceCity.rank', ranking: s.context.ranking === 1 ? 2 : 1 },
      {
        type: 'serviceCity.rename',
        name: `${s.context.name.replace(/ x$/, '')}${s.context.name.endsWith(' x') ? '' : ' x'}`,
      },
      { type: 'serviceCity.delete' },
    ],
  } as EntityCase,
  {
    entity: supplierEntity,
    tables: ['suppliers'],
    create: (i) => {
      const birthday = `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`;
      return {
        ...validProfile({
          birthday,
          id_card_no: idCardFor(birthday, String(100 + (i % 900))),
          city: CITY_NAMES[i % CITY_NAMES.length],
        }),
        ranking: i % 50,
      };
    },
    commands: (s) => supplierCommands(s as never),
  } as EntityCase,
  {
    entity: projectEntity,
    tables: ['projects'],
    create: (i) => ({ ...validForm({ project_name: `Case project ${i}` }), ranking: i % 9 }),
    commands: (s) => projectCommands(s as never),
  } as EntityCase,
  {
    entity: commissionEntity,
    tables: ['commission_settings', 'commission_overrides'],
    commands: (s: { context: { defaultRateBp: number } }, i) => [
      { type: 'commission.setDefault', rateBp: s.context.defaultRateBp === 1000 ? 1250 : 1000 },
      {
        type: 'commission.setOverride',
        scope: 'city',
        target: CITY_NAMES[i % 3],
        rateBp: 800 + (i % 4) * 100,
      },
      { type: 'commission.removeOverride', scope: 'city', target: CITY_NAMES[i % 3] },
    ],
  } as EntityCase,
  {
    entity: noticeEntity,
    tables: ['notices'],
    create: (i) => ({
      type: i % 2 ? 'help' : 'system',
      title: `Case notice ${i}`,
      content: `<p>Notice number <strong>${i}</strong></p>`,
      audience: ['everyone', 'suppliers', 'customers'][i % 3],
      notice_time: new Date(Date.UTC(2026, 10, 1 + (i % 28))).toISOString(),
    }),
    commands: (s: { context: { title: string } }, i) => [
      { type: 'notice.approve' },
      { type: 'notice.reject', reason: i % 4 ? 'Not clear enough' : ' ' },
      { type: 'notice.enable' },
      { type: 'notice.close' },
      { type: 'notice.edit', changes: { title: `${s.context.title.replace(/ v\d+$/, '')} v${i}` } },
      { type: 'notice.edit', changes: { audience: 'suppliers', recipient: null } },
    ],
  } as EntityCase,
  {
    entity: activityEntity,
    tables: ['activities'],
    // Windows around now: running once published, scheduled, and already over (which is never published).
    create: (i) => ({
      title: `Case activity ${i}`,
      content: `<p>Activity number <strong>${i}</strong></p>`,
      starts_at: inDays([-1, 1, -2][i % 3]!),
      ends_at: inDays([1, 2, -1][i % 3]!),
      cities: [CITY_NAMES[i % CITY_NAMES.length], CITY_NAMES[(i + 1) % CITY_NAMES.length]],
      project_ids: [1 + (i % 3)],
    }),
    commands: (s: { context: { title: string; endsAt: string } }, i) => [
      { type: 'activity.publish' },
      { type: 'activity.withdraw' },
      { type: 'activity.end' },
      { type: 'activity.enable' },
      { type: 'activity.close' },
      { type: 'activity.edit', changes: { title: `${s.context.title.replace(/ v\d+$/, '')} v${i % 10}` } },
      {
        type: 'activity.edit',
        changes: { endsAt: new Date(Date.parse(s.context.endsAt) + DAY).toISOString() },
      },
      { type: 'activity.edit', changes: { content: `<p>Changed ${i}</p>` } },
    ],
  } as EntityCase,
  {
    entity: channelEntity,
    tables: ['channels'],
    // Promotions running now, and one already over (it may go offline, never back).
    create: (i) => ({
      name: `Case${i}`,
      channel_type: ['app', 'wechat', 'web', 'offline'][i % 4],
      promote_from: inDays(-3).slice(0, 10),
      promote_to: inDays(i % 3 ? 10 : -1).slice(0, 10),
      promote_link: `http://example.com/case-${i}`,
      ad_source: 'Banner',
      ad_media: 'App',
      keywords: [`k${i % 5}`, 'case'],
      ad_content: `Case channel ${i}`,
    }),
    commands: () => [{ type: 'channel.takeOffline' }, { type: 'channel.bringOnline' }],
  } as EntityCase,
  {
    entity: certificationEntity,
    tables: ['certifications'],
    // Each asked by a member of their own (one open request each), reviewed by the administrator or refused.
    creator: (i) => ({ id: 1000 + i, role: 'user' }),
    create: (i) => {
      const first17 = `3301061990030${String(1000 + i).slice(-4)}`;
      return { real_name: `成员${i}`, id_number: first17 + idCardCheckDigit(first17) };
    },
    commands: (_s, i) => [
      { type: 'certification.approve' },
      { type: 'certification.reject', reason: `Case ${i}` },
      { type: 'certification.reject', reason: ' ' },
      { type: 'certification.withdraw' },
    ],
  } as EntityCase,
  {
    entity: mediaSettingsEntity,
    tables: ['media_settings'],
    commands: (_s, i) => [
      { type: 'mediaSettings.save', settings: { ...DEFAULT_MEDIA_SETTINGS, videoEncodeFps: 1 + (i % 30) } },
      { type: 'mediaSettings.save', settings: { ...DEFAULT_MEDIA_SETTINGS, videoBitrate: 1801 } },
    ],
  } as EntityCase,
];
