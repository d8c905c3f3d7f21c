import { useState, type SyntheticEvent } from 'react';
import { apiFetch } from '../../../client/api';
import { Button } from '../../react-ui/button';
import { Dialog, DialogCancel } from '../../react-ui/dialog';
import { Field, FormErrors } from '../../react-ui/field';
import { ConfirmDialog } from '../confirm-dialog';
import { useFormCheck } from '../form-check';
import { Input } from '../../react-ui/input';
import { Select } from '../../react-ui/select';
import { formatDateTime } from '../format';
import { mutate, useQuery } from '../query';
import { RecordTable } from '../record-table';
import type { DashboardUser } from '../session';
import { useAdminTexts } from '../language';
import { ContactLink } from '../inbox/contact';

interface Account {
  id: string;
  username: string;
  role: 'admin' | 'investor';
  isActive: boolean;
  mustChangePassword: boolean;
  lastSignInAt: string | null;
  /** An investor account made from a request for access: that request's address. */
  leadEmail: string | null;
}

interface Issued {
  account: Account;
  temporaryPassword: string;
}

/** Users (admins only, docs/roles.md): accounts, their role, status and last sign-in, and the changes to them. */
export function UsersTab({ user }: { user: DashboardUser }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.roles.users;
  const roleLabel = adminTexts.roles.role;
  const list = useQuery<Account[]>('users', '/api/users');
  const [adding, setAdding] = useState(false);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<'admin' | 'investor'>('investor');
  const [issued, setIssued] = useState<Issued | null>(null);
  /** The change waiting for the admin's in-page confirmation: what it says, its button, and the change. */
  const [pending, setPending] = useState<{ text: string; label: string; run: () => Promise<unknown> } | null>(null);
  const { errors, check, onInput, reset: resetErrors } = useFormCheck();
  const dirty = adding && (username !== '' || role !== 'investor');

  function openAdd() {
    setUsername('');
    setRole('investor');
    resetErrors();
    setAdding(true);
  }

  async function create(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(event.currentTarget)) return;
    const result = await mutate(() => apiFetch<Issued>('/api/users', { body: { username, role } }), {
      invalidates: ['users', 'audit'],
      success: t.created,
      failure: t.failed,
    });
    if (!result) return;
    setAdding(false);
    setUsername('');
    setIssued(result);
  }

  async function reset(account: Account) {
    const result = await mutate(() => apiFetch<Issued>(`/api/users/${account.username}/password`, { method: 'POST' }), {
      invalidates: ['users', 'audit'],
      success: t.updated,
      failure: t.failed,
    });
    if (result) setIssued(result);
  }

  async function change(account: Account, body: { role?: Account['role']; isActive?: boolean }) {
    await mutate(() => apiFetch(`/api/users/${account.username}`, { method: 'PUT', body }), {
      invalidates: ['users', 'audit'],
      success: t.updated,
      failure: t.failed,
    });
  }

  return (
    <section>
      <div className="mb-4 flex justify-end">
        <Button onClick={openAdd}>{t.add}</Button>
      </div>
      <RecordTable
        label={adminTexts.roles.tabs.users}
        list={list}
        emptyText={t.empty}
        columns={[
          {
            header: t.columns.username,
            cell: (account) => (
              <>
                {account.username}
                {account.leadEmail && (
                  <span className="block text-xs">
                    <ContactLink email={account.leadEmail} />
                  </span>
                )}
              </>
            ),
          },
          { header: t.columns.role, cell: (account) => roleLabel[account.role] },
          {
            header: t.columns.status,
            cell: (account) =>
              `${account.isActive ? t.active : t.inactive}${account.mustChangePassword ? ` (${t.mustChange})` : ''}`,
          },
          {
            header: t.columns.lastSignIn,
            cell: (account) => (account.lastSignInAt ? formatDateTime(account.lastSignInAt) : t.never),
            sort: (account) => account.lastSignInAt ?? '',
          },
        ]}
        actions={(account) => {
          // An admin cannot deactivate or demote themself (the server refuses it too).
          const self = account.username === user.username;
          const other = account.role === 'admin' ? 'investor' : 'admin';
          return (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() =>
                  setPending({
                    text: t.confirmReset(account.username),
                    label: t.resetPassword,
                    run: () => reset(account),
                  })
                }
                aria-label={`${t.resetPassword}: ${account.username}`}
              >
                {t.resetPassword}
              </Button>
              {!self && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    setPending({
                      text: t.confirmRole(account.username, roleLabel[other]),
                      label: other === 'admin' ? t.makeAdmin : t.makeInvestor,
                      run: () => change(account, { role: other }),
                    })
                  }
                  aria-label={`${other === 'admin' ? t.makeAdmin : t.makeInvestor}: ${account.username}`}
                >
                  {other === 'admin' ? t.makeAdmin : t.makeInvestor}
                </Button>
              )}
              {!self &&
                (account.isActive ? (
                  <Button
                    variant="destructive"
                    onClick={() =>
                      setPending({
                        text: t.confirmDeactivate(account.username),
                        label: t.deactivate,
                        run: () => change(account, { isActive: false }),
                      })
                    }
                    aria-label={`${t.deactivate}: ${account.username}`}
                  >
                    {t.deactivate}
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() => void change(account, { isActive: true })}
                    aria-label={`${t.reactivate}: ${account.username}`}
                  >
                    {t.reactivate}
                  </Button>
                ))}
            </div>
          );
        }}
      />
      <Dialog
        open={adding}
        title={t.addTitle}
        closeLabel={adminTexts.close}
        onClose={() => setAdding(false)}
        unsaved={{ ...adminTexts.ux.unsaved, dirty }}
      >
        <FormErrors errors={errors}>
          <form
            onSubmit={(event) => void create(event)}
            onInput={onInput}
            noValidate
            className="space-y-4"
            data-user-form
          >
            <Field id="user-username" label={t.username}>
              <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" required />
            </Field>
            <Field id="user-role" label={t.role}>
              <Select value={role} onChange={(e) => setRole(e.target.value as Account['role'])}>
                <option value="investor">{roleLabel.investor}</option>
                <option value="admin">{roleLabel.admin}</option>
              </Select>
            </Field>
            <div className="flex justify-end gap-2 pt-2">
              <DialogCancel>{adminTexts.cancel}</DialogCancel>
              <Button type="submit">{t.create}</Button>
            </div>
          </form>
        </FormErrors>
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={adminTexts.ux.confirmTitle}
        text={pending?.text ?? ''}
        confirmLabel={pending?.label ?? ''}
        busyLabel={adminTexts.ux.busy}
        run={() => pending?.run() ?? Promise.resolve()}
        onClose={() => setPending(null)}
      />
      <Dialog
        open={issued !== null}
        title={t.temporaryTitle}
        closeLabel={adminTexts.close}
        onClose={() => setIssued(null)}
      >
        {issued && (
          <div className="space-y-4">
            <p className="text-slate-700">{t.temporaryText(issued.account.username)}</p>
            <p className="rounded-md bg-slate-100 p-3 font-mono text-lg" data-temporary-password>
              {issued.temporaryPassword}
            </p>
            <div className="flex justify-end">
              <Button onClick={() => setIssued(null)}>{adminTexts.close}</Button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
