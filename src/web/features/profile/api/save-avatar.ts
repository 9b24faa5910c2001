// PUT /api/user/avatar (the photo, multipart) and DELETE /api/user/avatar. Both answer the
// signed-in user, which the user query (header, sidebar, avatar) takes at once; the household's
// member list shows the photo too, so it is asked again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { User } from '#src/contract/auth'
import { deleteAvatar, putAvatar } from '#src/contract/user'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { uploadFile } from '#src/web/lib/upload'

function saved(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(USER_QUERY_KEY, user)
  return invalidateRoots(queryClient, [API_ROOTS.household])
}

export function useUploadAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file, file.name)
      return uploadFile(putAvatar, { form })
    },
    onSuccess: (user) => saved(queryClient, user),
  })
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(deleteAvatar),
    onSuccess: (user) => saved(queryClient, user),
  })
}
