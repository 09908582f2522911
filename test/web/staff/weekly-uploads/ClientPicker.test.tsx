import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption } from '../../system/systemScreens';
import { client, clientsAnswer } from '../staffScreens';
import { answerSummaries, api, clientId, listAnswer, openWeeklyUploads, row, setupUser, WEEK, WEEK_PATH } from './weeklyScreens';

/** The week's list, narrowed to a client when one is given. */
function answerWeek(items: ReturnType<typeof row>[], narrowedTo?: string) {
  return api()
    .get('/api/staff/weekly-documents')
    .query({ ...WEEK, page: 1, limit: 10, ...(narrowedTo ? { clientId: narrowedTo } : {}) })
    .reply(200, listAnswer(items));
}

/** The assigned active clients the picker lists, searched by `search` when given. */
function answerClients(items: ReturnType<typeof client>[], search?: string) {
  return api()
    .get('/api/staff/clients')
    .query({ page: 1, limit: 100, status: 'ACTIVE', ...(search ? { search } : {}) })
    .reply(200, clientsAnswer(items, { limit: 100 }));
}

const chip = (name: string) => screen.findByText(`Client: ${name}`);
/** The clients the table lists. */
const tableClients = () => within(screen.getByRole('table')).queryAllByText(/^Client \d+$|^Bakery$|^Harbor Diner$/).map((cell) => cell.textContent);

describe('Weekly Uploads: choosing a client', () => {
  beforeEach(() => answerSummaries());

  test('the picker lists the assigned clients, narrows the list to the one chosen, and the chip clears it', async () => {
    answerWeek([row(1), row(2)]);
    const listed = answerClients([client(1), client(2)]);
    answerWeek([row(2)], clientId(2));
    const user = setupUser();
    const { router } = openWeeklyUploads();
    await screen.findByText('Client 1');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Client' }), 'Client 2');
    expect(listed.isDone()).toBe(true);
    expect(await chip('Client 2')).toBeInTheDocument();
    await waitFor(() => expect(tableClients()).toEqual(['Client 2']));
    expect(new URLSearchParams(router.state.location.search).get('clientId')).toBe(clientId(2));

    answerWeek([row(1), row(2)]);
    await user.click(screen.getByRole('button', { name: 'Show all clients' }));
    await waitFor(() => expect(tableClients()).toEqual(['Client 1', 'Client 2']));
    expect(screen.queryByText(/^Client: /)).not.toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).has('clientId')).toBe(false);
  });

  test('typing asks the server for matching clients once typing pauses', async () => {
    answerWeek([row(1)]);
    answerClients([client(1), client(2)]);
    const searched = answerClients([client(7, { name: 'Bakery' })], 'bak');
    answerWeek([], clientId(7));
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');

    const picker = screen.getByRole('combobox', { name: 'Client' });
    await user.click(picker);
    await user.type(picker, 'bak');
    await chooseOption(user, picker, 'Bakery');
    expect(searched.isDone()).toBe(true);
    expect(await screen.findByText('No uploads found for the selected client')).toBeInTheDocument();
    expect(await chip('Bakery')).toBeInTheDocument();
  });

  test('a link that narrows the list names the client in a chip; closing it shows every client again', async () => {
    answerWeek([], clientId(4));
    const named = api().get(`/api/staff/clients/${clientId(4)}`).reply(200, { success: true, data: { client: { ...client(4, { name: 'Harbor Diner' }), required_documents: [] } } });
    const user = setupUser();
    const { router } = openWeeklyUploads(`${WEEK_PATH}&clientId=${clientId(4)}`);

    expect(await screen.findByText('No uploads found for the selected client')).toBeInTheDocument();
    expect(await chip('Harbor Diner')).toBeInTheDocument();
    expect(named.isDone()).toBe(true);
    const picker = screen.getByRole('combobox', { name: 'Client' }).closest('.ant-select') as HTMLElement;
    expect(within(picker).getByText('Harbor Diner')).toBeInTheDocument();

    answerWeek([row(1)]);
    await user.click(screen.getByRole('button', { name: 'Show all clients' }));
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('clientId');
  });

  test('a link naming a client that is not theirs says so in the chip, and can be cleared', async () => {
    answerWeek([], clientId(9));
    api().get(`/api/staff/clients/${clientId(9)}`).reply(404, { success: false, message: "Client not found or you don't have access to this client.", error: 'NOT_FOUND' });
    const user = setupUser();
    openWeeklyUploads(`${WEEK_PATH}&clientId=${clientId(9)}`);
    expect(await chip('Unknown client')).toBeInTheDocument();
    answerWeek([row(1)]);
    await user.click(screen.getByRole('button', { name: 'Show all clients' }));
    await waitFor(() => expect(tableClients()).toEqual(['Client 1']));
  });
});
