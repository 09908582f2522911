/**
 * Renders SPA code the way the browser entry does: a fresh store, Ant Design's App context and a
 * router in memory. `renderApp` mounts the whole route table at a path.
 */
import { render, type RenderResult } from '@testing-library/react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import nock from 'nock';
import type { CurrentUser } from '@/web/api/generated';
import { appRoutes } from '@/web/app/router';
import { type AppStore, type PreloadedState, setupStore } from '@/web/app/store';
import { FeedbackProvider } from '@/web/app/FeedbackProvider';
import { UiProvider } from '@/web/app/UiProvider';

/** Where nock answers for the API in tests (the base the suites configure). */
export const API_ORIGIN = 'http://localhost';

interface RenderOptions {
  preloadedState?: PreloadedState;
  store?: AppStore;
}

/**
 * What only the suites change about Ant Design, inherited by the app's own provider inside: no
 * motion (a closing dialog or menu leaves the page at once rather than after an animation jsdom
 * never plays), no click wave, and class names without the per-version hash, which makes every
 * style rule cheaper for jsdom to match. Components, texts, roles and the rules that hide things
 * stay as in the browser.
 */
const testTheme: ThemeConfig = { hashed: false, token: { motion: false } };
const noWave = { disabled: true };

function TestUiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={testTheme} wave={noWave}>
      <UiProvider>
        <FeedbackProvider>{children}</FeedbackProvider>
      </UiProvider>
    </ConfigProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', preloadedState, store = setupStore(preloadedState) }: RenderOptions & { route?: string } = {},
): RenderResult & { store: AppStore } {
  const result = render(
    <Provider store={store}>
      <TestUiProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </TestUiProvider>
    </Provider>,
  );
  return { ...result, store };
}

export function renderApp(
  route: string,
  { preloadedState, store = setupStore(preloadedState) }: RenderOptions = {},
): RenderResult & { store: AppStore; router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(appRoutes, { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <TestUiProvider>
        <RouterProvider router={router} />
      </TestUiProvider>
    </Provider>,
  );
  return { ...result, store, router };
}

export const users: Record<CurrentUser['role'], CurrentUser> = {
  SYSTEM: { id: 'u-system', name: 'Sam Operator', email: 'sam@platform.test', role: 'SYSTEM', company_id: null, company_name: null },
  ADMIN: { id: 'u-admin', name: 'Alice Admin', email: 'alice@acme.test', role: 'ADMIN', company_id: 'c-1', company_name: 'Acme' },
  STAFF: { id: 'u-staff', name: 'Steve Staff', email: 'steve@acme.test', role: 'STAFF', company_id: 'c-1', company_name: 'Acme' },
};

export function signedInAs(role: CurrentUser['role']): PreloadedState {
  return { auth: { user: users[role] } };
}

/** The server confirms the session of `user` when a shell asks who is signed in. */
export function expectSessionCheck(user: CurrentUser) {
  return nock(API_ORIGIN).get('/api/auth/me').reply(200, { success: true, data: user });
}

/** Makes media queries see a viewport this wide. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

const emptyPage = { page: 1, limit: 10, total: 0, totalPages: 0, hasPrevPage: false, hasNextPage: false };

/**
 * Answers the reads that the area screens make on arrival with empty lists, for tests about the
 * frame (shells, guards) rather than about a screen's data.
 */
export function stubScreenReads(): void {
  const api = nock(API_ORIGIN).persist();
  api.get('/api/system/companies').query(true).reply(200, { success: true, data: { companies: [], pagination: emptyPage } });
  api.get('/api/system/consolidated-files').query(true).reply(200, { success: true, data: { files: [], pagination: emptyPage } });
  api
    .get('/api/company/current')
    .reply(200, { success: true, data: { company: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Acme', staff_count: 0, active_clients: 0 } } });
  api.get('/api/company/storage').reply(200, { success: true, data: { storage: { usedBytes: 0, quotaBytes: 5 * 1024 ** 3 } } });
  api
    .get('/api/company/weekly-documents')
    .query(true)
    .reply(200, { success: true, data: { documents: [], pagination: { page: 1, limit: 20, totalCount: 0, totalPages: 0, hasPrev: false, hasNext: false } } });
  api.get('/api/company/weekly-stats').query(true).reply(200, {
    success: true,
    data: { stats: { pendingReviews: 0, rejectedUploads: 0, approvedUploads: 0, remainingUploads: 0, completedUploads: 0, clientsWithUploads: 0, totalClients: 0 } },
  });
  const noStaffPages = { currentPage: 1, totalPages: 0, totalCount: 0, hasPreviousPage: false, hasNextPage: false };
  api.get('/api/staff/clients').query(true).reply(200, { success: true, data: { clients: [], pagination: noStaffPages } });
  api.get('/api/staff/weekly-stats').query(true).reply(200, {
    success: true,
    data: { stats: { totalUploaded: 0, uploadsPendingReview: 0, approvedUploads: 0, rejectedUploads: 0, clientsWithUploads: 0, totalAssignedClients: 0, completionPercentage: 0 } },
  });
  api.get('/api/ticket').query(true).reply(200, { success: true, data: { tickets: [], pagination: { ...emptyPage, limit: 12 } } });
  api.get('/api/ticket/all').query(true).reply(200, { success: true, data: { tickets: [], pagination: { ...emptyPage, limit: 12 } } });
  api
    .get('/api/ticket/statistics')
    .reply(200, { success: true, data: { statistics: { total_tickets: 0, open_tickets: 0, in_progress_tickets: 0, completed_tickets: 0, closed_tickets: 0 } } });
  for (const area of ['system', 'company']) {
    api.get(`/api/${area}/audit`).query(true).reply(200, { success: true, data: { entries: [], pagination: { ...emptyPage, limit: 50 } } });
    api.get(`/api/${area}/audit/options`).query(true).reply(200, { success: true, data: { people: [], actions: [] } });
  }
}
