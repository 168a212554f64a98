/** The cost beside the X read switch: 'X bills each read: $0.005 per read.' (up to 4 decimals, never rounded to $0.00). */
export function costPerReadText(costPerReadUsd: number): string {
  const price = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(costPerReadUsd);
  return `X bills each read: ${price} per read.`;
}
