import { Intent } from '@blueprintjs/core';
import type { ActivityPhase } from '@/machines/lifecycles/activityMachine';

/** The colour of each state's tag, in the list and on the detail page. */
export const STATE_INTENT: Record<ActivityPhase, Intent> = {
  draft: Intent.NONE,
  scheduled: Intent.PRIMARY,
  running: Intent.SUCCESS,
  ended: Intent.WARNING,
};
