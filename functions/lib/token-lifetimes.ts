/**
 * How long the web client's tokens stay valid. The CDK app sets the user pool client with these
 * values, and a deleted account's tombstone outlives the longest of them, so no token issued to the
 * account can still be valid when the tombstone goes.
 */
export const TOKEN_VALIDITY = { idTokenMinutes: 60, accessTokenMinutes: 60, refreshTokenDays: 30 } as const;

/** The longest time any token of the web client stays valid (the refresh token's), in seconds. */
export const LONGEST_TOKEN_LIFETIME_SECONDS = Math.max(
  TOKEN_VALIDITY.idTokenMinutes * 60,
  TOKEN_VALIDITY.accessTokenMinutes * 60,
  TOKEN_VALIDITY.refreshTokenDays * 24 * 60 * 60,
);
