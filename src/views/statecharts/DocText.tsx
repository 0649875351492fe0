import { Fragment, type ReactNode } from 'react';
import type { DocLine } from './docComment';

/** `code` spans of a doc comment as <code>, **strong** ones as <strong>. */
function inline(text: string) {
  return text
    .split(/(`[^`]+`|\*\*[^*]+\*\*)/)
    .map((part, i) =>
      /^`[^`]+`$/.test(part) ? (
        <code key={i}>{part.slice(1, -1)}</code>
      ) : /^\*\*[^*]+\*\*$/.test(part) ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        <Fragment key={i}>{part}</Fragment>
      ),
    );
}

/** Paragraphs and (nested) list items of a machine's doc comment. */
export function DocText({ lines }: { lines: readonly DocLine[] }) {
  const blocks: ReactNode[] = [];
  let items: DocLine[] = [];
  const flushList = () => {
    if (!items.length) return;
    blocks.push(
      <ul key={blocks.length} className="statechart-doc-list">
        {items.map((item, i) => (
          <li key={i} style={{ marginLeft: item.depth * 20 }}>
            {inline(item.text)}
          </li>
        ))}
      </ul>,
    );
    items = [];
  };
  for (const line of lines) {
    if (line.bullet) {
      items.push(line);
      continue;
    }
    flushList();
    blocks.push(<p key={blocks.length}>{inline(line.text)}</p>);
  }
  flushList();
  return <div className="statechart-doc">{blocks}</div>;
}
