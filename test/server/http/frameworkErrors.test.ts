import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * What the framework itself refuses answers in the product's shape, `{ success: false, message,
 * error }`, with a message a person can act on: a JSON body over the 1 MB limit (not the upload
 * message, which stays the uploads': staff.uploads.test.ts), and addresses the router cannot read.
 */
describe('framework refusals in the product shape', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says a JSON body over the limit is too large, not that a file is', async () => {
    const account = await t.createUser('STAFF', { companyId: await t.createCompany() });
    const staff = await t.signIn('STAFF', account.email, account.password);
    const response = await staff.post('/api/ticket', { title: 'Big', description: 'x'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'This request is too large. Please send less at once.', error: 'TOO_LARGE' });
  });

  it.each(['/api/%', '/api/ticket/%zz', '/api/staff/download/%E0%A4%A?type=raw', '/%'])('answers the malformed address %s with 400', async (url) => {
    const response = await t.agent().get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'This address is not valid. Please check the link and try again.', error: 'BAD_REQUEST' });
  });

  it('answers a path segment longer than any id with 414', async () => {
    const response = await t.agent().get(`/api/ticket/${'a'.repeat(500)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ success: false, message: 'This address is too long. Please check the link and try again.', error: 'BAD_REQUEST' });
  });
});
