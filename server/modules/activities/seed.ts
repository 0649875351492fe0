import type { Kysely } from 'kysely';
import { ACTIVITY_STREAM } from '../../../src/machines/lifecycles/activityLifecycle';
import type { Database } from '../../db/schema';
import { runCommand, runCreate } from '../../kit/pipeline';
import { seedOnce } from '../../kit/seedOnce';
import { someOpenProjects } from '../projects/port';
import { openCityNames } from '../serviceCities/port';
import { activityEntity } from './module';

/**
 * Demo activities written by staff through the real commands, their windows placed around the time of the first
 * start so that every state is there: a draft, one that starts in a few days, two running (one closed), one ended early.
 * From then on the clock moves them. Idempotent: runs only while no activity stream exists.
 */

const DAY = 86_400_000;

export function seedActivities(db: Kysely<Database>): Promise<void> {
  return seedOnce(db, ACTIVITY_STREAM, async (conn, { staff }) => {
    const cities = await openCityNames(conn);
    const projects = await someOpenProjects(conn, 3);
    if (cities.length === 0 || projects.length === 0) return; // nothing for an activity to apply to
    const now = Date.now();
    const at = (days: number) => new Date(now + days * DAY).toISOString();
    const write = async (
      body: { title: string; content: string; from: number; to: number; cities: number; projects: number },
      ...then: string[]
    ) => {
      const { record } = await runCreate({ db: conn, actor: staff }, activityEntity, {
        title: body.title,
        content: body.content,
        starts_at: at(body.from),
        ends_at: at(body.to),
        cities: cities.slice(0, body.cities),
        project_ids: projects.slice(0, body.projects).map((p) => p.id),
      });
      const { id } = record as { id: number };
      for (const type of then)
        await runCommand({ db: conn, actor: staff }, activityEntity, id, { type }, 'current');
    };
    await write(
      {
        title: 'Spring deep clean',
        content: '<p><strong>20% off</strong> every deep-cleaning order booked this week.</p>',
        from: -3,
        to: 4,
        cities: 3,
        projects: 2,
      },
      'activity.publish',
    );
    await write(
      {
        title: 'New customer gift',
        content: '<p>A free hour of cleaning with your first order.</p>',
        from: 5,
        to: 35,
        cities: 2,
        projects: 1,
      },
      'activity.publish',
    );
    await write(
      {
        title: 'Winter care week',
        content: '<p>Elderly care visits at the weekday price, all week.</p>',
        from: -10,
        to: 4,
        cities: 1,
        projects: 3,
      },
      // Published while its end was ahead, then ended early: the log does not publish a window already past.
      'activity.publish',
      'activity.end',
    );
    await write(
      {
        title: 'Renewal bonus',
        content: '<p>Renew a monthly service and get one extra visit.</p>',
        from: -1,
        to: 20,
        cities: 1,
        projects: 1,
      },
      'activity.publish',
      'activity.close',
    );
    await write({
      title: 'Summer AC check',
      content: '<p>Draft: a free air-conditioner check with any cleaning order in June.</p>',
      from: 190,
      to: 220,
      cities: 2,
      projects: 2,
    });
  });
}
