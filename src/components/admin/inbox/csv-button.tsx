import { buttonVariants } from '../../react-ui/button';
import { useAdminTexts } from '../language';

/** Downloads a server-made CSV (newsletter, conversations, analytics) under its own file name; `path` may hold a query. */
export function CsvButton({ path }: { path: string }) {
  const adminTexts = useAdminTexts();
  return (
    <a
      href={`${path}${path.includes('?') ? '&' : '?'}format=csv`}
      download
      className={buttonVariants({ variant: 'secondary', className: 'px-3 py-2' })}
      data-export-csv
    >
      {adminTexts.exportCsv}
    </a>
  );
}
