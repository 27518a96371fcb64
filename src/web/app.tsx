import { useQuery } from '@tanstack/react-query'

interface CurrentUser {
  username: string
}

/** The shell until the screens of the web issues land: who is signed in, and where the API lives. */
export function App() {
  const user = useQuery({
    queryKey: ['/api/auth/user'],
    queryFn: async (): Promise<CurrentUser | null> => {
      const response = await fetch('/api/auth/user', { credentials: 'include' })
      if (response.status === 401) return null
      if (!response.ok)
        throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`)
      return response.json()
    },
  })
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-8">
      <h1 className="text-4xl font-bold">Grid</h1>
      <p className="text-slate-400">your bets, your profits. visualized</p>
      {user.isLoading ? (
        <p role="status">Loading...</p>
      ) : user.data ? (
        <p>
          Signed in as <strong>{user.data.username}</strong>. <a href="/api/logout">Log out</a>
        </p>
      ) : (
        <p>The sign-in screens are on their way; the account API is live under /api/auth.</p>
      )}
    </main>
  )
}
