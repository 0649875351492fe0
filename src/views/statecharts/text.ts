/**
 * The words of the statecharts page and the lifecycle panel: their i18n resources are added to i18next on first
 * use (they stay out of the startup bundle), and state labels follow the reader's language.
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import en from '@/i18n/locales/en-US/statecharts';
import zh from '@/i18n/locales/zh-CN/statecharts';
import { humanize, type Chart, type ChartState } from './chart';

export const STATECHART_MESSAGES = { 'en-US': en, 'zh-CN': zh } as const;

const added = new WeakSet<I18n>();

/** Adds the statechart texts to an i18next instance once (idempotent, synchronous). */
export function addStatechartMessages(i18n: I18n): void {
  if (added.has(i18n)) return;
  added.add(i18n);
  for (const [lng, messages] of Object.entries(STATECHART_MESSAGES)) {
    i18n.addResources(lng, 'translation', messages);
  }
}

/** The i18n keys that may label a state, most specific first. */
export const stateLabelKeys = (machineId: string, key: string) => [
  `statecharts.state.${machineId}.${key}`,
  `statecharts.state.${key}`,
];

export interface StatechartText {
  t: TFunction;
  machineName: (machineId: string) => string;
  /** Labels a state of a chart; the root is labelled with the machine's name. */
  stateLabel: (chart: Chart) => (state: ChartState) => string;
  anyStateLabel: string;
}

export function useStatechartText(): StatechartText {
  const { t, i18n } = useTranslation();
  addStatechartMessages(i18n);
  return useMemo(() => {
    const machineName = (id: string) => t(`statecharts.machine.${id}`, { defaultValue: humanize(id) });
    return {
      t,
      machineName,
      stateLabel: (chart: Chart) => (state: ChartState) =>
        state.id === chart.root.id
          ? machineName(chart.id)
          : t(stateLabelKeys(chart.id, state.key), { defaultValue: humanize(state.key) }),
      anyStateLabel: t('statecharts.anyState'),
    };
    // `t` changes identity with the language.
  }, [t]);
}
