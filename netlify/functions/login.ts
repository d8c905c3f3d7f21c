import type { Config } from '@netlify/functions';
import { route } from '../../src/lib/http';

/** Sign-in links (docs/product.md, "Routes": "/api/login") lead to the admin screen, which asks for credentials. */
export default route({
  GET: () => new Response(null, { status: 302, headers: { Location: '/admin', 'Cache-Control': 'no-store' } }),
});

export const config: Config = {
  path: '/api/login',
};
