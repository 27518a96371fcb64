import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { failureText, sendPrepared } from '../../api'
import { useToast } from '../../toasts'
import type { MessageAnswer } from '../../types'
import { plural } from '../../ui/text'
import { ActionDialog, type ActionRequest, type AdminActionKind } from './action-dialog'
import { ADMIN_KEYS, type AdminUser, MASTER_PAGE_SIZE, type UserListPage } from './admin-data'
import { Pagination } from './pagination'
import { UserTable } from './user-table'

/**
 * The user table with its actions: the reason dialog, then the call, then docs/spec/product-spec.md §8's toasts
 * ('Success' with the server's message; 'Error' with its message or 'Action failed'). Every admin read
 * is fetched again after an action, the audit trail included.
 */
export function UserManagement({
  page,
  onPage,
}: {
  page: UserListPage | null
  onPage: (page: number) => void
}) {
  const toast = useToast()
  const client = useQueryClient()
  const [pending, setPending] = useState<{ kind: AdminActionKind; user: AdminUser } | null>(null)
  const action = useMutation({
    mutationFn: (request: ActionRequest) => sendPrepared<MessageAnswer>(request),
    onSuccess: async (answer) => {
      setPending(null)
      toast('success', 'Success', answer.message)
      await Promise.all(
        Object.values(ADMIN_KEYS).map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
      )
    },
    onError: (error) => toast('error', 'Error', failureText(error, 'Action failed')),
  })
  return (
    <>
      <UserTable
        users={page?.users ?? []}
        loading={page === null}
        onAction={(kind, user) => setPending({ kind, user })}
      />
      {page && page.total > MASTER_PAGE_SIZE ? (
        <Pagination
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          onPage={onPage}
          label="Users pages"
        />
      ) : null}
      {page ? <p className="text-sm text-slate-400">{plural(page.total, 'user')}</p> : null}
      <ActionDialog
        kind={pending?.kind ?? null}
        user={pending?.user ?? null}
        busy={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(request) => action.mutate(request)}
      />
    </>
  )
}
