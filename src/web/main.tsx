import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import 'antd/dist/reset.css';
import { recoveryListeners } from './app/recovery';
import { appRoutes } from './app/router';
import { setupStore } from './app/store';
import { UiProvider } from './app/UiProvider';

const store = setupStore();
const persistor = persistStore(store);
// The session is written to storage a moment after it changes; a page left at once (an address typed
// right after signing in, a reload) writes it first, or the next page would not know who signed in.
window.addEventListener('pagehide', () => void persistor.flush());
// Focus, visibility and the network as RTK Query listens for them; regaining focus also asks failed reads again.
setupListeners(store.dispatch, recoveryListeners);
const router = createBrowserRouter(appRoutes);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <UiProvider>
          <RouterProvider router={router} />
        </UiProvider>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
