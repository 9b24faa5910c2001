// Query keys of the join page: URL parts of GET /api/household/invites/{token}/preview.
export const INVITES_ROOT = '/api/household/invites'

export const inviteKeys = {
  preview: (token: string) => [INVITES_ROOT, token, 'preview'] as const,
}
