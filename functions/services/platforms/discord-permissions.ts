/**
 * Discord's permission arithmetic (discord.com/developers/docs/topics/permissions): bit sets sent as
 * decimal strings, a member's base permissions from @everyone and its roles, then the channel's
 * overwrites applied in the documented order (@everyone, roles together, the member).
 */

/** The permission bits ThreadSnip reads or asks for. */
export const DISCORD_PERMISSIONS = {
  administrator: 1n << 3n,
  manageGuild: 1n << 5n,
  viewChannel: 1n << 10n,
  sendMessages: 1n << 11n,
  embedLinks: 1n << 14n,
  attachFiles: 1n << 15n,
  readMessageHistory: 1n << 16n,
  createPublicThreads: 1n << 35n,
  sendMessagesInThreads: 1n << 38n,
} as const;

const ALL = (1n << 64n) - 1n;

/** A role as `GET /guilds/{id}/roles` returns it (the @everyone role's id is the guild's). */
export interface DiscordRole {
  id: string;
  permissions: string;
}

/** A channel's overwrite: type 0 names a role, 1 a member. */
export interface DiscordOverwrite {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

/** Whether `permissions` holds every bit of `required`. */
export function hasPermissions(permissions: bigint, required: bigint): boolean {
  return (permissions & required) === required;
}

/** The OR of some permission bits, as the decimal string Discord's URLs and payloads carry. */
export function permissionString(...bits: bigint[]): string {
  return bits.reduce((all, bit) => all | bit, 0n).toString();
}

/** A member's guild-wide permissions: @everyone's, its roles', everything for an administrator or the owner. */
export function basePermissions(
  guildId: string,
  roles: readonly DiscordRole[],
  memberRoleIds: readonly string[],
  isOwner = false,
): bigint {
  if (isOwner) return ALL;
  let permissions = BigInt(roles.find((role) => role.id === guildId)?.permissions ?? '0');
  for (const role of roles) {
    if (memberRoleIds.includes(role.id)) permissions |= BigInt(role.permissions);
  }
  return permissions & DISCORD_PERMISSIONS.administrator ? ALL : permissions;
}

/** A member's permissions in one channel: the base, then @everyone's overwrite, the roles' together, the member's. */
export function channelPermissions(
  base: bigint,
  guildId: string,
  member: { userId: string; roleIds: readonly string[] },
  overwrites: readonly DiscordOverwrite[],
): bigint {
  if (base & DISCORD_PERMISSIONS.administrator) return ALL;
  const apply = (permissions: bigint, allow: bigint, deny: bigint) => (permissions & ~deny) | allow;
  let permissions = base;
  const everyone = overwrites.find((overwrite) => overwrite.id === guildId);
  if (everyone) permissions = apply(permissions, BigInt(everyone.allow), BigInt(everyone.deny));
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type === 0 && overwrite.id !== guildId && member.roleIds.includes(overwrite.id)) {
      allow |= BigInt(overwrite.allow);
      deny |= BigInt(overwrite.deny);
    }
  }
  permissions = apply(permissions, allow, deny);
  const own = overwrites.find((overwrite) => overwrite.type === 1 && overwrite.id === member.userId);
  return own ? apply(permissions, BigInt(own.allow), BigInt(own.deny)) : permissions;
}
