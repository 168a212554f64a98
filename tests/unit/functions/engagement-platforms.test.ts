import { describe, expect, it } from 'vitest';
import { adapterFor } from '#functions/services/platforms/adapters';
import { PLATFORMS_NOT_REPORTING, platformReportsEngagement } from '#shared/insights/engagement';
import { PLATFORMS } from '#shared/schemas/thread';

describe('the platforms that report no engagement', () => {
  it('are exactly those whose adapter reads no figures back, as the readings decide (reportsEngagement in take-reading)', () => {
    for (const platform of PLATFORMS) {
      expect([platform, platformReportsEngagement(platform)]).toEqual([
        platform,
        adapterFor(platform).readEngagement !== undefined,
      ]);
    }
    expect([...PLATFORMS_NOT_REPORTING].sort()).toEqual(['linkedin', 'telegram']);
  });
});
