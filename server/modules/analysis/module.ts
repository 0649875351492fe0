import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  DIMENSIONS,
  MAX_RANGE_DAYS,
  daysIn,
  dimensionsAllowed,
  type AnalysisQuery,
  type Dimension,
} from '../../../src/contract/analysis';
import { requireRole } from '../../auth/guard';
import { ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { Envelope, refusedWith } from '../../kit/schemas';
import { REASON } from '../../../src/contract/errors';

import * as supplierFiguresMigration from '../../db/migrations/2026_11_27_0400_supplier_figures';
import * as supplierFiguresTruncate from '../../db/migrations/2026_12_05_1900_supplier_figures_truncate';
import type { ServerModule } from '../types';
import { figuresBy, knownZones, topSuppliers } from './queries';

/**
 * Data analysis and multi-dimension analysis (admin): the figures of a range of days grouped by up to two
 * dimensions, and the suppliers serving the most in it (queries.ts).
 */

const Day = (what: string) =>
  Type.String({ format: 'date', ...refusedWith(`${what} (YYYY-MM-DD), included`, REASON.date) });

const Range = {
  from: Day('the first day'),
  to: Day('the last day'),
  tz: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'an IANA time zone (Asia/Shanghai): where days, weeks (from Monday) and months begin',
  }),
};

const FiguresQuery = Type.Object(
  {
    ...Range,
    by: Type.String({
      pattern: `^(${DIMENSIONS.join('|')})(,(${DIMENSIONS.join('|')}))*$`,
      ...refusedWith(
        `one or two of ${DIMENSIONS.join(', ')}, comma-separated; at most one of day, week, month`,
        'analysis.validation.by',
      ),
    }),
  },
  { additionalProperties: false },
);

const Sums = {
  orders: Type.Integer(),
  paid_fen: Type.Integer(),
  commission_fen: Type.Integer(),
  refunded_fen: Type.Integer(),
};

const FigureRow = Type.Object({
  period: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  project_id: Type.Optional(Type.Integer()),
  project_name: Type.Optional(Type.String()),
  ...Sums,
});

const SupplierRank = Type.Object({
  supplier_id: Type.Integer(),
  supplier_name: Type.String(),
  orders: Type.Integer(),
  paid_fen: Type.Integer(),
  commission_fen: Type.Integer(),
});

const routes: FastifyPluginAsync = async (app) => {
  /** The range checked: days in order, not too long, in a time zone the database knows. */
  const rangeOf = async (query: AnalysisQuery): Promise<AnalysisQuery> => {
    const days = daysIn(query.from, query.to);
    if (days < 1 || days > MAX_RANGE_DAYS) {
      throw new ValidationError(
        `The range must run forward from "from" to "to" and span at most ${MAX_RANGE_DAYS} days.`,
        'to',
        { key: 'analysis.validation.range', values: { max: MAX_RANGE_DAYS } },
      );
    }
    if (!(await knownZones(app.db)).has(query.tz)) {
      throw new ValidationError(`"${query.tz}" is not a time zone (e.g. Asia/Shanghai).`, 'tz', {
        key: 'analysis.validation.tz',
      });
    }
    return { from: query.from, to: query.to, tz: query.tz };
  };

  app.get(
    '/api/analysis/figures',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['Analysis'],
        summary:
          'Orders placed, money paid, commission settled and money refunded in a range of days, grouped',
        querystring: FiguresQuery,
        response: { 200: Envelope(Type.Object({ rows: Type.Array(FigureRow) })) },
      },
    },
    async (request) => {
      const query = request.query as AnalysisQuery & { by: string };
      const by = query.by.split(',') as Dimension[];
      if (!dimensionsAllowed(by)) {
        throw new ValidationError(
          'Group by one or two dimensions, each once, at most one of them day, week or month.',
          'by',
          { key: 'analysis.validation.by' },
        );
      }
      const range = await rangeOf(query);
      return ok({ rows: await figuresBy(app.db, { ...range, by }) });
    },
  );

  app.get(
    '/api/analysis/top-suppliers',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['Analysis'],
        summary: 'The suppliers serving the most money among the orders placed in a range of days',
        querystring: Type.Object(Range, { additionalProperties: false }),
        response: { 200: Envelope(Type.Object({ rows: Type.Array(SupplierRank) })) },
      },
    },
    async (request) => {
      const range = await rangeOf(request.query as AnalysisQuery);
      return ok({ rows: await topSuppliers(app.db, range) });
    },
  );
};

export const analysisModule: ServerModule = {
  name: 'analysis',
  routes,
  migrations: {
    '2026_11_27_0400_supplier_figures': supplierFiguresMigration,
    '2026_12_05_1900_supplier_figures_truncate': supplierFiguresTruncate,
  },
};
