import { lazy, Suspense, useEffect, useState } from 'react';
import { apiFetch } from '../../lib/client/api';
import { LoginDialog } from './LoginDialog';
import { adminTexts } from './texts';

const Dashboard = lazy(() => import('./Dashboard'));

/**
 * /admin: the dashboard for a signed-in user, else the landing page under the
 * Investor Login dialog. On / it mounts only when the signed_in hint cookie
 * exists, so anonymous visitors never pay for an auth call.
 */
export function AdminGate({ loginWhenSignedOut }: { loginWhenSignedOut: boolean }) {
  const [state, setState] = useState<'loading' | 'in' | 'out'>('loading');
  const [loginOpen, setLoginOpen] = useState(false);
  useEffect(() => {
    apiFetch<{ authenticated: boolean }>('/api/admin/auth-status')
      .then(({ authenticated }) => setState(authenticated ? 'in' : 'out'))
      .catch(() => setState('out'));
  }, []);
  useEffect(() => {
    if (state === 'out' && loginWhenSignedOut) setLoginOpen(true);
  }, [state, loginWhenSignedOut]);

  if (state === 'loading') {
    return loginWhenSignedOut ? (
      <div role="status" className="fixed inset-0 z-[95] flex items-center justify-center bg-white/70">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-emerald-700 border-t-transparent" aria-hidden="true" />
        <span className="sr-only">{adminTexts.loading}</span>
      </div>
    ) : null;
  }
  if (state === 'in') {
    return (
      <Suspense fallback={<p role="status" className="fixed inset-0 z-[95] bg-white p-8">{adminTexts.loading}</p>}>
        <Dashboard />
      </Suspense>
    );
  }
  return <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />;
}
