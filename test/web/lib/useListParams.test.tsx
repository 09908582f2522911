import { act, render, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';

/** Runs the hook on a screen at `address` and gives the router, to read the address it writes. */
function renderAt(address: string) {
  let hookResult: ReturnType<typeof useListParams<{ status: string; search: string }>> | undefined;
  function Probe() {
    hookResult = useListParams({ status: '', search: '' });
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
  return { router, current: () => hookResult as NonNullable<typeof hookResult> };
}

test('reads the page and filters from the address, defaults for what is missing or invalid', () => {
  const { current } = renderAt('/list?page=3&status=OPEN');
  expect(current().params).toEqual({ page: 3, status: 'OPEN', search: '' });
  expect(renderAt('/list?page=abc').current().params.page).toBe(1);
  expect(renderAt('/list?page=0').current().params.page).toBe(1);
});

test('changing a filter starts from page 1 and leaves defaults and foreign parameters alone', async () => {
  const { router, current } = renderAt('/list?page=3&weekStart=2026-03-02');
  await act(async () => current().setParams({ status: 'CLOSED' }));
  expect(router.state.location.search).toBe('?weekStart=2026-03-02&status=CLOSED');
  await act(async () => current().setParams({ status: '' }));
  expect(router.state.location.search).toBe('?weekStart=2026-03-02');
});

test('a filter reset to its default that was already the default keeps the page', async () => {
  const { router, current } = renderAt('/list?page=3');
  await act(async () => current().setParams({ status: undefined }));
  expect(router.state.location.search).toBe('?page=3');
});

test('a change that names the page keeps it', async () => {
  const { router, current } = renderAt('/list?page=2');
  await act(async () => current().setParams({ search: 'acme', page: 2 }, { replace: true }));
  expect(router.state.location.search).toBe('?page=2&search=acme');
});

test('stepping back: past the last page it moves to the last one and says so meanwhile', () => {
  const setPage = jest.fn();
  const { result, rerender } = renderHook(({ page, totalPages, settled }) => useStepBackToLastPage(page, totalPages, settled, setPage), {
    initialProps: { page: 3, totalPages: 2 as number | undefined, settled: false },
  });
  expect(result.current).toBe(false);
  expect(setPage).not.toHaveBeenCalled();
  rerender({ page: 3, totalPages: 2, settled: true });
  expect(result.current).toBe(true);
  expect(setPage).toHaveBeenCalledWith(2, { replace: true });
  rerender({ page: 2, totalPages: 0, settled: true });
  expect(setPage).toHaveBeenLastCalledWith(1, { replace: true });
});
