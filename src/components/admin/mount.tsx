import { createRoot } from 'react-dom/client';
import { AdminGate } from './AdminGate';
import { AdminLanguageProvider } from './language';

/** Mounts the sign-in gate (and, once signed in, the dashboard) over the page, in the dashboard's language. */
export function mountAdmin(loginWhenSignedOut: boolean): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <AdminLanguageProvider>
      <AdminGate loginWhenSignedOut={loginWhenSignedOut} />
    </AdminLanguageProvider>,
  );
}
