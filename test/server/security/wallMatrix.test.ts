import { type ContractOperation, loadContract } from '@/server/http/contract';
import type { OperationId } from '@/server/http/operations';
import { ROOM_REFUSED } from '@/server/realtime/roomAccess';
import type { Agent } from '../../helpers/buildTestApp';
import { multipart } from '../jobs/uploadHarness';
import { connect, cookieOf, listen, refusalOf } from '../realtime/socketClient';
import { ACTORS, type Actor, CALLS, type Caller, type CallPlan, callersOf, type MatrixWorld, secretsFor, seedWorld, type Side } from './wallMatrixCalls';

/** What a caller gets: success (the operation's own 2xx), or the refusal that fits who they are. */
type Answer = 200 | 201 | 202 | 400 | 401 | 403 | 404 | 409;
type Walls = Record<Actor, Answer>;
type InjectResponse = Awaited<ReturnType<Agent['request']>>;

/** A row of the matrix, in the column order of ACTORS. */
function walls(...answers: [Answer, Answer, Answer, Answer, Answer, Answer, Answer]): Walls {
  return Object.fromEntries(ACTORS.map((actor, index) => [actor, answers[index]])) as Walls;
}

/**
 * What each caller gets from each operation, asked with the target company's real ids. `admin`,
 * `staff` (the client is assigned to them) and `colleague` (a staff member of the same company
 * without that client) belong to the target; `foreignAdmin` and `foreignStaff` to the other
 * company. Another company's record answers 404, exactly like a missing one; a role the operation
 * is not for answers 403 before anything is looked up; no session answers 401. The one 400 is an
 * id in a body: another company's staff member is refused as "choose one of your staff", the same
 * answer as an id that does not exist. The 409s are callers past the wall asking for the viewer's
 * rows of an upload still queued (not ready yet).
 */
