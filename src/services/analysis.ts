import type { AnalysisQuery, Dimension, FigureRow, SupplierRank } from '@/contract/analysis';
import { request } from './http';

export function getFigures(query: AnalysisQuery, by: Dimension[]): Promise<FigureRow[]> {
  return request<{ rows: FigureRow[] }>({
    method: 'GET',
    url: '/api/analysis/figures',
    params: { ...query, by: by.join(',') },
  }).then((answer) => answer.rows);
}

export function getTopSuppliers(query: AnalysisQuery): Promise<SupplierRank[]> {
  return request<{ rows: SupplierRank[] }>({
    method: 'GET',
    url: '/api/analysis/top-suppliers',
    params: query,
  }).then((answer) => answer.rows);
}
