import { describe, expect, it } from 'vitest';
import type { PostingSlot } from '#shared/schemas/scheduling';
import { checkQueue, nextSlotSuggestion, sortSlots } from '#web/features/scheduling/lib/posting-slots';

describe('posting queue slots', () => {
  it('orders slots Monday first, then by time', () => {
    const slots: PostingSlot[] = [
      { day: 'sun', time: '08:00' },
      { day: 'mon', time: '17:30' },
      { day: 'mon', time: '09:00' },
      { day: 'wed', time: '00:15' },
    ];
    expect(sortSlots(slots)).toEqual([
      { day: 'mon', time: '09:00' },
      { day: 'mon', time: '17:30' },
      { day: 'wed', time: '00:15' },
      { day: 'sun', time: '08:00' },
    ]);
  });

  it('suggests Monday 09:00 first, then the day after the last slot at its time, Sunday wrapping to Monday', () => {
    expect(nextSlotSuggestion([])).toEqual({ day: 'mon', time: '09:00' });
    expect(nextSlotSuggestion([{ day: 'tue', time: '17:30' }])).toEqual({ day: 'wed', time: '17:30' });
    expect(nextSlotSuggestion([{ day: 'sun', time: '07:45' }])).toEqual({ day: 'mon', time: '07:45' });
  });

  it('sends a valid queue in week order', () => {
    expect(
      checkQueue({
        timeZone: 'Europe/Dublin',
        slots: [
          { day: 'fri', time: '17:30' },
          { day: 'mon', time: '09:00' },
        ],
      }),
    ).toEqual({
      queue: {
        timeZone: 'Europe/Dublin',
        slots: [
          { day: 'mon', time: '09:00' },
          { day: 'fri', time: '17:30' },
        ],
      },
    });
  });

  it('says why a queue cannot be saved: unknown zone, duplicate slot, bad time, more than 20 slots', () => {
    expect(checkQueue({ timeZone: 'Mars/Olympus', slots: [] })).toEqual({ problem: 'Unknown time zone' });
    const twice = { day: 'mon', time: '09:00' } as const;
    expect(checkQueue({ timeZone: 'UTC', slots: [twice, twice] })).toEqual({ problem: 'Each slot may be listed once' });
    expect(checkQueue({ timeZone: 'UTC', slots: [{ day: 'mon', time: '' }] })).toEqual({
      problem: 'A slot time is HH:mm (00:00–23:59)',
    });
    const many = Array.from({ length: 21 }, (_, index) => ({
      day: 'tue' as const,
      time: `${String(index).padStart(2, '0')}:00`,
    }));
    expect(checkQueue({ timeZone: 'UTC', slots: many })).toEqual({ problem: 'At most 20 slots per week' });
  });
});