const WALL_MATRIX: Record<string, Walls> = {
  //                                     anonymous system admin staff colleague foreignAdmin foreignStaff
  getHealth:                      walls(200,      200,   200,  200,  200,      200,         200),
  getReady:                       walls(200,      200,   200,  200,  200,      200,         200),

  loginSystem:                    walls(401,      200,   401,  401,  401,      401,         401),
  loginAdmin:                     walls(401,      401,   200,  401,  401,      200,         401),
  loginStaff:                     walls(401,      401,   401,  200,  200,      401,         200),
  refreshSession:                 walls(401,      200,   200,  200,  200,      200,         200),
  logout:                         walls(200,      200,   200,  200,  200,      200,         200),
  changeOwnPassword:              walls(401,      200,   200,  200,  200,      200,         200),
  getMe:                          walls(401,      200,   200,  200,  200,      200,         200),

  listCompanies:                  walls(401,      200,   403,  403,  403,      403,         403),
  createCompany:                  walls(401,      201,   403,  403,  403,      403,         403),
  getCompany:                     walls(401,      200,   403,  403,  403,      403,         403),
  updateCompany:                  walls(401,      200,   403,  403,  403,      403,         403),
  deleteCompany:                  walls(401,      200,   403,  403,  403,      403,         403),
  listCompanyAdmins:              walls(401,      200,   403,  403,  403,      403,         403),
  createCompanyAdmin:             walls(401,      201,   403,  403,  403,      403,         403),
  deleteCompanyAdmin:             walls(401,      200,   403,  403,  403,      403,         403),
  resetCompanyAdminPassword:      walls(401,      200,   403,  403,  403,      403,         403),
  listConsolidatedFiles:          walls(401,      200,   403,  403,  403,      403,         403),
  uploadConsolidatedFile:         walls(401,      201,   403,  403,  403,      403,         403),
  getConsolidatedFileContent:     walls(401,      200,   403,  403,  403,      403,         403),
  getConsolidatedFileViewer:      walls(401,      200,   403,  403,  403,      403,         403),
  getConsolidatedFileViewerRows:  walls(401,      200,   403,  403,  403,      403,         403),
  listAuditLog:                   walls(401,      200,   403,  403,  403,      403,         403),
  getAuditLogOptions:             walls(401,      200,   403,  403,  403,      403,         403),
  exportAuditLog:                 walls(401,      200,   403,  403,  403,      403,         403),

  getCurrentCompany:              walls(401,      403,   200,  403,  403,      200,         403),
  getCompanyStorage:              walls(401,      403,   200,  403,  403,      200,         403),
  listCompanyStaff:               walls(401,      403,   200,  403,  403,      200,         403),
  createCompanyStaff:             walls(401,      403,   201,  403,  403,      201,         403),
  deleteCompanyStaff:             walls(401,      403,   200,  403,  403,      404,         403),
  resetCompanyStaffPassword:      walls(401,      403,   200,  403,  403,      404,         403),
  getCompanyWeeklyStats:          walls(401,      403,   200,  403,  403,      200,         403),
  matchCompanyWeeklyUploads:      walls(401,      403,   200,  403,  403,      200,         403),
  listCompanyFileUploads:         walls(401,      403,   200,  403,  403,      200,         403),
  listCompanyWeeklyDocuments:     walls(401,      403,   200,  403,  403,      200,         403),
  reviewWeeklyDocument:           walls(401,      403,   200,  403,  403,      404,         403),
  getCompanyUpload:               walls(401,      403,   200,  403,  403,      404,         403),
  fixUploadMapping:               walls(401,      403,   202,  403,  403,      404,         403),
  downloadCompanyUpload:          walls(401,      403,   200,  403,  403,      404,         403),
  getCompanyUploadViewer:         walls(401,      403,   200,  403,  403,      404,         403),
  getCompanyUploadViewerRows:     walls(401,      403,   409,  403,  403,      404,         403),
  getCompanyUploadViewerLineage:  walls(401,      403,   409,  403,  403,      404,         403),
  bulkDownloadCompanyUploads:     walls(401,      403,   200,  403,  403,      404,         403),
  listCompanyAuditLog:            walls(401,      403,   200,  403,  403,      200,         403),
  getCompanyAuditLogOptions:      walls(401,      403,   200,  403,  403,      200,         403),
  exportCompanyAuditLog:          walls(401,      403,   200,  403,  403,      200,         403),

  listClients:                    walls(401,      403,   200,  403,  403,      200,         403),
  getClient:                      walls(401,      403,   200,  403,  403,      404,         403),
  createClient:                   walls(401,      403,   201,  403,  403,      400,         403),
  updateClient:                   walls(401,      403,   200,  200,  404,      404,         404),
  deleteClient:                   walls(401,      403,   200,  403,  403,      404,         403),

  listStaffClients:               walls(401,      403,   403,  200,  200,      403,         200),
  getStaffClient:                 walls(401,      403,   403,  200,  404,      403,         404),
  listStaffClientUploads:         walls(401,      403,   403,  200,  404,      403,         404),
  listStaffWeeklyDocuments:       walls(401,      403,   403,  200,  200,      403,         200),
  getStaffWeeklyDocumentsSummary: walls(401,      403,   403,  200,  200,      403,         200),
  listStaffUploads:               walls(401,      403,   403,  200,  200,      403,         200),
  getStaffUploadReview:           walls(401,      403,   403,  200,  404,      403,         404),
  getStaffWeeklyStats:            walls(401,      403,   403,  200,  200,      403,         200),
  matchStaffWeeklyUploads:        walls(401,      403,   403,  200,  200,      403,         200),
  uploadRequiredDocument:         walls(401,      403,   403,  202,  404,      403,         404),
  reuploadRequiredDocument:       walls(401,      403,   403,  202,  404,      403,         404),
  downloadStaffUpload:            walls(401,      403,   403,  200,  404,      403,         404),
  getStaffUploadViewer:           walls(401,      403,   403,  200,  404,      403,         404),
  getStaffUploadViewerRows:       walls(401,      403,   403,  409,  404,      403,         404),
  getStaffUploadViewerLineage:    walls(401,      403,   403,  409,  404,      403,         404),

  listMyTickets:                  walls(401,      403,   200,  200,  200,      200,         200),
  createTicket:                   walls(401,      403,   201,  201,  201,      201,         201),
  listAllTickets:                 walls(401,      200,   403,  403,  403,      403,         403),
  getTicketStatistics:            walls(401,      200,   403,  403,  403,      403,         403),
  getTicket:                      walls(401,      200,   200,  200,  404,      404,         404),
  deleteTicket:                   walls(401,      200,   403,  403,  403,      403,         403),
  updateTicketStatus:             walls(401,      200,   403,  403,  403,      403,         403),
  addTicketComment:               walls(401,      201,   201,  201,  404,      404,         404),
};

