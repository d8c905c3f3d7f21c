import { useState } from 'react';
import { Button } from '../react-ui/button';
import { Dialog } from '../react-ui/dialog';
import { useAdminTexts } from './language';

/**
 * An in-page confirmation for a change that cannot be undone (a deletion, an erasure): it names the item, and the
 * change runs only when the admin presses the red button. `run` answers whether the change was made; the dialog
 * closes either way (the toast says what happened).
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busyLabel,
  run,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  run: () => Promise<unknown>;
  onClose: () => void;
}) {
  const adminTexts = useAdminTexts();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
      onClose();
    }
  }
  return (
    <Dialog open={open} title={title} closeLabel={adminTexts.close} onClose={() => !busy && onClose()}>
      <div data-confirm-dialog>
        <p className="text-sm text-slate-700">{text}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {adminTexts.cancel}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The confirmation of deleting one record: "Delete {what}? This cannot be undone." */
export function ConfirmDelete({
  what,
  run,
  onClose,
}: {
  /** The item, named so the admin knows which (null: closed). */
  what: string | null;
  run: () => Promise<unknown>;
  onClose: () => void;
}) {
  const adminTexts = useAdminTexts();
  return (
    <ConfirmDialog
      open={what !== null}
      title={adminTexts.records.confirmTitle}
      text={what ? adminTexts.confirmDelete(what) : ''}
      confirmLabel={adminTexts.records.confirm}
      busyLabel={adminTexts.records.deleting}
      run={run}
      onClose={onClose}
    />
  );
}
