/** 'YYYY-MM-DDTHH:mm' on the zone's wall clock, as the picker (`datetime-local`) takes it. */
export function wallClock(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The next whole minute (the picker's unit) at least `leadMs` from now. */
export function nextWholeMinute(leadMs: number, now = Date.now()): Date {
  return new Date(Math.ceil((now + leadMs) / 60_000) * 60_000);
}
