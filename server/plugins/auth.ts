// Resolves the bearer token to a member once per request and offers guards for routes.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { findSessionMember, type TSessionMember } from '../modules/auth/session.repository.js';

export type TRole = 'member' | 'purchaser' | 'supplier' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null; resolved lazily and memoised. */
    getMember(): Promise<TSessionMember | null>;
    /** The signed-in member or a 401. */
    requireMember(): Promise<TSessionMember>;
    /** The signed-in member holding one of the roles, or 401 / 403. */
    requireRole(...roles: TRole[]): Promise<TSessionMember>;
    bearerToken(): string | null;
  }
}

export const authPlugin = fp(async (app) => {
  const cache = new WeakMap<FastifyRequest, Promise<TSessionMember | null>>();

  app.decorateRequest('bearerToken', function (this: FastifyRequest) {
    const header = this.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? match[1]! : null;
  });

  app.decorateRequest('getMember', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.bearerToken();
      pending = token ? findSessionMember(app.db, token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });

  app.decorateRequest('requireMember', async function (this: FastifyRequest) {
    const member = await this.getMember();
    if (!member) throw new AppError('UNAUTHORIZED', '登录状态已过期，请重新登录');
    return member;
  });

  app.decorateRequest('requireRole', async function (this: FastifyRequest, ...roles: TRole[]) {
    const member = await this.requireMember();
    if (member.roles.includes('admin') || roles.some((r) => member.roles.includes(r))) return member;
    throw new AppError('FORBIDDEN', '没有权限执行此操作');
  });
});
