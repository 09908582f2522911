import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, setupUser } from '../system/systemScreens';
import { client, clientId, clientPage } from './adminScreens';
import { answerList, api, openReviewScreen, REVIEW_PATH, row } from './weeklyReviewScreens';

/** The company's active clients the picker lists, searched by `search` when given. */
function answerClients(items: ReturnType<typeof client>[], search?: string) {
  return api()
    .get('/api/client')
    .query({ page: 1, limit: 100, status: 'ACTIVE', ...(search ? { search } : {}) })
    .reply(200, clientPage(items, { limit: 100 }));
}

/** The clients the table lists. */
const tableClients = () => within(screen.getByRole('table')).queryAllByText(/^Client \d+$/).map((cell) => cell.textContent);

describe('Weekly Uploads Review: choosing a client', () => {
  test("the picker lists the company's clients and narrows the list to the one chosen; the chip clears it", async () => {
    answerList([row(1), row(2)]);
    const listed = answerClients([client(1), client(2)]);
    answerList([row(2)], { clientId: clientId(2) });
    const user = setupUser();
    const { router } = openReviewScreen();
    await waitFor(() => expect(tableClients()).toEqual(['Client 1', 'Client 2']));

    await chooseOption(user, screen.getByRole('combobox', { name: 'Client' }), 'Client 2');
    expect(listed.isDone()).toBe(true);
    await waitFor(() => expect(tableClients()).toEqual(['Client 2']));
    expect(await screen.findByText('Client: Client 2')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('clientId')).toBe(clientId(2));

    answerList([row(1), row(2)]);
    await user.click(screen.getByRole('button', { name: 'Show all clients' }));
    await waitFor(() => expect(tableClients()).toEqual(['Client 1', 'Client 2']));
    expect(screen.queryByText(/^Client: /)).not.toBeInTheDocument();
  });

  test('a link that narrows the list names the client, reads it once, and says when it has nothing this week', async () => {
    answerList([], { clientId: clientId(5) });
    const named = api().get(`/api/client/${clientId(5)}`).reply(200, { success: true, data: { client: client(5, { name: 'Harbor Diner' }) } });
    const user = setupUser();
    const { router } = openReviewScreen(`${REVIEW_PATH}&clientId=${clientId(5)}`);

    expect(await screen.findByText('No uploads found for the selected client this week.')).toBeInTheDocument();
    expect(await screen.findByText('Client: Harbor Diner')).toBeInTheDocument();
    expect(named.isDone()).toBe(true);

    answerList([row(1)]);
    await user.click(screen.getByRole('button', { name: 'Show all clients' }));
    await waitFor(() => expect(tableClients()).toEqual(['Client 1']));
    expect(router.state.location.search).not.toContain('clientId');
  });

  test('clearing the picker shows every client again', async () => {
    answerList([], { clientId: clientId(5) });
    api().get(`/api/client/${clientId(5)}`).reply(200, { success: true, data: { client: client(5, { name: 'Harbor Diner' }) } });
    const user = setupUser();
    openReviewScreen(`${REVIEW_PATH}&clientId=${clientId(5)}`);
    await screen.findByText('Client: Harbor Diner');

    answerList([row(3)]);
    const picker = screen.getByRole('combobox', { name: 'Client' }).closest('.ant-select') as HTMLElement;
    await user.hover(picker);
    await user.click(within(picker).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(tableClients()).toEqual(['Client 3']));
  });
});
