/** The cost beside the X read switch: 'X bills every post it reads: $0.005 per post, at each reading.' (up to 4 decimals, never rounded to $0.00). */
export function costPerReadText(costPerReadUsd: number): string {
  const price = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(costPerReadUsd);
  return `X bills every post it reads: ${price} per post, at each reading.`;
}
