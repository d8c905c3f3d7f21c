import { lazy, Suspense, useEffect, useState } from 'react';
import { apiFetch } from '../../client/api';
import { Button, buttonVariants } from '../react-ui/button';
import { LoginDialog } from './LoginDialog';
import { PasswordDialog } from './password-dialog';
import { logout, viewSite, type DashboardUser } from './session';
import { useAdminTexts } from './language';

const Dashboard = lazy(() => import('./Dashboard'));

/**
 * /admin: the dashboard for a signed-in user, else the landing page under the
 * Investor Login dialog. On / it mounts only when the signed_in hint cookie
 * exists, so anonymous visitors never pay for an auth call.
 */
export function AdminGate({ loginWhenSignedOut }: { loginWhenSignedOut: boolean }) {
  const adminTexts = useAdminTexts();
  const [state, setState] = useState<'loading' | 'in' | 'out' | 'denied'>('loading');
  const [user, setUser] = useState<DashboardUser | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  useEffect(() => {
    apiFetch<{ authenticated: boolean }>('/api/admin/auth-status')
      .then(async ({ authenticated }) => {
        if (!authenticated) return setState('out');
        // Signed in; a deactivated account is refused by every admin route and told so here.
        const signedIn = await apiFetch<DashboardUser>('/api/auth/user');
        setUser(signedIn);
        setState(signedIn.isActive ? 'in' : 'denied');
      })
      .catch(() => setState('out'));
  }, []);
  useEffect(() => {
    if (state === 'out' && loginWhenSignedOut) setLoginOpen(true);
  }, [state, loginWhenSignedOut]);

  if (state === 'loading') {
    return loginWhenSignedOut ? (
      <div role="status" className="fixed inset-0 z-[95] flex items-center justify-center bg-white/70">
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-emerald-700 border-t-transparent"
          aria-hidden="true"
        />
        <span className="sr-only">{adminTexts.loading}</span>
      </div>
    ) : null;
  }
  if (state === 'denied') {
    return (
      <div
        role="alertdialog"
        aria-labelledby="access-denied-title"
        className="fixed inset-0 z-[95] flex flex-col items-center justify-center gap-4 bg-white p-8 text-center"
        data-access-denied
      >
        <h1 id="access-denied-title" className="text-2xl font-bold text-navy">
          {adminTexts.accessDenied.title}
        </h1>
        <p className="text-slate-700">{adminTexts.accessDenied.text}</p>
        <div className="flex gap-2">
          <a href="/" className={buttonVariants({ variant: 'secondary' })} onClick={viewSite}>
            {adminTexts.backToSite}
          </a>
          <Button onClick={() => void logout('home')}>{adminTexts.logout}</Button>
        </div>
      </div>
    );
  }
  if (state === 'in' && user?.mustChangePassword) {
    // Signed in with a temporary password: nothing else until the account has its own (the server agrees).
    return (
      <div className="fixed inset-0 z-[95] bg-white">
        <PasswordDialog open required onClose={() => undefined} onChanged={() => window.location.reload()} />
      </div>
    );
  }
  if (state === 'in' && user) {
    return (
      <Suspense
        fallback={
          <p role="status" className="fixed inset-0 z-[95] bg-white p-8">
            {adminTexts.loading}
          </p>
        }
      >
        <Dashboard user={user} />
      </Suspense>
    );
  }
  return <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />;
}
