/**
 * The sessionStorage key behind "Back to Site": / shows the dashboard to a
 * signed-in user, so while this is set the landing page does not mount it.
 * Its own module: the landing page's script imports it and nothing else.
 */
export const VIEW_SITE_KEY = 'admin-view-site';
