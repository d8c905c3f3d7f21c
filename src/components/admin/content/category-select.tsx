import { entriesFor, type Taxonomy, type TaxonomyUse } from '../../../features/taxonomy/schema';
import { Select } from '../../react-ui/select';
import { useAdminLanguage, useAdminTexts } from '../language';
import { useQuery } from '../query';

/**
 * A category chosen from the firm's services and categories list (the Services & categories tab), named in the
 * dashboard's language; the record stores the entry's key. A value the record already holds that is not in the list
 * stays selected and is shown as it is.
 */
export function CategorySelect({
  use,
  value,
  onChange,
  allowEmpty = false,
  required = false,
}: {
  use: Exclude<TaxonomyUse, 'service'>;
  value: string;
  onChange: (value: string) => void;
  allowEmpty?: boolean;
  required?: boolean;
}) {
  const texts = useAdminTexts().taxonomy;
  const { language } = useAdminLanguage();
  const { data } = useQuery<Taxonomy>('taxonomy', '/api/taxonomy');
  const entries = data ? entriesFor(data, use) : [];
  const listed = entries.some((entry) => entry.key === value);
  return (
    <Select required={required} value={value} onChange={(event) => onChange(event.target.value)}>
      {(allowEmpty || !value) && <option value="">—</option>}
      {value && !listed && (
        <option value={value}>
          {value} ({texts.unlisted})
        </option>
      )}
      {entries.map((entry) => (
        <option key={entry.key} value={entry.key}>
          {entry[language]}
        </option>
      ))}
    </Select>
  );
}
