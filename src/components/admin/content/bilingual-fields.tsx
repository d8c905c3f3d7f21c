import type { Localized } from '../../../platform/common-schema';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { Textarea } from '../../react-ui/textarea';

export const emptyLocalized = (): Localized => ({ en: '', es: '' });

/** One text in English and Spanish: two fields, `{idPrefix}-en` and `{idPrefix}-es`. */
export function BilingualFields({
  idPrefix,
  value,
  onChange,
  en,
  es,
  multiline = false,
}: {
  idPrefix: string;
  value: Localized;
  onChange: (value: Localized) => void;
  en: string;
  es: string;
  multiline?: boolean;
}) {
  return (
    <div className="space-y-3">
      {(['en', 'es'] as const).map((lang) => (
        <Field key={lang} id={`${idPrefix}-${lang}`} label={lang === 'en' ? en : es}>
          {multiline ? (
            <Textarea
              rows={3}
              value={value[lang]}
              onChange={(event) => onChange({ ...value, [lang]: event.target.value })}
            />
          ) : (
            <Input value={value[lang]} onChange={(event) => onChange({ ...value, [lang]: event.target.value })} />
          )}
        </Field>
      ))}
    </div>
  );
}
