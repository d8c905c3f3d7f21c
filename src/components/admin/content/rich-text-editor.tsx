import { useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
import { Textarea } from '../../react-ui/textarea';
import { adminTextsNow, useAdminTexts } from '../language';

/**
 * docs/product.md, "Input rules": an e-mail-looking selection becomes mailto:, and links may only be http, https,
 * mailto or tel.
 */
export function normaliseLink(value: string): string | null {
  const text = value.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`;
  return /^(https?:|mailto:|tel:|\/)/i.test(text) ? text : null;
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
  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          link(
            this: {
              quill: {
                getSelection: () => { index: number; length: number } | null;
                getText: (i: number, l: number) => string;
                format: (name: string, value: unknown, source?: string) => void;
              };
            },
            value: boolean,
          ) {
            if (!value) return this.quill.format('link', false, 'user');
            const range = this.quill.getSelection();
            const selected = range ? this.quill.getText(range.index, range.length) : '';
            const suggestion = /@/.test(selected) ? selected : 'https://';
            const answer = window.prompt(adminTextsNow().editor.linkPrompt, suggestion);
            const link = answer ? normaliseLink(answer) : null;
            if (link) this.quill.format('link', link, 'user');
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
  const names = useAdminTexts().ux.toolbar;
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
    </div>
  );
}

/** Both languages of a rich text, each on its tab (English, Español). */
export default function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value: { en: string; es: string };
  onChange: (value: { en: string; es: string }) => void;
  label: string;
}) {
  const t = useAdminTexts().editor;
  const [language, setLanguage] = useState<'en' | 'es'>('en');
  return (
    <div>
      <div role="tablist" aria-label={label} className="mb-3 flex gap-2 border-b border-slate-200">
        {(['en', 'es'] as const).map((lang) => (
          <button
            key={lang}
            type="button"
            role="tab"
            aria-selected={language === lang}
            onClick={() => setLanguage(lang)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${language === lang ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600'}`}
          >
            {lang === 'en' ? t.english : t.spanish}
          </button>
        ))}
      </div>
      <LanguageEditor
        key={language}
        value={value[language]}
        onChange={(html) => onChange({ ...value, [language]: html })}
        label={`${label} — ${language === 'en' ? t.english : t.spanish}`}
      />
    </div>
  );
}
