import { useState, type SyntheticEvent } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import { Button } from '../react-ui/button';
import { Dialog, DialogCancel } from '../react-ui/dialog';
import { Field, FormErrors } from '../react-ui/field';
import { useFormCheck } from './form-check';
import { Input } from '../react-ui/input';
import { useAdminTexts } from './language';

function PasswordField({
  id,
  label,
  error,
  autoComplete,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        type="password"
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * Changes the signed-in account's own password (POST /api/account/password). `required`: the account signed in
 * with a temporary password and may do nothing else until it has chosen its own (the dialog cannot be closed).
 */
export function PasswordDialog({
  open,
  required = false,
  onClose,
  onChanged,
}: {
  open: boolean;
  required?: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.roles.password;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const { errors, check, onInput, reset: resetErrors } = useFormCheck();
  const dirty = !required && (current !== '' || next !== '' || confirm !== '');

  function reset() {
    setCurrent('');
    setNext('');
    setConfirm('');
    setError(null);
    resetErrors();
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check(event.currentTarget)) return;
    if (next !== confirm) {
      setError({ field: 'confirm', message: t.mismatch });
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiFetch('/api/account/password', { body: { currentPassword: current, newPassword: next } });
      reset();
      showToast({ title: t.changed });
      onChanged();
    } catch (caught) {
      const field =
        caught instanceof ApiError ? (JSON.parse(caught.body || '{}') as { field?: string }).field : undefined;
      const message = (caught instanceof ApiError && caught.serverMessage) || t.failed;
      setError(field ? { field, message } : { message });
    } finally {
      setPending(false);
    }
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Dialog
      open={open}
      title={required ? t.requiredTitle : t.title}
      closeLabel={adminTexts.close}
      onClose={() => {
        if (required) return;
        reset();
        onClose();
      }}
      unsaved={{ ...adminTexts.ux.unsaved, dirty }}
    >
      <FormErrors errors={errors}>
        <form
          onSubmit={(event) => void submit(event)}
          onInput={onInput}
          noValidate
          className="space-y-4"
          data-password-form
        >
          {required && <p className="text-slate-700">{t.requiredText}</p>}
          <PasswordField
            id="password-current"
            label={t.current}
            error={fieldError('currentPassword')}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <PasswordField
            id="password-new"
            label={t.next}
            error={fieldError('newPassword')}
            autoComplete="new-password"
            value={next}
            onChange={setNext}
          />
          <PasswordField
            id="password-confirm"
            label={t.confirm}
            error={fieldError('confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
          {error && !error.field && (
            <p role="alert" className="text-sm text-red-700">
              {error.message}
            </p>
          )}
          <div className="flex justify-end gap-2 pt-2">
            {!required && <DialogCancel>{adminTexts.cancel}</DialogCancel>}
            <Button type="submit" disabled={pending}>
              {pending ? t.saving : t.submit}
            </Button>
          </div>
        </form>
      </FormErrors>
    </Dialog>
  );
}
