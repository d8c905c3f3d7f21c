import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import ReactQuill from 'react-quill-new';
import { DEFAULT_LANGUAGE, LANGUAGES, languageRow, type Language, type Localized } from '../../../i18n/languages';
import { Button } from '../../react-ui/button';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { Textarea } from '../../react-ui/textarea';
import { MIN_INLINE_WIDTH } from '../../../features/uploads/schema';
import { useAdminTexts } from '../language';
import { normaliseLink } from './link';

/** The part of Quill the link field uses. */
interface QuillLike {
  getSelection: () => { index: number; length: number } | null;
  getText: (index: number, length: number) => string;
  format: (name: string, value: unknown, source?: string) => void;
  formatText: (index: number, length: number, name: string, value: unknown, source?: string) => void;
  insertText: (index: number, text: string, name: string, value: unknown, source?: string) => void;
  setSelection: (index: number, length: number, source?: string) => void;
  focus: () => void;
}

/** A link being added: the editor, the selection it was asked for, what is typed and the field's message. */
interface LinkRequest {
  quill: QuillLike;
  range: { index: number; length: number };
  address: string;
  error?: string | undefined;
}

/**
 * The link field: in the page (not window.prompt, which is neither translated nor styled, and blocks the page), under
 * the toolbar. Enter adds the link, Escape cancels (without closing the dialog around), and either way the text
 * cursor goes back to the editor.
 */
function LinkField({
  request,
  onChange,
  onDone,
}: {
  request: LinkRequest;
  onChange: (request: LinkRequest) => void;
  onDone: () => void;
}) {
  const t = useAdminTexts().editor.link;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // After Quill's own handling of the toolbar click, which puts focus back on the editor.
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const back = (index: number, length: number) => {
    onDone();
    // After React has removed the field: focus on the editor, the cursor where the admin left it.
    requestAnimationFrame(() => {
      request.quill.focus();
      request.quill.setSelection(index, length, 'silent');
    });
  };
  function save() {
    const link = normaliseLink(request.address);
    if (!link) return onChange({ ...request, error: request.address.trim() ? t.invalid : t.required });
    const { index, length } = request.range;
    if (length > 0) {
      request.quill.formatText(index, length, 'link', link, 'user');
      back(index + length, 0);
    } else {
      // Nothing selected: the address itself becomes the link's text.
      const text = link.replace(/^mailto:/i, '');
      request.quill.insertText(index, text, 'link', link, 'user');
      back(index + text.length, 0);
    }
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // preventDefault: Enter must not submit the editor's form, Escape must not close its dialog.
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      back(request.range.index, request.range.length);
    }
  }
  return (
    <div className="mb-2 rounded-md border border-slate-200 bg-slate-50 p-3" data-link-field>
      <Field id={id} label={t.label} error={request.error}>
        <div className="flex flex-wrap items-end gap-2">
          <Input
            type="text"
            inputMode="url"
            autoComplete="off"
            ref={input}
            value={request.address}
            onChange={(event) => onChange({ ...request, address: event.target.value, error: undefined })}
            onKeyDown={onKeyDown}
            // Field describes the input by its message while there is one; the hint otherwise.
            {...(request.error ? {} : { 'aria-describedby': `${id}-hint` })}
            className="min-w-0 flex-1 basis-56"
          />
          <Button onClick={save}>{t.save}</Button>
          <Button variant="secondary" onClick={() => back(request.range.index, request.range.length)}>
            {t.cancel}
          </Button>
        </div>
      </Field>
      {!request.error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {t.hint}
        </p>
      )}
    </div>
  );
}

const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'strike', 'blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  ['clean'],
];

/**
 * One language's rich text: Quill 2 (through react-quill-new) in visual mode,
 * or the HTML itself. The server sanitises whatever is saved.
 */
function LanguageEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const t = useAdminTexts().editor;
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const [linking, setLinking] = useState<LinkRequest | null>(null);
  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          link(this: { quill: QuillLike }, value: boolean) {
            // On a link already: the button takes it off.
            if (!value) return this.quill.format('link', false, 'user');
            const range = this.quill.getSelection() ?? { index: 0, length: 0 };
            const selected = this.quill.getText(range.index, range.length).trim();
            const address = /@|^https?:\/\/|^\//.test(selected) ? selected : 'https://';
            setLinking({ quill: this.quill, range, address });
          },
        },
      },
      // Tab leaves the editor (keyboard users are not trapped in it); the toolbar indents.
      keyboard: {
        bindings: {
          tab: { key: 'Tab', handler: () => true },
          indent: { key: 'Tab', handler: () => true },
          outdent: { key: 'Tab', shiftKey: true, handler: () => true },
        },
      },
    }),
    [],
  );
  const box = useRef<HTMLDivElement>(null);
  const adminTexts = useAdminTexts();
  const names = adminTexts.ux.toolbar;
  const smallImages = useSmallImages(value);
  useEffect(() => {
    // Quill's toolbar buttons are icons without names: each gets one in the dashboard's language.
    const root = box.current;
    if (!root || mode !== 'visual') return;
    const name = (selector: string, text: string) =>
      root.querySelectorAll(selector).forEach((element) => element.setAttribute('aria-label', text));
    name('button.ql-bold', names.bold);
    name('button.ql-italic', names.italic);
    name('button.ql-underline', names.underline);
    name('button.ql-strike', names.strike);
    name('button.ql-blockquote', names.blockquote);
    name('button.ql-list[value="ordered"]', names.ordered);
    name('button.ql-list[value="bullet"]', names.bullet);
    name('button.ql-indent[value="-1"]', names.outdent);
    name('button.ql-indent[value="+1"]', names.indent);
    name('button.ql-link', names.link);
    name('button.ql-image', names.image);
    name('button.ql-clean', names.clean);
    name('.ql-header .ql-picker-label', names.header);
    name('.ql-size .ql-picker-label', names.size);
    const editor = root.querySelector('.ql-editor');
    editor?.setAttribute('role', 'textbox');
    editor?.setAttribute('aria-multiline', 'true');
    editor?.setAttribute('aria-label', label);
  }, [mode, names, label]);
  return (
    <div>
      <div className="mb-2 flex gap-1" role="group" aria-label={label}>
        {(['visual', 'html'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={mode === option}
            onClick={() => setMode(option)}
            className={`rounded-sm px-3 py-1 text-sm ${mode === option ? 'bg-navy text-white' : 'bg-slate-100 text-slate-800'}`}
          >
            {option === 'visual' ? t.visual : t.html}
          </button>
        ))}
      </div>
      {mode === 'visual' && linking && (
        <LinkField request={linking} onChange={setLinking} onDone={() => setLinking(null)} />
      )}
      {mode === 'visual' ? (
        <div ref={box}>
          <ReactQuill
            theme="snow"
            value={value}
            // Only the admin's own edits: Quill's rewriting of the HTML it is given is not an unsaved change.
            onChange={(html, _delta, source) => source === 'user' && onChange(html)}
            modules={modules}
          />
        </div>
      ) : (
        <Textarea
          variant="code"
          aria-label={`${label} (HTML)`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={14}
        />
      )}
      <div role="status">
        {smallImages.length > 0 && (
          <ul
            className="mt-2 space-y-1 rounded-md bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900"
            data-image-warning="inline"
          >
            {smallImages.map((size, index) => (
              <li key={index}>{adminTexts.upload.small(size.width, size.height, MIN_INLINE_WIDTH)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

interface ImageSize {
  width: number;
  height: number;
}

/**
 * The images in a rich text narrower than MIN_INLINE_WIDTH, measured as the browser loads them (inserted from the
 * toolbar, pasted, or typed as HTML alike): the editor warns of them (issue 23), it does not refuse them.
 */
function useSmallImages(html: string): ImageSize[] {
  const [small, setSmall] = useState<ImageSize[]>([]);
  useEffect(() => {
    let current = true;
    // An inert document: nothing in it loads; each address is loaded below, against this page.
    const sources = [...new DOMParser().parseFromString(html, 'text/html').images].flatMap(
      (image) => image.getAttribute('src') ?? [],
    );
    const measure = (src: string) =>
      new Promise<ImageSize | null>((resolve) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = () => resolve(null);
        image.src = src;
      });
    void Promise.all(sources.map(measure)).then((sizes) => {
      if (current) setSmall(sizes.filter((size): size is ImageSize => size !== null && size.width < MIN_INLINE_WIDTH));
    });
    return () => {
      current = false;
    };
  }, [html]);
  return small;
}

/** Every language of a rich text, each on its tab, named in its own language (English, Español). */
export default function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value: Localized;
  onChange: (value: Localized) => void;
  label: string;
}) {
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  return (
    <div>
      <div role="tablist" aria-label={label} className="mb-3 flex gap-2 border-b border-slate-200">
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            role="tab"
            aria-selected={language === lang}
            onClick={() => setLanguage(lang)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${language === lang ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600'}`}
          >
            {languageRow(lang).name}
          </button>
        ))}
      </div>
      <LanguageEditor
        key={language}
        value={value[language]}
        onChange={(html) => onChange({ ...value, [language]: html })}
        label={`${label} — ${languageRow(language).name}`}
      />
    </div>
  );
}
