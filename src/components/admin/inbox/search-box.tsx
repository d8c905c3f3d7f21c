import { Input } from '../../react-ui/input';
import { useAdminTexts } from '../language';

/** A search box over a list: name or e-mail; the list keeps its newest-first order. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const adminTexts = useAdminTexts();
  return (
    <div className="mb-4 max-w-sm">
      <label htmlFor="admin-search" className="sr-only">
        {adminTexts.search}
      </label>
      <Input
        id="admin-search"
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={adminTexts.search}
      />
    </div>
  );
}

export function matches(query: string, ...fields: Array<string | null | undefined>): boolean {
  const q = query.trim().toLowerCase();
  return !q || fields.some((field) => field?.toLowerCase().includes(q));
}
