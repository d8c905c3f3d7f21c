import { createRoot } from 'react-dom/client';
import { AdminGate } from './AdminGate';

/** Mounts the sign-in gate (and, once signed in, the dashboard) over the page. */
export function mountAdmin(loginWhenSignedOut: boolean): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(<AdminGate loginWhenSignedOut={loginWhenSignedOut} />);
}
