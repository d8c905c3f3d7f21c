import { LANGUAGES, languageRow } from '../../../i18n/languages';
import type { Localized } from '../../../platform/common-schema';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { Textarea } from '../../react-ui/textarea';

/**
 * One text in every language of the table: a field per language, `{idPrefix}-{code}`, labelled with the language's
 * own name ("Title (English)", "Title (Español)").
 */
export function LocalizedFields({
  idPrefix,
  value,
  onChange,
  label,
  multiline = false,
}: {
  idPrefix: string;
  value: Localized;
  onChange: (value: Localized) => void;
  label: string;
  multiline?: boolean;
}) {
  return (
    <div className="space-y-3">
      {LANGUAGES.map((lang) => (
        <Field key={lang} id={`${idPrefix}-${lang}`} label={`${label} (${languageRow(lang).name})`}>
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
