import { useState, type SyntheticEvent } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { Button } from '../react-ui/button';
import { Dialog } from '../react-ui/dialog';
import { localePath } from '../../i18n';
import { useAdminLanguage, useAdminTexts } from './language';

/** docs/product.md, "Login dialog": closing clears fields and error; success closes and reloads the page. */
export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.login;
  const { language } = useAdminLanguage();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  function close() {
    setUsername('');
    setPassword('');
    setError('');
    onClose();
  }

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t.empty);
      return;
    }
    setPending(true);
    setError('');
    try {
      await apiFetch('/api/admin/login', { body: { username, password } });
      setUsername('');
      setPassword('');
      window.location.reload();
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || t.invalid);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} title={t.title} closeLabel={adminTexts.close} onClose={close}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-login-form>
        <div>
          <label htmlFor="login-username" className="block text-sm font-medium text-slate-800">
            {t.username}
          </label>
          <input
            id="login-username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="login-password" className="block text-sm font-medium text-slate-800">
            {t.password}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="login-password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="block w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <Button
              variant="secondary"
              onClick={() => setShow((value) => !value)}
              className="px-3 py-2"
              aria-pressed={show}
            >
              {show ? t.hidePassword : t.showPassword}
            </Button>
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <p className="text-sm text-slate-700">
          {adminTexts.access.noAccount}{' '}
          <a
            href={localePath(language, '/request-access')}
            className="font-semibold text-emerald-800 underline"
            data-request-access
          >
            {adminTexts.access.requestAccess}
          </a>
        </p>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={close}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
