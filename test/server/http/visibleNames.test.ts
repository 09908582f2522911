import { randomUUID } from 'node:crypto';
import { loadContract } from '@/server/http/contract';
import { VISIBLE_TEXT } from '@/server/http/requestVocabulary';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * Names and titles are taken as they show (requestVocabulary, visibleText): without bidirectional
 * controls, zero-width and other invisible characters, before their length or anything else is
 * checked. Every field the contract marks is sent here, and every body field called a name or a
 * title must be marked, so a new one is covered as soon as the contract has it.
 */

jest.setTimeout(120_000);

type Json = Record<string, unknown>;

const contract = loadContract();
const INVISIBLE = '\u200B\u200C\u200D\u2060\uFEFF\u202E\u202A\u2066\u200F\u00AD\u3164';

function resolve(node: Json | undefined): Json | undefined {
  const ref = node?.$ref;
  return typeof ref === 'string' ? resolve(contract.schemaByName(ref.replace(/#$/, ''))) : node;
}

/** `operationId.field` for each JSON body field of the contract that the predicate picks. */
function bodyFields(pick: (name: string, schema: Json) => boolean): string[] {
  return contract.operations.flatMap((operation) => {
    const properties = (resolve(operation.schema.body)?.properties ?? {}) as Record<string, Json>;
    return Object.entries(properties)
      .filter(([name, schema]) => pick(name, schema))
      .map(([name]) => `${operation.operationId}.${name}`);
  });
}

const markedFields = bodyFields((_name, schema) => schema[VISIBLE_TEXT] === true).sort();

interface NameCase {
  field: string;
  required: string;
  send(value: string): Promise<{ statusCode: number; body: string; json(): Json }>;
}

describe('names and titles are taken as they show', () => {
  let t: TestApp;
  let cases: Record<string, NameCase>;

  beforeAll(async () => {
    t = await buildTestApp();
    const companyId = await t.createCompany('Acme Payroll');
    const accounts = { system: await t.createUser('SYSTEM'), admin: await t.createUser('ADMIN', { companyId }), staff: await t.createUser('STAFF', { companyId }) };
    const system = await t.signIn('SYSTEM', accounts.system.email, accounts.system.password);
    const admin = await t.signIn('ADMIN', accounts.admin.email, accounts.admin.password);
    const staff = await t.signIn('STAFF', accounts.staff.email, accounts.staff.password);
    const client = await admin.post('/api/client', { name: 'Globex', assigned_staff_id: accounts.staff.id });
    const clientId = client.json().data.client.id as string;
    const email = () => `${randomUUID()}@example.com`;
    const by = (agent: Agent, method: 'POST' | 'PUT' | 'PATCH', url: string, body: (value: string) => Json) => (value: string) =>
      agent.request({ method, url, payload: body(value) });

    cases = {
      createCompany: { field: 'name', required: 'Company name is required', send: by(system, 'POST', '/api/system/companies', (name) => ({ name })) },
      updateCompany: { field: 'name', required: 'Company name is required', send: by(system, 'PATCH', `/api/system/companies/${companyId}`, (name) => ({ name })) },
      createCompanyAdmin: {
        field: 'name',
        required: 'Name is required',
        send: by(system, 'POST', `/api/system/companies/${companyId}/admins`, (name) => ({ name, email: email(), password: 'secret-pass' })),
      },
      createCompanyStaff: { field: 'name', required: 'Name is required', send: by(admin, 'POST', '/api/company/staff', (name) => ({ name, email: email(), password: 'secret-pass' })) },
      createClient: { field: 'name', required: 'Client name is required', send: by(admin, 'POST', '/api/client', (name) => ({ name, assigned_staff_id: accounts.staff.id })) },
      updateClient: { field: 'name', required: 'Client name is required', send: by(admin, 'PUT', `/api/client/${clientId}`, (name) => ({ name })) },
      createTicket: { field: 'title', required: 'Title is required', send: by(staff, 'POST', '/api/ticket', (title) => ({ title, description: 'The button does nothing' })) },
    };
  });
  afterAll(() => t.close());

  it('marks every name and title a request body carries, and sends each marked field here', () => {
    expect(bodyFields((name, schema) => /^(name|title)$/.test(name) && schema.type === 'string').sort()).toEqual(markedFields);
    expect(Object.entries(cases).map(([operationId, { field }]) => `${operationId}.${field}`).sort()).toEqual(markedFields);
  });

  const operations = markedFields.map((field) => field.split('.')[0]);

  it.each(operations)('%s: a name of only spaces and invisible characters is a missing one', async (operationId) => {
    const { field, required, send } = cases[operationId];
    const response = await send(`  ${INVISIBLE}  ${INVISIBLE}`);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { success: false, message: required, error: 'VALIDATION_ERROR', errors: [{ field, message: required }] },
    });
  });

  it.each(operations)('%s: a name is stored and answered without its invisible characters', async (operationId) => {
    const response = await cases[operationId].send(`Invoice\u202Egpj.exe ${randomUUID().slice(0, 8)}\u200B`);
    expect(response.statusCode).toBeLessThan(300);
    expect(response.body).toContain('Invoicegpj.exe ');
    expect([...response.body].filter((character) => INVISIBLE.includes(character))).toEqual([]);
  });

  it.each(operations)('%s: the length limit counts the characters that show', async (operationId) => {
    const { field } = cases[operationId];
    const schema = resolve(contract.operations.find((operation) => operation.operationId === operationId)?.schema.body)?.properties as Record<string, Json>;
    const longest = schema[field].maxLength as number;
    const visible = `${randomUUID()}${'x'.repeat(longest)}`.slice(0, longest);
    const response = await cases[operationId].send(`${visible}${INVISIBLE}`);
    expect(response.statusCode).toBeLessThan(300);
    expect(response.body).toContain(`"${visible}"`);
  });
});
