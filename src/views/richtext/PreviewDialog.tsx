import '@/views/kit/kit.css';
import { DialogBody, NonIdealState } from '@blueprintjs/core';
import { Dialog } from '@/views/kit/Dialog';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '@/contract/sanitizeHtml';

/**
 * The preview: the editor's HTML after the server's own sanitiser (src/contract/sanitizeHtml.ts), drawn the way
 * the detail screens and the apps draw stored rich text (`.kit-rich-text`), so what staff see here is what will be
 * stored and shown.
 */
export function PreviewDialog({ html, onClose }: { html: string; onClose: () => void }) {
  const { t } = useTranslation();
  const clean = sanitizeHtml(html);
  return (
    <Dialog isOpen onClose={onClose} title={t('richtext.preview.title')} className="richtext-preview-dialog">
      <DialogBody>
        <p className="richtext-preview-note">{t('richtext.preview.note')}</p>
        {clean ? (
          // Sanitised just above by the server's own sanitiser.
          <div className="kit-rich-text richtext-preview" dangerouslySetInnerHTML={{ __html: clean }} />
        ) : (
          <NonIdealState icon="form" title={t('richtext.preview.empty')} />
        )}
      </DialogBody>
    </Dialog>
  );
}
