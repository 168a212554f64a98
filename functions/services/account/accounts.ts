import { creditView, dailyAllowance } from '#shared/credits';
import { utcDate } from '#shared/dates';
import { PLUG_OFF, type PlugChoice } from '#shared/publishing/plug';
import type { CreditsView } from '#shared/schemas/credits';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import { findAccountTombstone } from '../../data/account-deletion-repository';
import {
  type AccountRecords,
  createCreditsIfMissing,
  createProfileIfMissing,
  createRoleIfMissing,
  getAccountRecords,
  type Role,
  setDisplayName,
  setPlugDefault,
} from '../../data/account-repository';
import { getCredits, refreshFreeCreditsIfStale, settlePendingGrant } from '../../data/credits-repository';
import { config } from '../../lib/config';
import { AccountDeletedError } from '../../lib/errors';
import { ensurePersonalWorkspace } from '../workspaces/workspaces';

export interface AccountIdentity {
  userId: string;
  email: string;
}

/** The role a new account gets: admin when its email is listed in ADMIN_EMAILS. */
export function initialRole(email: string): Role {
  return config().adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user';
}

/** A readable default username: the part of the email before the @. */
export function defaultUsername(email: string): string | null {
  const local = email.split('@')[0]?.trim();
  return local ? local.slice(0, 50) : null;
}

/**
 * Creates whatever records of an account are missing: role, profile and a balance with the
 * day's free credits. Every write is conditional, so running it again (a retried trigger, a
 * first API call racing the trigger) changes nothing.
 */
export async function ensureAccount(identity: AccountIdentity, now: Date): Promise<AccountRecords> {
  const existing = await getAccountRecords(identity.userId);
  if (existing.profile && existing.role && existing.credits && existing.hasPersonalWorkspace) {
    if (!existing.credits.pendingGrantId) return existing;
    await settlePendingGrant(identity.userId);
    return getAccountRecords(identity.userId);
  }
  // A request that passed the route's check just before the deletion started must not recreate it.
  if (await findAccountTombstone(identity.userId, now)) throw new AccountDeletedError();
  const createdAt = now.toISOString();
  const role = existing.role ?? initialRole(identity.email);
  await createRoleIfMissing(identity.userId, role, createdAt);
  await createProfileIfMissing({
    userId: identity.userId,
    email: identity.email.toLowerCase(),
    username: defaultUsername(identity.email),
    createdAt,
  });
  const allowance = dailyAllowance(role);
  await createCreditsIfMissing(
    {
      userId: identity.userId,
      freeCredits: allowance,
      paidCredits: 0,
      usedCredits: 0,
      dailyAllowance: allowance,
      lastRefreshDate: utcDate(now),
    },
    createdAt,
  );
  await ensurePersonalWorkspace(identity, now);
  await settlePendingGrant(identity.userId);
  return getAccountRecords(identity.userId);
}

/** The signed-in user's account as the SPA shows it, with today's free credits applied. */
export async function getAccount(identity: AccountIdentity, now: Date) {
  let records = await ensureAccount(identity, now);
  if (records.credits && records.credits.lastRefreshDate < utcDate(now)) {
    await refreshFreeCreditsIfStale(identity.userId, utcDate(now));
    records = await getAccountRecords(identity.userId);
  }
  const role = records.role ?? 'user';
  return {
    userId: identity.userId,
    email: records.profile?.email ?? identity.email,
    username: records.profile?.username ?? null,
    displayName: records.profile?.displayName ?? null,
    plugDefault: records.profile?.plugDefault ?? PLUG_OFF,
    role,
    isAdmin: role === 'admin',
    credits: creditView(records.credits, now),
  };
}

/**
 * Sets the name public pages give the caller as a curator (already validated and normalised by
 * `displayNameSchema`), or removes it with null; their public pages show it from the next view on.
 */
export async function saveDisplayName(
  identity: AccountIdentity,
  displayName: string | null,
  now: Date,
): Promise<{ displayName: string | null }> {
  await ensureAccount(identity, now);
  await setDisplayName(identity.userId, displayName, now.toISOString());
  return { displayName };
}

/** Sets the plug the caller's new threads start with (validated by `plugChoiceSchema`); a thread's own choice wins over it. */
export async function savePlugDefault(
  identity: AccountIdentity,
  plugDefault: PlugChoice,
  now: Date,
): Promise<{ plugDefault: PlugChoice }> {
  await ensureAccount(identity, now);
  await setPlugDefault(identity.userId, plugDefault, now.toISOString());
  return { plugDefault };
}

/**
 * The credits a workspace can spend: a personal one's are its user's (today's free credits applied,
 * the records made on first use); a team's are what the team bought.
 */
export async function spendableCredits(owner: AccountIdentity, now: Date): Promise<CreditsView> {
  if (isTeamWorkspaceId(owner.userId)) return creditView(await getCredits(owner.userId), now);
  return (await getAccount(owner, now)).credits;
}

/**
 * The signed-in user's account with the credits of the workspace they are in (a team's balance in a
 * team), reckoned by `spendableCredits` as the generation gate reckons them, so the balance shown is
 * the one a new thread is checked against.
 */
export async function getAccountInWorkspace(identity: AccountIdentity, workspaceId: string, now: Date) {
  const account = await getAccount(identity, now);
  return { ...account, credits: await spendableCredits({ userId: workspaceId, email: identity.email }, now) };
}
