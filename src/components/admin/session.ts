import { apiFetch } from '../../client/api';
import type { PublicUser } from '../../features/accounts/schema';
import { showToast } from '../../client/toast';
import { adminTextsNow } from './language';
import { VIEW_SITE_KEY } from './view-site';

/** "Back to Site": the public site shows in this browser tab until /admin is opened again. */
export function viewSite(): void {
  sessionStorage.setItem(VIEW_SITE_KEY, '1');
}

/**
 * Ends the session, whether or not the server answers. From the dashboard
 * the user is told and sent to sign in again after 500 ms ('sign-in'); from
 * the Access Denied screen, straight to the home page ('home').
 */
export async function logout(then: 'sign-in' | 'home'): Promise<void> {
  try {
    await apiFetch('/api/admin/logout', { method: 'POST' });
  } finally {
    if (then === 'home') {
      window.location.assign('/');
    } else {
      showToast({ title: adminTextsNow().unauthorized.title, description: adminTextsNow().unauthorized.text });
      window.setTimeout(() => window.location.assign('/api/login'), 500);
    }
  }
}

/** The signed-in account as GET /api/auth/user answers it. */
export type DashboardUser = PublicUser;
