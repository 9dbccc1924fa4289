import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { AppRoutes } from '../routes/AppRoutes.tsx';
import { ToastProvider } from '../ui/Toast.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Seeds §8: info, balance, alarm and market calls fail silently; one retry covers a blip.
      retry: 1,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
