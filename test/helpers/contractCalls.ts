import { randomUUID } from 'node:crypto';
import { allOperations } from '@/server/app';
import { loadContract } from '@/server/http/contract';
import type { Agent } from './buildTestApp';

export interface ContractCall {
  operationId: string;
  method: string;
  url: string;
  body?: unknown;
}

/**
 * One request for each served operation whose id is listed, with random ids in the path and the
 * given body (one that would pass validation), so a refusal can only come from who is calling.
 */
export function callsOf(operationIds: readonly string[], bodies: Record<string, unknown> = {}): ContractCall[] {
  const operations = loadContract().operations.filter((operation) => operationIds.includes(operation.operationId));
  const unknown = operationIds.filter((id) => !operations.some((operation) => operation.operationId === id) || !(id in allOperations));
  if (unknown.length > 0) throw new Error(`not served: ${unknown.join(', ')}`);
  return operations.map((operation) => ({
    operationId: operation.operationId,
    method: operation.method,
    url: `/api${operation.path.replace(/\{\w+\}/g, randomUUID())}`,
    body: bodies[operation.operationId],
  }));
}

/** The served operations whose path starts with one of the prefixes (e.g. '/company/', '/client'). */
export function servedOperationsUnder(...prefixes: string[]): string[] {
  return loadContract()
    .operations.filter((operation) => prefixes.some((prefix) => operation.path.startsWith(prefix)) && operation.operationId in allOperations)
    .map((operation) => operation.operationId);
}

/** What each call answered: status and body, labelled by operation so a failure names the call. */
export async function answersTo(agent: Agent, calls: ContractCall[]): Promise<{ call: string; status: number; body: unknown }[]> {
  const answers = [];
  for (const call of calls) {
    const response = await agent.request({ method: call.method as 'GET', url: call.url, payload: call.body as object });
    answers.push({ call: call.operationId, status: response.statusCode, body: response.json() as unknown });
  }
  return answers;
}