/**
 * Operations whose owners' answer shows one of the target's records: the same calls, made by
 * another company or a colleague, must not show it (checked on every successful answer below).
 */
const OWNER_VIEWS: [OperationId, Actor, string][] = [
  ['getCurrentCompany', 'admin', 'company id'],
  ['listCompanyStaff', 'admin', 'colleague id'],
  ['listCompanyFileUploads', 'admin', 'upload id'],
  ['listCompanyWeeklyDocuments', 'admin', 'upload id'],
  ['listClients', 'admin', 'client id'],
  ['getClient', 'admin', 'client id'],
  ['listCompanyAuditLog', 'admin', 'client id'],
  ['getCompanyAuditLogOptions', 'admin', 'staff id'],
  ['exportCompanyAuditLog', 'admin', 'client id'],
  ['listMyTickets', 'admin', 'ticket id'],
  ['listStaffClients', 'staff', 'client id'],
  ['listStaffWeeklyDocuments', 'staff', 'upload id'],
  ['listStaffUploads', 'staff', 'upload id'],
  ['listMyTickets', 'staff', 'ticket id'],
];

/** Who may follow an upload's processing rooms: its company's admins and the staff member its client is assigned to. */
const ROOM_WALLS: Record<Exclude<Actor, 'anonymous'>, 'joins' | 'refused'> = {
  system: 'refused',
  admin: 'joins',
  staff: 'joins',
  colleague: 'refused',
  foreignAdmin: 'refused',
  foreignStaff: 'refused',
};

const operations = loadContract().operations;

function urlOf(operation: ContractOperation, plan: CallPlan): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = plan.params?.[name];
    if (!value) throw new Error(`${operation.operationId}: the call gives no {${name}}`);
    return value;
  });
  return `/api${path}${plan.query ? `?${new URLSearchParams(plan.query)}` : ''}`;
}

/** The operation as the caller (or the call's own session) sends it from the app's pages, with the plan's ids, query and body. */
async function callAs(caller: Caller, operation: ContractOperation, plan: CallPlan): Promise<InjectResponse> {
  const form = plan.form ? multipart(plan.form) : undefined;
  return (plan.agent ?? caller.agent).request({
    method: operation.method,
    url: urlOf(operation, plan),
    payload: form?.payload ?? (plan.body as object | undefined),
    headers: form?.headers,
  });
}

/** A refusal not in the product's error shape, or a success that carries a record the caller must not read. */
function problemsOf(response: InjectResponse, caller: Caller, target: Side): string[] {
  if (response.statusCode >= 400) {
    const body = response.json() as { success?: unknown; message?: unknown; error?: unknown };
    const shaped = body.success === false && typeof body.message === 'string' && body.message.length > 0 && typeof body.error === 'string';
    return shaped ? [] : [`${caller.actor} was refused without the error shape: ${response.body}`];
  }
  const text = response.rawPayload.toString('latin1');
  return Object.entries(secretsFor(target, caller.actor))
    .filter(([, value]) => text.includes(value))
    .map(([label, value]) => `${caller.actor} read ${target.name}'s ${label} (${value})`);
}

