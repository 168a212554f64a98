import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { secretString } from '../../lib/aws/secrets';
import { config } from '../../lib/config';

const VERSION = 'v1';
const IV_BYTES = 12;

/** The last key derived, with the material it came from: HKDF runs again only when the secret changed. */
let derived: { material: string; key: Buffer } | undefined;

/** 32 bytes for AES-256, derived from the key material so a generated secret string of any form serves. */
export function deriveTokenKey(material: string): Buffer {
  if (material.trim().length < 32) throw new Error('The token key material is shorter than 32 characters');
  return Buffer.from(hkdfSync('sha256', material.trim(), 'threadsnip', 'platform-tokens', 32));
}

/** The key material: the local key file, read once, or in the cloud the generated secret, read at run time. */
async function keyMaterial(): Promise<string> {
  const { file, secretArn } = config().tokenKey;
  if (file) return derived?.material ?? readFileSync(file, 'utf8');
  if (secretArn) return (await secretString(secretArn)) ?? '';
  throw new Error('TOKEN_KEY_FILE or TOKEN_KEY_SECRET_ARN must be set to store platform tokens');
}

async function tokenKey(): Promise<Buffer> {
  const material = await keyMaterial();
  if (derived?.material !== material) derived = { material, key: deriveTokenKey(material) };
  return derived.key;
}

/**
 * Encrypts a token with AES-256-GCM, bound (as associated data) to the row it belongs to, so a
 * ciphertext copied to another user's or platform's row does not decrypt.
 */
export async function sealToken(plaintext: string, boundTo: string): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await tokenKey(), iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what sealToken produced for the same row; throws when it was altered or moved. */
export async function openToken(sealed: string, boundTo: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown token format');
  const decipher = createDecipheriv('aes-256-gcm', await tokenKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
