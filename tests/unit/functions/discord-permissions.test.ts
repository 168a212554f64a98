import { describe, expect, it } from 'vitest';
import {
  basePermissions,
  channelPermissions,
  DISCORD_PERMISSIONS,
  hasPermissions,
  permissionString,
} from '#functions/services/platforms/discord-permissions';

const { administrator, viewChannel, sendMessages, createPublicThreads } = DISCORD_PERMISSIONS;
const GUILD = '100';
const BOT = { userId: '900', roleIds: ['200', '300'] };
const roles = [
  { id: GUILD, permissions: permissionString(viewChannel, sendMessages) },
  { id: '200', permissions: permissionString(createPublicThreads) },
  { id: '300', permissions: '0' },
];
const allowed = (overwrites: Parameters<typeof channelPermissions>[3]) =>
  channelPermissions(basePermissions(GUILD, roles, BOT.roleIds), GUILD, BOT, overwrites);
const text = (bits: bigint) => bits.toString();

describe("Discord's permission arithmetic", () => {
  it("adds the member's roles to @everyone's, and gives everything to an administrator or the owner", () => {
    expect(basePermissions(GUILD, roles, BOT.roleIds)).toBe(viewChannel | sendMessages | createPublicThreads);
    expect(basePermissions(GUILD, roles, [])).toBe(viewChannel | sendMessages);
    const admin = [...roles, { id: '400', permissions: text(administrator) }];
    expect(hasPermissions(basePermissions(GUILD, admin, ['400']), sendMessages | createPublicThreads)).toBe(true);
    expect(hasPermissions(basePermissions(GUILD, [], [], true), sendMessages)).toBe(true);
  });

  it("applies @everyone's overwrite, then the roles' together (an allow beats another role's deny), then the member's", () => {
    const everyoneDeniesSend = { id: GUILD, type: 0 as const, allow: '0', deny: text(sendMessages) };
    expect(hasPermissions(allowed([everyoneDeniesSend]), sendMessages)).toBe(false);

    const roleAllowsSend = { id: '200', type: 0 as const, allow: text(sendMessages), deny: '0' };
    const otherRoleDeniesSend = { id: '300', type: 0 as const, allow: '0', deny: text(sendMessages) };
    expect(hasPermissions(allowed([everyoneDeniesSend, roleAllowsSend, otherRoleDeniesSend]), sendMessages)).toBe(true);

    const memberDeniesSend = { id: BOT.userId, type: 1 as const, allow: '0', deny: text(sendMessages) };
    expect(hasPermissions(allowed([roleAllowsSend, memberDeniesSend]), sendMessages)).toBe(false);

    // An overwrite for a role the member lacks, or for another member, changes nothing.
    const strangers = [
      { id: '999', type: 0 as const, allow: '0', deny: text(viewChannel) },
      { id: '901', type: 1 as const, allow: '0', deny: text(viewChannel) },
    ];
    expect(allowed(strangers)).toBe(allowed([]));
  });

  it('lets an administrator through every overwrite', () => {
    const admin = [...roles, { id: '400', permissions: text(administrator) }];
    const base = basePermissions(GUILD, admin, ['400']);
    const denyAll = { id: GUILD, type: 0 as const, allow: '0', deny: text(viewChannel | sendMessages) };
    expect(
      hasPermissions(channelPermissions(base, GUILD, { userId: '1', roleIds: ['400'] }, [denyAll]), sendMessages),
    ).toBe(true);
  });
});
