/**
 * Admin access (issue 11 part 1; DESIGN.md §4 "Admin"): owner accounts with argon2id hashes,
 * server-side sessions (only the SHA-256 of the session id is stored), failed sign-ins for the
 * login throttle, and the audit log of admin actions.
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const adminUsers = pgTable('admin_users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Lower-cased e-mail address of the owner (never a shopper's). */
  email: text('email').notNull().unique(),
  /** PHC string of an argon2id hash (`$argon2id$v=19$…`). */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * One row per signed-in browser. Idle expiry counts from `last_seen_at` (sliding), absolute expiry
 * from `created_at`; both are checked on every request (admin-auth.rules.ts).
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the 32 random bytes in the cookie; the id itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/**
 * Failed sign-ins, kept 15 minutes. `ip` is the client address (an IPv4 address, or an IPv6 /64);
 * failures are counted per address, per address and account, per account, and per network (issue
 * 25; admin-auth.rules.ts). `account_hash`: hex SHA-256 of the lower-cased e-mail typed, so unknown
 * addresses are throttled alike and no typed address is stored in clear. In the database, so
 * several app instances share the count.
 */
export const adminLoginFailures = pgTable(
  'admin_login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    accountHash: text('account_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_login_failures_ip_idx').on(t.ip, t.at), index('admin_login_failures_account_idx').on(t.accountHash, t.at)],
);

/**
 * Client networks an owner has signed in from (issue 25: admin sign-in "failures slow down the
 * attacker's address and the account without locking the owner out from another address"; OWASP
 * ASVS 5.0 V6.3): a success records the network's keyed hash (HMAC-SHA256 with SECRET_KEY of the
 * IPv4 /24 or IPv6 /64), so an attack on the account does not hold back its owner's known networks.
 */
export const adminKnownClients = pgTable(
  'admin_known_clients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    clientHash: text('client_hash').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('admin_known_clients_admin_client_idx').on(t.adminId, t.clientHash)],
);

/**
 * Shared rate-limit counters (issue 25: "limits hold across instances and restarts"): one row per
 * limit key and window, the store of @fastify/rate-limit when no REDIS_URL is set, so every app
 * instance on one database counts together and a restart forgets nothing.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

/**
 * What owners did (issue 11 part 1 "audit log"): who (admin id; null once the account is gone or
 * for a failed sign-in), what (`action`, e.g. 'login', 'products.delete'), on what (`target`, e.g.
 * a product id or a file name; never a shopper's e-mail address), how many (`counts`, e.g.
 * `{ "deleted": 3 }`) and when.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => adminUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    counts: jsonb('counts').$type<Record<string, number>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);
