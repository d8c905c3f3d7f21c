import { z } from 'zod';

export const ROLES = ['admin', 'investor'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,62}$/;

/** A username as it is stored and compared: trimmed, lower-cased. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  /**
   * Sessions carry the generation they were started in; changing the password, deactivating the account or
   * ending its sessions moves it on, so every older session is over for good (a record from before this field
   * reads as 0).
   */
  sessionGeneration: z.number().int().min(0).default(0),
  /** Set when an admin creates the account or resets its password: the temporary one must be replaced first. */
  mustChangePassword: z.boolean().default(false),
  /** The profile (issue #24): the name and title a partner's replies are signed with; null until set. */
  displayName: z.string().nullable().default(null),
  title: z.string().nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

/** What the browser may know of the signed-in user (GET /api/auth/user). */
export interface PublicUser {
  id: string;
  username: string;
  role: Role;
  isAdmin: boolean;
  isActive: boolean;
  mustChangePassword: boolean;
  displayName: string | null;
  title: string | null;
}

export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    isAdmin: user.role === 'admin',
    isActive: user.isActive,
    mustChangePassword: user.mustChangePassword,
    displayName: user.displayName ?? null,
    title: user.title ?? null,
  };
}

/** The most characters of a profile's name and of its title. */
export const PROFILE_FIELD_MAX = 100;

const profileField = z
  .string({ error: 'Must be text' })
  .trim()
  .max(PROFILE_FIELD_MAX, { error: `At most ${PROFILE_FIELD_MAX} characters` })
  .refine((value) => !/[\r\n]/.test(value), { error: 'One line only' })
  .transform((value) => value || null);

/** PUT /api/account/profile: the signed-in account's own name and title (empty: unset). */
export const profileInputSchema = z.object({ displayName: profileField, title: profileField });
export type ProfileInput = z.infer<typeof profileInputSchema>;

/**
 * How a partner signs: their name (else their username), then their title on a line of its own when they set one.
 */
export function signature(user: { username: string; displayName?: string | null; title?: string | null }): string {
  return [user.displayName || user.username, user.title].filter(Boolean).join('\n');
}

/** The most a password may be: bcrypt reads 72 bytes; anything past 1 KB is refused before hashing. */
export const MAX_PASSWORD_BYTES = 1024;

/** The fewest characters a password may have (the first admin's `ADMIN_PASSWORD` included). */
export const MIN_PASSWORD_LENGTH = 12;

/** Why a new password is refused, or null when it is acceptable. Characters are counted as Unicode code points. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `A password must be at least ${MIN_PASSWORD_LENGTH} characters (this one has ${length})`;
  }
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) {
    return `A password must be at most ${MAX_PASSWORD_BYTES} bytes`;
  }
  return null;
}

export const loginInputSchema = z.object({
  username: z
    .string({ error: 'Please enter both username and password' })
    .trim()
    .max(200, { error: 'Invalid credentials' }),
  password: z.string({ error: 'Please enter both username and password' }),
});

export const sessionSchema = z.object({
  userId: z.string(),
  username: z.string(),
  createdAt: z.string(),
  /** The hard end: 8 hours after sign-in, however active the session is. */
  expiresAt: z.string(),
  /** The user's `sessionGeneration` at sign-in; a session from an older generation is over. */
  generation: z.number().int().min(0).default(0),
});
export type Session = z.infer<typeof sessionSchema>;
