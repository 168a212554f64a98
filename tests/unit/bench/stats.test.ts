import { describe, expect, it } from 'vitest';
import { sequentialWaits } from '#bench/lib/stats';

describe("bench:api's count of the DynamoDB round trips a request waits for", () => {
  it('counts calls made side by side as one wait and calls one after another as one each', () => {
    // A Query beside the account check (overlapping), then the security event's write.
    expect(
      sequentialWaits([
        [10, 14],
        [0, 3],
        [0.5, 4],
      ]),
    ).toEqual({ waits: 2, ms: 8 });
    // Three calls in a row.
    expect(
      sequentialWaits([
        [0, 1],
        [1, 2],
        [2, 4],
      ]),
    ).toEqual({ waits: 3, ms: 4 });
    // A call that starts inside another and ends after it extends the same wait.
    expect(
      sequentialWaits([
        [0, 2],
        [1, 5],
      ]),
    ).toEqual({ waits: 1, ms: 5 });
    expect(sequentialWaits([])).toEqual({ waits: 0, ms: 0 });
  });
});
