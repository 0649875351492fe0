/**
 * A machine file's top doc comment as data: what the machine is for, and what must always hold. The diagram
 * generator reads it at generation time (so the console never parses source) and splits it at the first
 * paragraph that starts with "Invariant(s)".
 */

/** One paragraph or one list item of a doc comment, its hard line breaks joined. */
export interface DocLine {
  text: string;
  /** Nesting of a list item (0 for a top-level item or a paragraph). */
  depth: number;
  bullet: boolean;
}

export interface MachineDoc {
  description: DocLine[];
  invariants: DocLine[];
}

/** The text of the first `/** … *\/` comment in a source file, without the comment markers. */
export function firstDocComment(source: string): string | undefined {
  const match = /\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match) return undefined;
  return match[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').replace(/\s+$/, ''))
    .join('\n')
    .trim();
}

/** Paragraphs and (nested) list items; a more indented line continues the item above it. */
export function docLines(comment: string): DocLine[] {
  const out: DocLine[] = [];
  let current: (DocLine & { indent: number }) | undefined;
  const flush = () => {
    if (current) out.push({ text: current.text, depth: current.depth, bullet: current.bullet });
    current = undefined;
  };
  const bulletIndents: number[] = [];
  for (const raw of comment.split('\n')) {
    if (!raw.trim()) {
      flush();
      bulletIndents.length = 0;
      continue;
    }
    const indent = raw.length - raw.trimStart().length;
    const bullet = /^\s*[-*] /.exec(raw);
    if (bullet) {
      flush();
      while (bulletIndents.length && bulletIndents[bulletIndents.length - 1]! >= indent) bulletIndents.pop();
      current = { text: raw.trim().slice(2).trim(), depth: bulletIndents.length, bullet: true, indent };
      bulletIndents.push(indent);
      continue;
    }
    if (current && (!current.bullet || indent > current.indent)) {
      current.text += ` ${raw.trim()}`;
      continue;
    }
    flush();
    bulletIndents.length = 0;
    current = { text: raw.trim(), depth: 0, bullet: false, indent };
  }
  flush();
  return out;
}

/** Splits a doc comment into its description and its invariants (from the first "Invariant…" paragraph). */
export function machineDoc(source: string): MachineDoc {
  const comment = firstDocComment(source);
  if (!comment) return { description: [], invariants: [] };
  const lines = docLines(comment);
  const at = lines.findIndex((l) => !l.bullet && /^Invariants?\b/i.test(l.text));
  return at < 0
    ? { description: lines, invariants: [] }
    : { description: lines.slice(0, at), invariants: lines.slice(at) };
}

/** Markdown for doc lines (the docs pages). */
export function docMarkdown(lines: readonly DocLine[]): string {
  const out: string[] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    if (prev && !(prev.bullet && line.bullet)) out.push('');
    out.push(line.bullet ? `${'  '.repeat(line.depth)}- ${line.text}` : line.text);
  });
  return out.join('\n');
}
