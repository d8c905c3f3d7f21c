import { z } from 'zod';

export const ROLES = ['admin', 'investor'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,62}$/;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What the browser may know of the signed-in user (GET /api/auth/user). */
export interface PublicUser {
  id: string;
  username: string;
  role: Role;
  isAdmin: boolean;
  isActive: boolean;
}

export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    isAdmin: user.role === 'admin',
    isActive: user.isActive,
  };
}

/** The most a password may be: bcrypt reads 72 bytes; anything past 1 KB is refused before hashing. */
export const MAX_PASSWORD_BYTES = 1024;

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
  expiresAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
