import { useTranslation } from 'react-i18next';
import { FONT_FAMILIES, FONT_SIZES, DEFAULT_FONT_SIZE } from '@/contract/richText';
import { TEMPLATE_NAMES } from './templates';
import { useSlidingToolbar } from './useSlidingToolbar';

/**
 * The editor's toolbar in the order SPEC.md §9 lists it, every control with a tooltip in the current language.
 * Quill binds to it by class (`ql-bold`, `select.ql-size`…) and draws the icons and pickers; the editor handles the
 * controls Quill has no format for (preview, template, page break, table, select all). Pickers are written as
 * markup so that their default option carries the `selected` attribute Quill reads; React does not touch them
 * after the first render (a new language builds a new editor). Groups that do not fit on one line slide into the
 * "more" drawer (useSlidingToolbar).
 */

interface Option {
  value?: string;
  label: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A `<select>` for Quill: an option without a value is the default (`selected`); an empty list lets Quill fill it. */
function Picker({ format, title, options = [] }: { format: string; title: string; options?: Option[] }) {
  const html =
    `<select class="ql-${format}" title="${escapeHtml(title)}" aria-label="${escapeHtml(title)}">` +
    options
      .map(({ value, label }) =>
        value === undefined
          ? `<option selected="selected">${escapeHtml(label)}</option>`
          : `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`,
      )
      .join('') +
    '</select>';
  return <span className="richtext-picker" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Button({ format, value, title }: { format: string; value?: string; title: string }) {
  return <button type="button" className={`ql-${format}`} value={value} title={title} aria-label={title} />;
}

/** `disabled`: a read-only editor's toolbar, shown dimmed and out of reach of mouse, keyboard and screen reader. */
export function RichTextToolbar({ id, disabled = false }: { id: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const tip = (name: string) => t(`richtext.tool.${name}`);
  const { toolbarRef, hasMore, open, toggle } = useSlidingToolbar();

  return (
    <div
      id={id}
      ref={toolbarRef}
      {...(disabled ? { inert: '', 'aria-disabled': true } : {})}
      // Quill adds ql-toolbar and ql-snow itself; they are written here too so a re-render keeps them.
      className={`richtext-toolbar ql-toolbar ql-snow${open ? ' richtext-toolbar-open' : ''}${hasMore ? ' richtext-toolbar-sliding' : ''}`}
    >
      <span className="ql-formats">
        <Button format="preview" title={tip('preview')} />
        <Picker
          format="template"
          title={tip('template')}
          options={[
            { label: t('richtext.template.label') },
            ...TEMPLATE_NAMES.map((name) => ({ value: name, label: t(`richtext.template.${name}.name`) })),
          ]}
        />
      </span>
      <span className="ql-formats">
        <Button format="undo" title={tip('undo')} />
        <Button format="redo" title={tip('redo')} />
      </span>
      <span className="ql-formats">
        <Picker format="color" title={tip('color')} />
        <Picker format="background" title={tip('background')} />
      </span>
      <span className="ql-formats">
        <Button format="bold" title={tip('bold')} />
        <Button format="italic" title={tip('italic')} />
        <Button format="underline" title={tip('underline')} />
        <Button format="strike" title={tip('strike')} />
      </span>
      <span className="ql-formats">
        <Button format="link" title={tip('link')} />
      </span>
      <span className="ql-formats">
        <Picker
          format="header"
          title={tip('header')}
          options={[
            ...[1, 2, 3, 4, 5, 6].map((level) => ({
              value: String(level),
              label: t('richtext.quill.heading', { level }),
            })),
            { label: t('richtext.quill.normal') },
          ]}
        />
        <Button format="blockquote" title={tip('blockquote')} />
      </span>
      <span className="ql-formats">
        <Picker
          format="font"
          title={tip('font')}
          options={[
            { label: t('richtext.font.default') },
            ...FONT_FAMILIES.map((family) => ({ value: family, label: t(`richtext.font.${family}`) })),
          ]}
        />
        <Picker
          format="size"
          title={tip('size')}
          options={FONT_SIZES.map((size) =>
            size === DEFAULT_FONT_SIZE ? { label: size } : { value: size, label: size },
          )}
        />
      </span>
      <span className="ql-formats">
        <Picker format="align" title={tip('align')} />
        <Button format="indent" value="-1" title={tip('indentLess')} />
        <Button format="indent" value="+1" title={tip('indentMore')} />
      </span>
      <span className="ql-formats">
        <Button format="list" value="ordered" title={tip('listOrdered')} />
        <Button format="list" value="bullet" title={tip('listBullet')} />
      </span>
      <span className="ql-formats">
        <Button format="pagebreak" title={tip('pagebreak')} />
        <Button format="image" title={tip('image')} />
        <Button format="video" title={tip('video')} />
        <Button format="table" title={tip('table')} />
        <Button format="code-block" title={tip('codeBlock')} />
      </span>
      <span className="ql-formats">
        <Button format="selectall" title={tip('selectAll')} />
        <Button format="clean" title={tip('clean')} />
      </span>
      <button
        type="button"
        className="richtext-more"
        hidden={!hasMore}
        aria-expanded={open}
        title={tip('more')}
        aria-label={tip('more')}
        onClick={toggle}
      >
        <svg viewBox="0 0 18 18" aria-hidden="true">
          <circle className="ql-fill" cx="4" cy="9" r="1.5" />
          <circle className="ql-fill" cx="9" cy="9" r="1.5" />
          <circle className="ql-fill" cx="14" cy="9" r="1.5" />
        </svg>
      </button>
    </div>
  );
}
