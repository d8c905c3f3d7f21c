import { reactReady } from '../../client/react-ready';
import { VIEW_SITE_KEY } from './view-site';

/** Mounts the dashboard (AdminMount.astro says when); loaded by the home page's script. */
const mount = document.querySelector<HTMLElement>('[data-admin-mount]');
if (mount) {
  const always = mount.dataset['always'] === 'true';
  // "Back to Site" shows the public site in this tab until /admin is opened again.
  if (always) sessionStorage.removeItem(VIEW_SITE_KEY);
  const viewingSite = sessionStorage.getItem(VIEW_SITE_KEY) === '1';
  if (always || (!viewingSite && document.cookie.split('; ').includes('signed_in=1'))) {
    void reactReady()
      .then(() => import('./mount'))
      .then(({ mountAdmin }) => mountAdmin(always));
  }
}
