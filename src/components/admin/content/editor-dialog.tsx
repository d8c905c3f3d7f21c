import { lazy, Suspense, useEffect, type SyntheticEvent, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName } from '../../../i18n/languages';
import { emptyLocalized, type Localized } from '../../../platform/common-schema';
import { Button } from '../../react-ui/button';
import { Dialog, DialogCancel } from '../../react-ui/dialog';
import { FormErrors } from '../../react-ui/field';
import { useFormCheck } from '../form-check';
import { useAdminLanguage, useAdminTexts } from '../language';
import { LocalizedFields } from './localized-fields';
import { ImageField } from './image-field';
import type { Focus } from '../../../features/content/publishing-schema';

// The editor's code loads only when a dialog opens.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** What every kind of content has: a title, description and body in every language, and an image. */
export interface ContentForm {
  title: Localized;
  description: Localized;
  content: Localized;
  imageUrl: string;
  /** A kind with a social image (insights, case studies): the image's focal point, chosen on it. */
  focus?: Focus | null;
}

/** The shared part of a kind's form: the record's, or empty for a new one. */
export function contentForm(record: (ContentForm & { version: number }) | null): ContentForm & { version?: number } {
  if (!record)
    return { title: emptyLocalized(), description: emptyLocalized(), content: emptyLocalized(), imageUrl: '' };
  const { title, description, content, imageUrl, version } = record;
  return { title, description, content, imageUrl, version };
}

/**
 * The dialog that creates or edits one piece of content: image, title and
 * description on top, the kind's own fields (`children`), the rich text, then
 * Cancel and Create / Update. Field ids start with `name`, and the form
 * carries `data-{name}-form`. Before `onSubmit` it checks the fields (a title
 * in at least one language, the image, what the kind marks required) with
 * messages next to them; while `dirty`, closing asks first.
 */
export function EditorDialog<F extends ContentForm>({
  name,
  title,
  open,
  isNew,
  saving,
  form,
  setForm,
  onTitleChange,
  onClose,
  onSubmit,
  children,
  withImage = true,
  withDescription = true,
  withContent = true,
  labels,
  dirty = false,
  toolbar,
}: {
  /** Above the form: a saved record's publishing strip (revisions, preview, autosave). */
  toolbar?: ReactNode;
  name: string;
  /** false for a kind without a picture. */
  withImage?: boolean;
  /** false for a kind without a description. */
  withDescription?: boolean;
  /** false for a kind without rich text. */
  withContent?: boolean;
  /** The title's, description's and rich text's labels, when the kind names them otherwise. */
  labels?: { title?: string; description?: string; content?: string };
  title: string;
  open: boolean;
  isNew: boolean;
  saving: boolean;
  form: F;
  setForm: (form: F) => void;
  onTitleChange: (title: Localized) => void;
  onClose: () => void;
  onSubmit: (event: SyntheticEvent) => void;
  children: ReactNode;
  /** The form differs from what was opened. */
  dirty?: boolean;
}) {
  const adminTexts = useAdminTexts();
  const { language } = useAdminLanguage();
  const f = adminTexts.form;
  const marker = { [`data-${name}-form`]: true };
  const { errors, check, onInput, reset } = useFormCheck();
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const titleMissing = LANGUAGES.every((lang) => !form.title[lang].trim());
    const inline = LANGUAGES.map((lang) => languageName(lang, language, 'inline'));
    const valid = check(event.currentTarget, {
      [`${name}-title-${DEFAULT_LANGUAGE}`]: titleMissing && adminTexts.ux.fields.titleRequired(inline),
      [`${name}-image-url`]: withImage && !form.imageUrl.trim() && f.imageRequired,
    });
    if (valid) onSubmit(event);
  }
  return (
    <Dialog
      open={open}
      title={title}
      closeLabel={adminTexts.close}
      onClose={onClose}
      className="max-w-6xl"
      unsaved={{ ...adminTexts.ux.unsaved, dirty }}
    >
      {toolbar}
      <FormErrors errors={errors}>
        <form onSubmit={submit} onInput={onInput} noValidate className="space-y-6" {...marker}>
          <div className={withImage ? 'grid gap-6 lg:grid-cols-3' : 'grid gap-6 lg:grid-cols-2'}>
            {withImage && (
              <ImageField
                id={`${name}-image-url`}
                value={form.imageUrl}
                onChange={(imageUrl) => setForm({ ...form, imageUrl })}
                focus={
                  form.focus === undefined
                    ? undefined
                    : { value: form.focus, onChange: (focus) => setForm({ ...form, focus }) }
                }
              />
            )}
            <LocalizedFields
              idPrefix={`${name}-title`}
              value={form.title}
              onChange={onTitleChange}
              label={labels?.title ?? f.title}
            />
            {withDescription && (
              <LocalizedFields
                idPrefix={`${name}-description`}
                multiline
                value={form.description}
                onChange={(description) => setForm({ ...form, description })}
                label={labels?.description ?? f.description}
              />
            )}
          </div>
          {children}
          {withContent && (
            <Suspense fallback={<p role="status">{adminTexts.loading}</p>}>
              <RichTextEditor
                label={labels?.content ?? f.content}
                value={form.content}
                onChange={(content) => setForm({ ...form, content })}
              />
            </Suspense>
          )}
          <div className="flex justify-end gap-2">
            <DialogCancel>{adminTexts.cancel}</DialogCancel>
            <Button type="submit" disabled={saving}>
              {saving ? f.saving : isNew ? f.create : f.update}
            </Button>
          </div>
        </form>
      </FormErrors>
    </Dialog>
  );
}
