import { ADMIN_UPTIME, type AdminSettings } from '#shared/schemas/admin';
import { PLATFORMS, type Platform } from '#shared/schemas/thread';
import { recordSecurityEvent } from '../../data/security-event-repository';
import { listPlatformSettings, setPlatformEnabled } from '../../data/settings-repository';
import { allCreditPackages } from '../payments/credit-packages';
import type { AccessContext } from '../threads/thread-access';

/** The Settings page: the system figures, every platform's toggle and every credit package. */
export async function getAdminSettings(): Promise<AdminSettings> {
  const [settings, packages] = await Promise.all([listPlatformSettings(), allCreditPackages()]);
  return {
    uptime: ADMIN_UPTIME,
    platforms: PLATFORMS.map((platform) => ({ platform, enabled: settings[platform] })),
    packages,
  };
}

/** update_platform_setting: turns a platform on or off for everyone, recorded in the admin's partition. */
export async function updatePlatformSetting(
  context: AccessContext,
  platform: Platform,
  enabled: boolean,
): Promise<{ platform: Platform; enabled: boolean }> {
  await setPlatformEnabled(platform, enabled, context.now.toISOString());
  await recordSecurityEvent(
    context.userId,
    'platform_setting_updated',
    { platform, enabled, userAgent: context.userAgent, timestamp: context.now.toISOString() },
    context.now,
  );
  return { platform, enabled };
}
