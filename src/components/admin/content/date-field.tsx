import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { useAdminTexts } from '../language';

/** A stored timestamp as a date input's value (YYYY-MM-DD). */
export function dateInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

/**
 * A date input's value as the API takes it: an ISO timestamp, or null when empty. `stored`: the record's own moment,
 * sent back as it is while the input still shows its date (a save that did not touch the date does not move it to
 * midnight, nor lists it among the changes of the revision).
 */
export function dateBody(value: string, stored?: string | null): string | null {
  if (stored && dateInput(stored) === value) return stored;
  return value ? new Date(value).toISOString() : null;
}

/** A record's creation date, as the editor may set it (under another label where a kind calls it otherwise). */
export function CreatedAtField({
  id,
  value,
  onChange,
  label,
  required,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  label?: string | undefined;
  required?: boolean | undefined;
}) {
  const adminTexts = useAdminTexts();
  return (
    <Field id={id} label={label ?? adminTexts.form.createdAt}>
      <Input type="date" required={required} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
