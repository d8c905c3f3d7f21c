import { buttonVariants } from '../../react-ui/button';
import { useAdminTexts } from '../language';

/** Downloads a server-made CSV (newsletter, conversations) under its own file name. */
export function CsvButton({ path }: { path: string }) {
  const adminTexts = useAdminTexts();
  return (
    <a
      href={`${path}?format=csv`}
      download
      className={buttonVariants({ variant: 'secondary', className: 'px-3 py-2' })}
      data-export-csv
    >
      {adminTexts.exportCsv}
    </a>
  );
}
