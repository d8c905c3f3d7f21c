import type { Config } from '@netlify/functions';
import { runRetention } from '../../src/features/retention/retention';

/**
 * The daily retention job (src/features/retention/retention.ts): deletes what the privacy policy says is deleted once its period
 * is over. A scheduled function has no URL in production; locally, `npm run retention` runs the same code.
 */
export default async function retention(): Promise<Response> {
  const report = await runRetention();
  console.log('Retention', JSON.stringify(report));
  return new Response(null, { status: 204 });
}

export const config: Config = {
  schedule: '@daily',
};