describe('the wall matrix: every operation of the contract, called by everyone with real ids', () => {
  let world: MatrixWorld;
  /** Each company in turn is the target, the other one the foreigner. */
  let directions: [Side, Side][];

  beforeAll(async () => {
    world = await seedWorld();
    const [acme, globex] = world.sides;
    directions = [
      [acme, globex],
      [globex, acme],
    ];
  });
  afterAll(() => world.t.close());

  it('has a row for every operation of the contract, and none for an operation the contract no longer has', () => {
    const inContract = operations.map((operation) => operation.operationId);
    const problems = [
      ...inContract.filter((id) => !(id in WALL_MATRIX)).map((id) => `operation ${id} has no row in the wall matrix`),
      ...Object.keys(WALL_MATRIX).filter((id) => !inContract.includes(id)).map((id) => `the wall matrix has a row for ${id}, which the contract no longer has`),
      ...inContract.filter((id) => !(id in CALLS)).map((id) => `operation ${id} has no call in the wall matrix`),
    ];
    expect(problems).toEqual([]);
  });

  it('shows the owners, in the same calls, the records the others must not read, so their absence means something', async () => {
    const missing: string[] = [];
    for (const [target, other] of directions) {
      for (const [operationId, owner, label] of OWNER_VIEWS) {
        const operation = operations.find((candidate) => candidate.operationId === operationId)!;
        const caller = callersOf(world, target, other).find((candidate) => candidate.actor === owner)!;
        const response = await callAs(caller, operation, await CALLS[operationId](world, target, caller));
        const value = secretsFor(target, 'foreignAdmin')[label];
        if (response.statusCode !== 200 || !response.body.includes(value)) missing.push(`${operationId} as ${owner} of ${target.name} did not show the ${label}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s answers each caller as its row says', async (operationId, operation) => {
    const row = WALL_MATRIX[operationId];
    if (!row) throw new Error(`operation ${operationId} has no row in the wall matrix`);
    const answered: Record<string, Partial<Walls>> = {};
    const expected: Record<string, Walls> = {};
    const problems: string[] = [];
    for (const [target, other] of directions) {
      const label = `${target.name}'s records`;
      answered[label] = {};
      expected[label] = row;
      for (const caller of callersOf(world, target, other)) {
        const plan = await CALLS[operationId as OperationId](world, target, caller);
        const response = await callAs(caller, operation, plan);
        answered[label][caller.actor] = response.statusCode as Answer;
        problems.push(...problemsOf(response, caller, target));
      }
    }
    expect(answered).toEqual(expected);
    expect(problems).toEqual([]);
  });

  describe('socket rooms', () => {
    let baseUrl: string;

    beforeAll(async () => {
      baseUrl = await listen(world.t);
    });

    it('refuses a socket without a session before any room is joined', async () => {
      expect((await refusalOf(baseUrl)).data).toEqual({ code: 'UNAUTHORIZED' });
    });

    it("lets only an upload's own admins and assigned staff join its processing and job rooms", async () => {
      const answered: Record<string, Record<string, string>> = {};
      const expected: Record<string, Record<string, string>> = {};
      for (const [target, other] of directions) {
        const label = `${target.name}'s upload`;
        answered[label] = {};
        expected[label] = {};
        for (const caller of callersOf(world, target, other).filter((candidate) => candidate.actor !== 'anonymous')) {
          const actor = caller.actor as keyof typeof ROOM_WALLS;
          const socket = await connect(baseUrl, { cookie: cookieOf(caller.agent) });
          try {
            for (const room of [target.upload.id, `job-${target.upload.jobId}`]) {
              const joined = await socket.join(room);
              answered[label][`${actor} → ${room}`] = joined.ok ? 'joins' : joined.message === ROOM_REFUSED ? 'refused' : `answered ${JSON.stringify(joined)}`;
              expected[label][`${actor} → ${room}`] = ROOM_WALLS[actor];
            }
          } finally {
            socket.close();
          }
        }
      }
      expect(answered).toEqual(expected);
    });
  });
});
