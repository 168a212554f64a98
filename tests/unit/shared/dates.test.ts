import { describe, expect, it } from 'vitest';
import { addDays, utcDate } from '#shared/dates';

describe('dates', () => {
  it('utcDate is the UTC calendar day of an instant', () => {
    expect(utcDate(new Date('2024-05-01T23:59:59.999Z'))).toBe('2024-05-01');
    expect(utcDate(new Date('2024-05-01T23:30:00-05:00'))).toBe('2024-05-02');
  });

  it('addDays moves across months, years and leap days, both ways', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-05-01', 0)).toBe('2024-05-01');
  });
});
