import { createRoot } from 'react-dom/client';
import adminStylesheet from './admin.css?url';
import { AdminGate } from './AdminGate';
import { AdminLanguageProvider } from './language';

/**
 * The dashboard's stylesheet, as a file of its own (a CSS import would be inlined into every page that can mount the
 * dashboard, the home page included). Resolves once it has loaded, or failed: the dashboard still mounts.
 */
function loadStylesheet(): Promise<void> {
  if (document.querySelector('link[data-admin-styles]')) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = adminStylesheet;
  link.dataset['adminStyles'] = '';
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
}

/** Mounts the sign-in gate (and, once signed in, the dashboard) over the page, in the dashboard's language. */
export async function mountAdmin(loginWhenSignedOut: boolean): Promise<void> {
  await loadStylesheet();
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <AdminLanguageProvider>
      <AdminGate loginWhenSignedOut={loginWhenSignedOut} />
    </AdminLanguageProvider>,
  );
}
