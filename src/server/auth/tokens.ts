import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../db/schema';

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: string;
  role: Role;
  companyId: string | null;
  sessionId: string;
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export class TokenService {
  private readonly key: Uint8Array;
  /** Derives successor refresh tokens; its own key, so it never signs what the access key signs. */
  private readonly successorKey: Buffer;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.successorKey = Buffer.from(hkdfSync('sha256', secret, '', 'payroll refresh-token successor', 32));
  }

  /**
   * The refresh token that replaces a spent one, computed rather than drawn: HMAC-SHA256 of the spent
   * token's stored hash under a key derived from the session secret. Only the hash of each token is
   * stored, so this is what lets the server hand the same successor again to a second, concurrent
   * presenter of the token it just rotated (see REFRESH_REUSE_GRACE_SECONDS) without keeping any
   * token it could give away. Knowing a token's hash (a copy of the database) is not enough to compute
   * its successor; that takes the session secret too, which already signs every access token.
   */
  successorRefreshToken(spentTokenHash: string): string {
    return createHmac('sha256', this.successorKey).update(spentTokenHash).digest('base64url');
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, cid: claims.companyId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  async verifyAccess(token: string): Promise<AccessCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        claims: {
          userId: payload.sub,
          role: payload.role as Role,
          companyId: (payload.cid as string | null) ?? null,
          sessionId: payload.sid,
        },
      };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
