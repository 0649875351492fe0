import type { Kysely } from 'kysely';
import { CHANNEL_STREAM } from '../../../src/machines/lifecycles/channelLifecycle';
import type { Database } from '../../db/schema';
import { runCommand, runCreate } from '../../kit/pipeline';
import { seedOnce } from '../../kit/seedOnce';
import { channelEntity } from './module';

/**
 * Demo promotion channels, created as the step form creates them (the admin, through the pipeline): running ones,
 * one coming up, and one taken offline. Idempotent: runs only while no channel stream exists.
 */

const day = (from: Date, days: number) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export function seedChannels(db: Kysely<Database>): Promise<void> {
  return seedOnce(db, CHANNEL_STREAM, async (conn, { admin }) => {
    const now = new Date();
    const create = (body: Record<string, unknown>) =>
      runCreate({ db: conn, actor: admin }, channelEntity, body).then((r) => r.record as { id: number });
    const channels = [
      {
        name: '春季家政节',
        channel_type: 'app',
        promote_from: day(now, -20),
        promote_to: day(now, 40),
        promote_link: 'http://m.marketplace.example.com/spring',
        ad_source: '应用首页横幅',
        ad_media: '家政服务应用',
        keywords: ['保洁', '春季'],
        ad_content: '春季深度保洁限时八折，预约即送除螨服务。',
      },
      {
        name: 'ElderCare2026',
        channel_type: 'wechat',
        promote_from: day(now, -5),
        promote_to: day(now, 25),
        promote_link: 'https://m.marketplace.example.com/elder-care',
        ad_source: 'WeChat official account',
        ad_media: 'Article series',
        keywords: ['elder care', 'nursing'],
        ad_content: 'Trained carers for your parents, by the hour or live-in. First visit free of charge.',
      },
      {
        name: '母婴护理推广',
        channel_type: 'web',
        promote_from: day(now, 10),
        promote_to: day(now, 70),
        promote_link: 'http://www.example.com/maternity',
        ad_source: '搜索引擎',
        ad_media: '关键词广告',
        keywords: ['月嫂', '育儿嫂'],
        ad_content: '金牌月嫂，持证上岗，全程护理母婴健康。',
      },
      {
        name: 'Community2026',
        channel_type: 'offline',
        promote_from: day(now, -60),
        promote_to: day(now, -10),
        promote_link: 'http://flyers.example.com/community',
        ad_source: 'Community centres',
        ad_media: 'Flyers',
        keywords: ['cleaning', 'repairs'],
        ad_content: 'Scan the code on the flyer for a home repair voucher.',
      },
    ];
    const made = [];
    for (const body of channels) made.push(await create(body));
    // The community flyers' promotion is over: taken offline.
    await runCommand(
      { db: conn, actor: admin },
      channelEntity,
      made[3]!.id,
      { type: 'channel.takeOffline' },
      'current',
    );
  });
}
