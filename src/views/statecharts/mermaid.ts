/**
 * Mermaid, loaded only when a diagram is first drawn (its own lazy chunks; nothing of it is in the startup
 * bundle). Mermaid's configuration is global, so renders run one at a time, each with its own theme.
 */
type Mermaid = typeof import('mermaid').default;

let loading: Promise<Mermaid> | undefined;

export function loadMermaid(): Promise<Mermaid> {
  loading ??= import(/* webpackChunkName: "mermaid" */ 'mermaid').then((m) => m.default);
  return loading;
}

let queue: Promise<unknown> = Promise.resolve();
let count = 0;

/** SVG markup for Mermaid text, in Mermaid's dark or default theme. Rejects with Mermaid's error. */
export function renderMermaid(text: string, dark: boolean): Promise<string> {
  const run = async () => {
    const mermaid = await loadMermaid();
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      suppressErrorRendering: true,
      theme: dark ? 'dark' : 'default',
      // Natural size: the page scrolls a large chart rather than shrinking its text.
      state: { useMaxWidth: false },
    });
    const { svg } = await mermaid.render(`statechart-svg-${++count}`, text);
    return svg;
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
