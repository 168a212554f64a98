import { describe, expect, it } from 'vitest';
import { schedulingMessages } from '#shared/messages/scheduling';
import { pickedTimeProblem, pickerBounds } from '#web/features/scheduling/lib/picked-time';

const texts = schedulingMessages;

describe('checking a picked time', () => {
  const now = new Date('2026-07-01T12:00:00.000Z');

  it('asks for a time when none is picked, refuses the past and beyond a year', () => {
    expect(pickedTimeProblem('', 'Europe/Dublin', now)).toBe(texts.chooseTime);
    // 13:00 in Dublin is 12:00 UTC: now, not later.
    expect(pickedTimeProblem('2026-07-01T13:00', 'Europe/Dublin', now)).toBe(texts.timeInPast);
    expect(pickedTimeProblem('2026-07-01T12:59', 'Europe/Dublin', now)).toBe(texts.timeInPast);
    expect(pickedTimeProblem('2027-07-02T12:00', 'Europe/Dublin', now)).toBe(texts.timeTooFar);
  });

  it('accepts a later time the same day and up to a year ahead, read in the zone', () => {
    expect(pickedTimeProblem('2026-07-01T13:01', 'Europe/Dublin', now)).toBeNull();
    // 12:30 is still ahead in New York (16:30 UTC), but 12:30 in Dublin is not (11:30 UTC).
    expect(pickedTimeProblem('2026-07-01T12:30', 'America/New_York', now)).toBeNull();
    expect(pickedTimeProblem('2026-07-01T12:30', 'Europe/Dublin', now)).toBe(texts.timeInPast);
    expect(pickedTimeProblem('2027-07-01T13:00', 'Europe/Dublin', now)).toBeNull();
  });

  it('bounds the picker from now to a year ahead on the zone’s wall clock', () => {
    expect(pickerBounds('Australia/Sydney', now)).toEqual({ min: '2026-07-01T22:00', max: '2027-07-01T22:00' });
  });
});
