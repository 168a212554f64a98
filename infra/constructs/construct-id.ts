/** 'http/get-health' → 'HttpGetHealth': a stable construct id for a manifest name. */
export function constructId(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
