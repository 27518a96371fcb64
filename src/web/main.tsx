import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getJson } from './api'
import { App } from './app'
import { ToastProvider } from './toasts'
import './styles.css'

// Spec section 9: data stays fresh 5 minutes, no automatic retries, refetch on window focus; the default
// fetcher GETs the query key joined as a path ('/api/outcome-matrix', 12 -> /api/outcome-matrix/12).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      retry: false,
      refetchOnWindowFocus: true,
      queryFn: ({ queryKey }) => getJson(queryKey.map(String).join('/')),
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
