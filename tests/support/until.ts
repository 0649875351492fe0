import { waitFor } from 'xstate';

/** Waits for `done`, failing after 2 s instead of the test's timeout (a planted bug fails fast). */
export const until = <T extends Parameters<typeof waitFor>[0]>(
  actor: T,
  done: Parameters<typeof waitFor<T>>[1],
) => waitFor(actor, done, { timeout: 2_000 });
