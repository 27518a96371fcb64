import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getByQueryKey } from './api'
import { App } from './app'
import { ToastProvider } from './toasts'
import './styles.css'

// docs/spec/product-spec.md §9: data stays fresh 5 minutes, no automatic retries, refetch on window focus; the default
// fetcher GETs the route a query key names, with its parameters (web/queries.ts).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      retry: false,
      refetchOnWindowFocus: true,
      queryFn: ({ queryKey }) => getByQueryKey(queryKey),
    },
    mutations: { retry: false },
  },
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
}
