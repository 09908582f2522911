import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../api-types';
import type { Role } from '../db/schema';
import type { Contract } from './contract';

export type OperationId = keyof operations;

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The typed JSON body, query and path parameters of an operation, as the contract defines them. */
export type Body<Id extends OperationId> = operations[Id] extends { requestBody: infer R } ? JsonBody<NonNullable<R>> : never;
export type Query<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;
export type Params<Id extends OperationId> = operations[Id]['parameters'] extends { path?: infer P } ? NonNullable<P> : never;

export interface OperationDefinition {
  /** Who may call it: 'public', or the roles allowed (the session's role). */
  access: 'public' | readonly Role[];
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export type OperationHandlers = Partial<Record<OperationId, OperationDefinition>>;

/**
 * Registers one Fastify route per contract operation that has a handler. The route's schema comes
 * from the contract; who may call it comes from the handler's definition, and must agree with the
 * contract's security (a public operation has `security: []`).
 */
export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: OperationHandlers,
  guards: { authenticate: (roles: readonly Role[]) => (request: FastifyRequest) => Promise<void> },
): void {
  const known = new Set(contract.operations.map((operation) => operation.operationId));
  for (const operationId of Object.keys(handlers)) {
    if (!known.has(operationId)) throw new Error(`Handler ${operationId} has no operation in the contract`);
  }
  for (const operation of contract.operations) {
    const definition = handlers[operation.operationId as OperationId];
    if (!definition) continue;
    if ((definition.access === 'public') !== operation.isPublic) {
      throw new Error(`${operation.operationId}: access '${String(definition.access)}' disagrees with the contract's security`);
    }
    app.route({
      method: operation.method,
      url: operation.url,
      schema: operation.schema,
      config: { operationId: operation.operationId },
      // Sign-in and role are checked before the body is read or validated.
      onRequest: definition.access === 'public' ? undefined : guards.authenticate(definition.access),
      handler: definition.handler,
    });
  }
}
