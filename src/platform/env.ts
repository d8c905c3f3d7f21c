import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages';

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  /** Signs admin session tokens. Required outside local development. */
  JWT_SECRET: optional.pipe(z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional()),
  /** Keys the hashes of visitor IPs in daily quotas (src/features/quotas/quotas.ts); JWT_SECRET when unset. */
  IP_HASH_SECRET: optional.pipe(
    z.string().min(32, { error: 'IP_HASH_SECRET must be at least 32 characters' }).optional(),
  ),
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  /** Netlify sets URL to the site's primary address. */
  URL: optional.pipe(z.url().optional()),
  CONTEXT: optional,
  /** The chat assistant's model; without a key the built-in assistant answers. */
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional.pipe(z.url().optional()),
  OPENAI_MODEL: optional.transform((value) => value ?? 'gpt-4o-mini'),
  CHAT_DAILY_MODEL_CALLS: optional.transform((value) => (value ? Number(value) : 500)).pipe(z.number().int().min(0)),
  /** The AI video call; without a key the video card says it is not configured. */
  TAVUS_API_KEY: optional,
  TAVUS_BASE_URL: optional.pipe(z.url().optional()).transform((value) => value ?? 'https://tavusapi.com'),
  TAVUS_REPLICA_ID: optional,
  TAVUS_PERSONA_ID: optional,
  TAVUS_DAILY_CALLS: optional.transform((value) => (value ? Number(value) : 50)).pipe(z.number().int().min(0)),
  TAVUS_MAX_CALL_SECONDS: optional
    .transform((value) => (value ? Number(value) : 600))
    .pipe(z.number().int().min(60).max(3600)),
  /**
   * The assistant on WhatsApp (src/features/whatsapp/, README "WhatsApp"): without the first four the webhook
   * answers 404 and the dashboard says the channel is not connected.
   */
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_ACCESS_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_API_BASE: optional
    .pipe(z.url().optional())
    .transform((value) => (value ?? 'https://graph.facebook.com/v26.0').replace(/\/+$/, '')),
  /** Outgoing mail (src/lib/mail): `smtps://user:pass@host:465` or `smtp://…:587`; without it mail waits in the outbox. */
  SMTP_URL: optional.pipe(
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** The sender of every mail, `Name <address>` or an address. */
  MAIL_FROM: optional,
  /** The firm's inbox for lead alerts: one or more addresses, comma-separated. */
  LEADS_TO: optional.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'LEADS_TO must be e-mail addresses separated by commas' })))
      .optional(),
  ),
  /** The language of lead alerts: a code of src/i18n/languages.ts (en, es); the first language when unset. */
  LEADS_LANGUAGE: optional.pipe(z.enum(LANGUAGES).optional()).transform((value) => value ?? DEFAULT_LANGUAGE),
});
export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment, parsed once. A bad value is a clear ConfigError naming the variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}

/**
 * The Netlify deploy context: production, deploy-preview, branch-deploy, dev.
 * Local runs first; then the request context where there is one (functions
 * and on-demand pages), else CONTEXT (builds, scripts), else local development.
 */
export function deployContext(): string {
  // `netlify dev` and `netlify serve` mark themselves; their request context names no real deploy.
  if (process.env['NETLIFY_DEV'] || process.env['NETLIFY_LOCAL']) return 'dev';
  const fromRuntime = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify
    ?.context?.deploy?.context;
  return fromRuntime ?? process.env['CONTEXT'] ?? 'dev';
}

export function isProduction(): boolean {
  return deployContext() === 'production';
}

/** A secret that must exist; a clear error where it does not (never a silent default in production). */
export function requireSecret(name: 'JWT_SECRET'): string {
  const value = env()[name];
  if (!value) {
    throw new ConfigError(
      `${name} is not set. Set it to at least 32 random characters (for example the output of ` +
        "`openssl rand -base64 48`) in the site's environment variables with the Functions scope, then redeploy. " +
        'See README.md, "Configuration".',
    );
  }
  return value;
}
