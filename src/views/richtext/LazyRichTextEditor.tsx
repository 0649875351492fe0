import { Spinner } from '@/views/kit/Spinner';
import { Suspense, lazy } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

/** The rich-text editor, fetched on first use so quill never lands in the login or list chunks. */
const Editor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div style={{ height: 362, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spinner size={24} />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
