import type { Chart } from './chart';
import type { DocLine } from './docComment';

/** One machine in the generated catalog (catalog.generated.ts, written by scripts/statecharts.ts). */
export interface StatechartEntry {
  id: string;
  /** The machine's source file, relative to the repository root. */
  file: string;
  /** The machine file's top doc comment before its invariants paragraph. */
  description: DocLine[];
  /** The invariants paragraph and what follows it. */
  invariants: DocLine[];
  chart: Chart;
}
